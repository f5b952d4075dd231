// RUN: xdsl-opt -p 'auto-tile-matmul-l0{backend=a3}' %examples/matmul_grid.mlir | filecheck --check-prefix=TILED %s
// RUN: xdsl-opt -p 'auto-tile-matmul-l0{backend=a3},lower-pipeline-loops,pto-plan-memory{backend=a3 verify=true}' %examples/matmul_grid.mlir | filecheck --check-prefix=PLAN %s
// RUN: xdsl-opt -p 'auto-tile-matmul-l0{backend=a5}' %examples/matmul_grid.mlir | filecheck --check-prefix=A5 %s
// RUN: xdsl-opt -p 'auto-tile-matmul-l0{backend=a3},lower-pipeline-loops,pto-plan-memory{backend=a3},convert-tile-to-pto' %examples/matmul_grid.mlir | filecheck --check-prefix=PTO %s
// RUN: xdsl-pto run %examples/matmul_grid.mlir --pipeline 'auto-tile-matmul-l0{backend=a3},lower-pipeline-loops,pto-plan-memory{backend=a3}' | filecheck --check-prefix=DIFF %s
// RUN: xdsl-pto run %examples/matmul_grid.mlir --pipeline 'auto-tile-matmul-l0{backend=a5},lower-pipeline-loops,pto-plan-memory{backend=a5}' | filecheck --check-prefix=DIFF %s

// examples/matmul_grid.mlir: C[256,256] f32 = A[256,256] f16 x B[256,256] f16.
// On A3 the 256 KiB result does not fit the 128 KiB L0C: the chooser picks
// (m, n, k) = (128, 256, 64), so the output is a 2 x 1 grid of [128, 256]
// sub-tiles, each its own 4-iteration K-loop, each stored at its row origin
// (0, then 128); the original [256, 256] matmul and store are gone.

// TILED-LABEL: func.func @matmul_grid(
// TILED: %acc_init = tile.create : !tile.tile<128x256xf32, acc>
// TILED: %c_t0 = scf.for %ko = %c0_1 to %c256 step %c64 iter_args(%acc_in = %acc_init) -> (!tile.tile<128x256xf32, acc>) {
// TILED-NEXT: %a_l0 = tile.extract %a_l1, %c0_1, %ko : (!tile.tile<256x256xf16, mat>, index, index) -> !tile.tile<128x64xf16, left>
// TILED-NEXT: %b_l0 = tile.extract %b_l1, %ko, %c0_1 : (!tile.tile<256x256xf16, mat>, index, index) -> !tile.tile<64x256xf16, right>
// TILED-NEXT: %first = arith.cmpi eq, %ko, %c0_1 : index
// TILED-NEXT: %acc_next = tile.matmul_acc %acc_in, %a_l0, %b_l0, %first
// TILED: } {tile.pipeline_stages = 2 : i64}
// TILED-NEXT: tile.store %c_t0, %c[%c0, %c0] : !tile.tile<128x256xf32, acc>, memref<256x256xf32>
// TILED-NEXT: %acc_init_1 = tile.create : !tile.tile<128x256xf32, acc>
// TILED: %c_t1 = scf.for %ko_1 = %c0_1 to %c256 step %c64 iter_args(%acc_in_1 = %acc_init_1) -> (!tile.tile<128x256xf32, acc>) {
// TILED-NEXT: %a_l0_1 = tile.extract %a_l1, %c128, %ko_1 : (!tile.tile<256x256xf16, mat>, index, index) -> !tile.tile<128x64xf16, left>
// TILED-NEXT: %b_l0_1 = tile.extract %b_l1, %ko_1, %c0_1 : (!tile.tile<256x256xf16, mat>, index, index) -> !tile.tile<64x256xf16, right>
// TILED: } {tile.pipeline_stages = 2 : i64}
// TILED-NEXT: tile.store %c_t1, %c[%c128, %c0] : !tile.tile<128x256xf32, acc>, memref<256x256xf32>
// TILED-NEXT: func.return
// TILED-NOT: 256x256xf32

// Planned: the two sub-tile accumulators are never live together, so they
// share one 128 KiB Acc buffer (all of A3's L0C).
// PLAN-LABEL: func.func @matmul_grid(
// PLAN-NEXT: tile.alloc @mem_mat_0 in mat size 131072 addr 0
// PLAN-NEXT: tile.alloc @mem_mat_1 in mat size 131072 addr 131072
// PLAN-NEXT: tile.alloc @mem_acc_2 in acc size 131072 addr 0
// PLAN-NEXT: tile.alloc @mem_left_3 in left size 16384 addr 0
// PLAN-NEXT: tile.alloc @mem_right_4 in right size 32768 addr 0
// PLAN-NEXT: tile.alloc @mem_left_5 in left size 16384 addr 16384
// PLAN-NEXT: tile.alloc @mem_right_6 in right size 32768 addr 32768
// PLAN-NOT: tile.alloc
// PLAN: %acc_init = tile.create : !tile.tile<128x256xf32, acc, memref = <@mem_acc_2, offset = 0, size = 131072>>
// PLAN: %acc_init_1 = tile.create : !tile.tile<128x256xf32, acc, memref = <@mem_acc_2, offset = 0, size = 131072>>

// A5's 256 KiB L0C holds the whole output: only K is tiled.
// A5-LABEL: func.func @matmul_grid(
// A5: %acc_init = tile.create : !tile.tile<256x256xf32, acc>
// A5: %acc = scf.for %ko = %c0_1 to %c256 step %c64 iter_args(%acc_in = %acc_init) -> (!tile.tile<256x256xf32, acc>) {
// A5: tile.store %acc, %c[%c0, %c0] : !tile.tile<256x256xf32, acc>, memref<256x256xf32>

// PTO-LABEL: func.func @matmul_grid(
// PTO-COUNT-2: pto.tstore ins(%acc_init : !pto.tile_buf<loc=acc, dtype=f32, rows=128, cols=256,

// DIFF: {{.*}}matmul_grid.mlir: logical and physical runs agree (seed 0)

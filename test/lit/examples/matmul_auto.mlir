// RUN: xdsl-opt -p 'auto-tile-matmul-l0{backend=a3}' %examples/matmul_auto.mlir | filecheck --check-prefix=TILED %s
// RUN: xdsl-opt -p 'auto-tile-matmul-l0{backend=a3},lower-pipeline-loops,pto-plan-memory{backend=a3 verify=true}' %examples/matmul_auto.mlir | filecheck --check-prefix=PLAN %s
// RUN: xdsl-opt -p 'auto-tile-matmul-l0{backend=a3},lower-pipeline-loops,pto-plan-memory{backend=a3},convert-tile-to-pto' %examples/matmul_auto.mlir | filecheck --check-prefix=PTO %s
// RUN: xdsl-pto run %examples/matmul_auto.mlir --pipeline 'auto-tile-matmul-l0{backend=a3},lower-pipeline-loops,pto-plan-memory{backend=a3}' | filecheck --check-prefix=DIFF %s

// examples/matmul_auto.mlir: C[128,128] f32 = A[128,512] f16 x B[512,128] f16,
// one Mat-resident matmul. On A3 the chooser picks (m, n, k) = (128, 128, 128):
// the output fits L0C, so only K is tiled: a 4-iteration K-loop marked as a
// 2-stage pipeline, one predicated matmul_acc per iteration (seed 003).

// TILED-LABEL: func.func @matmul_auto(
// TILED: %acc_init = tile.create : !tile.tile<128x128xf32, acc>
// TILED: %acc = scf.for %ko = %c0_1 to %c512 step %c128 iter_args(%acc_in = %acc_init) -> (!tile.tile<128x128xf32, acc>) {
// TILED-NEXT: %a_l0 = tile.extract %a_l1, %c0_1, %ko : (!tile.tile<128x512xf16, mat>, index, index) -> !tile.tile<128x128xf16, left>
// TILED-NEXT: %b_l0 = tile.extract %b_l1, %ko, %c0_1 : (!tile.tile<512x128xf16, mat>, index, index) -> !tile.tile<128x128xf16, right>
// TILED-NEXT: %first = arith.cmpi eq, %ko, %c0_1 : index
// TILED-NEXT: %acc_next = tile.matmul_acc %acc_in, %a_l0, %b_l0, %first : (!tile.tile<128x128xf32, acc>, !tile.tile<128x128xf16, left>, !tile.tile<128x128xf16, right>, i1) -> !tile.tile<128x128xf32, acc>
// TILED-NEXT: scf.yield %acc_next : !tile.tile<128x128xf32, acc>
// TILED-NEXT: } {tile.pipeline_stages = 2 : i64}
// TILED-NEXT: tile.store %acc, %c[%c0, %c0] : !tile.tile<128x128xf32, acc>, memref<128x128xf32>
// TILED-NOT: scf.if
// TILED-NOT: tile.matmul

// Planned: exactly one Acc allocation (the create, the iter_arg, both
// replicated matmul_acc results and the loop result share it), no tile.move
// anywhere (so none into Acc), and the two replicated stages' Left / Right
// slabs on separate buffers (the ping-pong).
// PLAN-LABEL: func.func @matmul_auto(
// PLAN-NEXT: tile.alloc @mem_mat_0 in mat size 131072 addr 0
// PLAN-NEXT: tile.alloc @mem_mat_1 in mat size 131072 addr 131072
// PLAN-NEXT: tile.alloc @mem_acc_2 in acc size 65536 addr 0
// PLAN-NEXT: tile.alloc @mem_left_3 in left size 32768 addr 0
// PLAN-NEXT: tile.alloc @mem_right_4 in right size 32768 addr 0
// PLAN-NEXT: tile.alloc @mem_left_5 in left size 32768 addr 32768
// PLAN-NEXT: tile.alloc @mem_right_6 in right size 32768 addr 32768
// PLAN-NOT: tile.alloc
// PLAN-NOT: tile.move
// PLAN: %acc_next = tile.matmul_acc %acc_in, %a_l0, %b_l0, %first : ({{.*}}) -> !tile.tile<128x128xf32, acc, memref = <@mem_acc_2, offset = 0, size = 65536>>
// PLAN-NOT: tile.move
// PLAN: %acc_next_1 = tile.matmul_acc %acc_next, %a_l0_1, %b_l0_1, %first_1 : ({{.*}}) -> !tile.tile<128x128xf32, acc, memref = <@mem_acc_2, offset = 0, size = 65536>>
// PLAN-NOT: tile.move
// PLAN: } {tile.pipeline_stages = 1 : i64}

// Lowered: the slabs are pto.textract from the Mat panels; the runtime init_cond
// picks pto.tmatmul or pto.tmatmul.acc on the one Acc tile.
// PTO-LABEL: func.func @matmul_auto(
// PTO: %acc_init = pto.alloc_tile addr = %c0_i64 : !pto.tile_buf<loc=acc, dtype=f32, rows=128, cols=128, v_row=128, v_col=128, blayout=col_major, slayout=row_major, fractal=1024, pad=0>
// PTO-COUNT-2: pto.alloc_tile addr = %c{{0|32768}}_i64 : !pto.tile_buf<loc=left,
// PTO: scf.for %ko =
// PTO-NEXT: pto.textract ins(%a_l1, %c0_1, %ko : !pto.tile_buf<loc=mat, dtype=f16, rows=128, cols=512, v_row=128, v_col=512, blayout=col_major, slayout=row_major, fractal=512, pad=0>, index, index) outs(%a_l0 : !pto.tile_buf<loc=left, dtype=f16, rows=128, cols=128, v_row=128, v_col=128, blayout=row_major, slayout=row_major, fractal=512, pad=0>)
// PTO-NEXT: pto.textract ins(%b_l1, %ko, %c0_1 : !pto.tile_buf<loc=mat, dtype=f16, rows=512, cols=128, v_row=512, v_col=128, blayout=col_major, slayout=row_major, fractal=512, pad=0>, index, index) outs(%b_l0 : !pto.tile_buf<loc=right, dtype=f16, rows=128, cols=128, v_row=128, v_col=128, blayout=row_major, slayout=col_major, fractal=512, pad=0>)
// PTO-NEXT: %first = arith.cmpi eq, %ko, %c0_1 : index
// PTO-NEXT: scf.if %first {
// PTO-NEXT: pto.tmatmul ins(%a_l0, %b_l0 : {{.*}}) outs(%acc_init : {{.*}})
// PTO-NEXT: } else {
// PTO-NEXT: pto.tmatmul.acc ins(%acc_init, %a_l0, %b_l0 : {{.*}}) outs(%acc_init : {{.*}})
// PTO-NEXT: }
// PTO: pto.tstore ins(%acc_init : {{.*}})

// DIFF: {{.*}}matmul_auto.mlir: logical and physical runs agree (seed 0)

// RUN: xdsl-opt -p 'auto-tile-matmul-l0{backend=a3}' %s | filecheck %s
// RUN: xdsl-opt -p 'auto-tile-matmul-l0{backend=a3 dbc=true}' %s | filecheck %s --check-prefix=DBC
// RUN: xdsl-opt -p 'auto-tile-matmul-l0{backend=a3 dbc=true},pto-plan-memory{backend=a3 verify=true}' %s | filecheck %s --check-prefix=DBCPLAN
// RUN: xdsl-pto run %s --pipeline 'auto-tile-matmul-l0{backend=a3},lower-pipeline-loops,pto-plan-memory{backend=a3}' | filecheck %s --check-prefix=DIFF
// RUN: xdsl-pto run %s --seed 3 --pipeline 'auto-tile-matmul-l0{backend=a3 dbc=true},lower-pipeline-loops,pto-plan-memory{backend=a3}' | filecheck %s --check-prefix=DIFF3
// DIFF: {{.*}}grid-edges.mlir: logical and physical runs agree (seed 0)
// DIFF3: {{.*}}grid-edges.mlir: logical and physical runs agree (seed 3)

// A 272 x 272 f32 output (289 KiB) does not fit A3's L0C. The chooser picks
// (m, n, k) = (144, 128, 64): k = K, so the grid holds the A panel of each row
// (extracted once, reused by the row's three tiles) and streams B. The last
// column (16 wide) and the last row (128 high) are peeled to their logical
// extent; each store lands at the original store's offsets plus the tile's
// origin (a runtime row base %r0 gets one arith.addi per row).
// CHECK-LABEL: func.func @edges(
// CHECK: %a_held = tile.extract %a_l1, %c0_1, %c0_1 : (!tile.tile<272x64xf16, mat>, index, index) -> !tile.tile<144x64xf16, left>
// CHECK-NEXT: %b_l0 = tile.extract %b_l1, %c0_1, %c0_1 : (!tile.tile<64x272xf16, mat>, index, index) -> !tile.tile<64x128xf16, right>
// CHECK-NEXT: %c_t0 = tile.matmul %a_held, %b_l0 : (!tile.tile<144x64xf16, left>, !tile.tile<64x128xf16, right>) -> !tile.tile<144x128xf32, acc>
// CHECK-NEXT: tile.store %c_t0, %c[%r0, %c0] : !tile.tile<144x128xf32, acc>, memref<300x300xf32>
// CHECK: %c_t1 = tile.matmul %a_held, %b_l0_1 : (!tile.tile<144x64xf16, left>, !tile.tile<64x128xf16, right>) -> !tile.tile<144x128xf32, acc>
// CHECK-NEXT: tile.store %c_t1, %c[%r0, %c128]
// CHECK: %b_l0_2 = tile.extract %b_l1, %c0_1, %c256 : (!tile.tile<64x272xf16, mat>, index, index) -> !tile.tile<64x16xf16, right>
// CHECK-NEXT: %c_t2 = tile.matmul %a_held, %b_l0_2 : (!tile.tile<144x64xf16, left>, !tile.tile<64x16xf16, right>) -> !tile.tile<144x16xf32, acc>
// CHECK-NEXT: tile.store %c_t2, %c[%r0, %c256] : !tile.tile<144x16xf32, acc>, memref<300x300xf32>
// CHECK: %a_held_1 = tile.extract %a_l1, %c144, %c0_1 : (!tile.tile<272x64xf16, mat>, index, index) -> !tile.tile<128x64xf16, left>
// CHECK: %c_t3 = tile.matmul %a_held_1, %b_l0_3 : (!tile.tile<128x64xf16, left>, !tile.tile<64x128xf16, right>) -> !tile.tile<128x128xf32, acc>
// CHECK-NEXT: %off = arith.addi %r0, %c144 : index
// CHECK-NEXT: tile.store %c_t3, %c[%off, %c0]
// CHECK: tile.store %c_t4, %c[%off, %c128]
// CHECK: %c_t5 = tile.matmul %a_held_1, %b_l0_5 : (!tile.tile<128x64xf16, left>, !tile.tile<64x16xf16, right>) -> !tile.tile<128x16xf32, acc>
// CHECK-NEXT: tile.store %c_t5, %c[%off, %c256] : !tile.tile<128x16xf32, acc>, memref<300x300xf32>
// CHECK-NEXT: func.return
// CHECK-NOT: 272x272xf32

// With the accumulator double-buffered (dbc=true) the chooser halves the L0C
// budget and picks (96, 128, 64), B held (columns outer); tiles go in pairs,
// both MADs before both stores, so two sub-tiles are live at once.
// DBC-LABEL: func.func @edges(
// DBC: %b_held = tile.extract %b_l1, %c0_1, %c0_1 : (!tile.tile<64x272xf16, mat>, index, index) -> !tile.tile<64x128xf16, right>
// DBC-NEXT: %a_l0 = tile.extract %a_l1, %c0_1, %c0_1 : (!tile.tile<272x64xf16, mat>, index, index) -> !tile.tile<96x64xf16, left>
// DBC-NEXT: %c_t0 = tile.matmul %a_l0, %b_held
// DBC: %a_l0_1 = tile.extract %a_l1, %c96, %c0_1
// DBC-NEXT: %c_t1 = tile.matmul %a_l0_1, %b_held
// DBC-NEXT: tile.store %c_t0, %c[%r0, %c0] : !tile.tile<96x128xf32, acc>, memref<300x300xf32>
// DBC-NEXT: %off = arith.addi %r0, %c96 : index
// DBC-NEXT: tile.store %c_t1, %c[%off, %c0] : !tile.tile<96x128xf32, acc>, memref<300x300xf32>
// DBC: %c_t8 = tile.matmul %a_l0_8, %b_held_2 : (!tile.tile<80x64xf16, left>, !tile.tile<64x16xf16, right>) -> !tile.tile<80x16xf32, acc>
// DBC-NEXT: tile.store %c_t8, %c[%off_1, %c256] : !tile.tile<80x16xf32, acc>, memref<300x300xf32>

// Planned, the pairs' accumulators take two Acc buffers (each 96 x 128 f32).
// DBCPLAN-LABEL: func.func @edges(
// DBCPLAN-DAG: tile.alloc @[[ACC0:mem_acc_[0-9]+]] in acc size 49152 addr 0
// DBCPLAN-DAG: tile.alloc @[[ACC1:mem_acc_[0-9]+]] in acc size 49152 addr 49152
// DBCPLAN-NOT: in acc size
// DBCPLAN: %c_t0 = tile.matmul {{.*}} -> !tile.tile<96x128xf32, acc, memref = <@[[ACC0]],
// DBCPLAN: %a_l0_1 = tile.extract
// DBCPLAN-NEXT: %c_t1 = tile.matmul {{.*}} -> !tile.tile<96x128xf32, acc, memref = <@[[ACC1]],

func.func @edges(%a: memref<272x64xf16>, %b: memref<64x272xf16>, %c: memref<300x300xf32>, %r0: index) {
  %c0 = arith.constant 0 : index
  %a_l1 = tile.load %a[%c0, %c0] : memref<272x64xf16> -> !tile.tile<272x64xf16, mat>
  %b_l1 = tile.load %b[%c0, %c0] : memref<64x272xf16> -> !tile.tile<64x272xf16, mat>
  %r = tile.matmul %a_l1, %b_l1 : (!tile.tile<272x64xf16, mat>, !tile.tile<64x272xf16, mat>) -> !tile.tile<272x272xf32, acc>
  tile.store %r, %c[%r0, %c0] : !tile.tile<272x272xf32, acc>, memref<300x300xf32>
  func.return
}

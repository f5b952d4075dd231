// RUN: xdsl-opt -p 'auto-tile-matmul-l0{backend=a3}' %s | filecheck %s
// RUN: xdsl-opt -p 'auto-tile-matmul-l0{backend=a3},lower-pipeline-loops,pto-plan-memory{backend=a3 verify=true},convert-tile-to-pto' %s | filecheck %s --check-prefix=PTO
// RUN: xdsl-pto run %s --pipeline 'auto-tile-matmul-l0{backend=a3},lower-pipeline-loops,pto-plan-memory{backend=a3}' | filecheck %s --check-prefix=DIFF
// DIFF: {{.*}}bias-grid.mlir: logical and physical runs agree (seed 0)

// A 256 x 256 f32 biased result does not fit A3's L0C. The bias is already a
// Bias tile, which cannot be split along N, so the chooser keeps n = N = 256
// and tiles M: two [128, 256] row tiles. Each applies the bias once, with a
// matmul_bias on its first K block, and accumulates the other three blocks.
// CHECK-LABEL: func.func @bias_grid(
// CHECK: %c_t0 = tile.matmul_bias %a_l0, %b_l0, %bias_t : (!tile.tile<128x64xf16, left>, !tile.tile<64x256xf16, right>, !tile.tile<1x256xf32, bias>) -> !tile.tile<128x256xf32, acc>
// CHECK: %c_t0_1 = scf.for %ko = %c64 to %c256 step %c64 iter_args(%acc_in = %c_t0) -> (!tile.tile<128x256xf32, acc>) {
// CHECK-NOT: matmul_bias
// CHECK: tile.matmul_acc %acc_in, %a_l0_1, %b_l0_1, %false
// CHECK: tile.store %c_t0_1, %c[%c0, %c0] : !tile.tile<128x256xf32, acc>, memref<256x256xf32>
// CHECK: %a_l0_2 = tile.extract %a_l1, %c128, %c0_1 : (!tile.tile<256x256xf16, mat>, index, index) -> !tile.tile<128x64xf16, left>
// CHECK: %c_t1 = tile.matmul_bias %a_l0_2, %b_l0_2, %bias_t
// CHECK: %c_t1_1 = scf.for %ko_1 = %c64 to %c256 step %c64 iter_args(%acc_in_1 = %c_t1)
// CHECK-NOT: matmul_bias
// CHECK: tile.store %c_t1_1, %c[%c128, %c0] : !tile.tile<128x256xf32, acc>, memref<256x256xf32>
// CHECK-NOT: matmul_bias

// PTO-LABEL: func.func @bias_grid(
// PTO-COUNT-2: pto.tmatmul.bias ins(
// PTO-NOT: pto.tmatmul.bias

func.func @bias_grid(%a: memref<256x256xf16>, %b: memref<256x256xf16>, %bias: memref<1x256xf32>, %c: memref<256x256xf32>) {
  %c0 = arith.constant 0 : index
  %a_l1 = tile.load %a[%c0, %c0] : memref<256x256xf16> -> !tile.tile<256x256xf16, mat>
  %b_l1 = tile.load %b[%c0, %c0] : memref<256x256xf16> -> !tile.tile<256x256xf16, mat>
  %bias_m = tile.load %bias[%c0, %c0] : memref<1x256xf32> -> !tile.tile<1x256xf32, mat>
  %bias_t = tile.move %bias_m : (!tile.tile<1x256xf32, mat>) -> !tile.tile<1x256xf32, bias>
  %r = tile.matmul_bias %a_l1, %b_l1, %bias_t : (!tile.tile<256x256xf16, mat>, !tile.tile<256x256xf16, mat>, !tile.tile<1x256xf32, bias>) -> !tile.tile<256x256xf32, acc>
  tile.store %r, %c[%c0, %c0] : !tile.tile<256x256xf32, acc>, memref<256x256xf32>
  func.return
}

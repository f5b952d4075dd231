// RUN: not xdsl-opt -p pto-plan-memory %s 2>&1 | filecheck %s

// Regression (fixed): only Acc carry moves are rejected. A Left (L0A) carry whose yielded
// value cannot be computed in place (%l is still read by the matmul after
// %ln is produced) keeps a `tile.move {carry}` from @mem_left_4 to
// @mem_left_1, and convert-tile-to-pto then emits
//   pto.tmov ins(%ln : !pto.tile_buf<loc=left, ...>) outs(%l0 : !pto.tile_buf<loc=left, ...>)
// although no Left->Left move exists on any target (the dialect's own
// MOVE_ROUTES has no route out of left; the same holds for right and bias).
// memory-reuse must reject such a carry as it does an Acc one, naming both
// buffers. (The exact wording is not fixed yet; the pattern checks the
// pass, the value and both buffers.)
// CHECK: {{^}}{{.*}}err-left-carry.mlir:{{[0-9]+}}:{{[0-9]+}}: error: memory-reuse: {{.*}}%ln{{.*}}@mem_left_4{{.*}}@mem_left_1
// CHECK-NOT: Traceback
func.func @left_carry(%a: memref<32x32xf16>, %c: memref<32x32xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %m = tile.load %a[%c0, %c0] : memref<32x32xf16> -> !tile.tile<32x32xf16, mat>
  %l0 = tile.move %m : (!tile.tile<32x32xf16, mat>) -> !tile.tile<32x32xf16, left>
  %r = tile.move %m : (!tile.tile<32x32xf16, mat>) -> !tile.tile<32x32xf16, right>
  %res = scf.for %k = %c0 to %c4 step %c1 iter_args(%l = %l0) -> (!tile.tile<32x32xf16, left>) {
    %m2 = tile.load %a[%c0, %c0] : memref<32x32xf16> -> !tile.tile<32x32xf16, mat>
    %ln = tile.move %m2 : (!tile.tile<32x32xf16, mat>) -> !tile.tile<32x32xf16, left>
    %p = tile.matmul %l, %r : (!tile.tile<32x32xf16, left>, !tile.tile<32x32xf16, right>) -> !tile.tile<32x32xf32, acc>
    tile.store %p, %c[%c0, %c0] : !tile.tile<32x32xf32, acc>, memref<32x32xf32>
    scf.yield %ln : !tile.tile<32x32xf16, left>
  }
  func.return
}

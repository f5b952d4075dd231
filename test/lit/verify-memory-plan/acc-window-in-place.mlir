// An in-place update of a row window of an Acc tile is a window of that
// tile: the L0C row-padding check applies to the root's creator, not to the
// window (a breaker's case: the planner's own plan was refused).
// RUN: xdsl-opt -p 'pto-plan-memory{backend=a3}' %s | xdsl-pto validate - | filecheck %s
// RUN: xdsl-opt -p 'pto-plan-memory{backend=a5 verify=true}' %s | filecheck %s --check-prefix=PLAN
// CHECK: <stdin>: plan valid: @p2 (7 tile values)
// PLAN: tile.matmul_acc
func.func @p2(%a: memref<8x16xf16>, %b: memref<16x16xf16>, %c: memref<16x16xf32>) {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %f = arith.constant false
  %ma = tile.load %a[%c0, %c0] : memref<8x16xf16> -> !tile.tile<8x16xf16, mat>
  %mb = tile.load %b[%c0, %c0] : memref<16x16xf16> -> !tile.tile<16x16xf16, mat>
  %l = tile.move %ma : (!tile.tile<8x16xf16, mat>) -> !tile.tile<8x16xf16, left>
  %r = tile.move %mb : (!tile.tile<16x16xf16, mat>) -> !tile.tile<16x16xf16, right>
  %acc = tile.create : !tile.tile<16x16xf32, acc>
  %lo = tile.slice %acc, %c8, %c0 : (!tile.tile<16x16xf32, acc>, index, index) -> !tile.tile<8x16xf32, acc>
  %t = tile.matmul_acc %lo, %l, %r, %f : (!tile.tile<8x16xf32, acc>, !tile.tile<8x16xf16, left>, !tile.tile<16x16xf16, right>, i1) -> !tile.tile<8x16xf32, acc>
  tile.store %t, %c[%c8, %c0] : !tile.tile<8x16xf32, acc>, memref<16x16xf32>
  func.return
}

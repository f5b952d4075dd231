// RUN: xdsl-opt -p init-memref %s | filecheck %s

// Regression (fixed): the inner loop's init %x is defined outside the *outer* loop, so it is
// needed again, unchanged, on every outer iteration. init-memref does not
// copy it (its only use is the inner loop's init operand), the inner loop
// carries %x's own buffer, and from the second outer iteration on the inner
// loop starts from exp^4(x) instead of x. (pto-plan-memory keeps it that
// way: a single Vec buffer.) The init must be copied, inside the outer loop,
// right before the inner one, as for an init read after the loop.
// CHECK-LABEL: func.func @outer
// CHECK:         %x = tile.load {{.*}} memref = <@mem_vec_0, offset = 0, size = 4096>>
// CHECK-NEXT:    scf.for %i = {{.*}} {
// CHECK-NEXT:      %[[CP:[0-9]+]] = tile.move %x : {{.*}} -> !tile.tile<32x32xf32, vec, memref = <@mem_vec_1, offset = 0, size = 4096>>
// CHECK-NEXT:      %r = scf.for %j = {{.*}} iter_args(%acc = %[[CP]]) -> (!tile.tile<32x32xf32, vec, memref = <@mem_vec_1, offset = 0, size = 4096>>) {
func.func @outer(%in: memref<32x32xf32>, %out: memref<32x32xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %x = tile.load %in[%c0, %c0] : memref<32x32xf32> -> !tile.tile<32x32xf32, vec>
  scf.for %i = %c0 to %c4 step %c1 {
    %r = scf.for %j = %c0 to %c4 step %c1 iter_args(%acc = %x) -> (!tile.tile<32x32xf32, vec>) {
      %n = tile.exp %acc : (!tile.tile<32x32xf32, vec>) -> !tile.tile<32x32xf32, vec>
      scf.yield %n : !tile.tile<32x32xf32, vec>
    }
    tile.store %r, %out[%c0, %c0] : !tile.tile<32x32xf32, vec>, memref<32x32xf32>
  }
  func.return
}

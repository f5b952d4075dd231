// An in-place result is its operand's buffer: it cannot be bound to another
// declaration, nor to a declaration when its operand is unbound.
// RUN: not xdsl-opt -p init-memref %s 2>&1 | filecheck %s
// CHECK: err-declared-inplace.mlir:[[# @LINE + 10]]:8: error: init-memref: %n is the result of tile.matmul_acc, which lands in its source's buffer, so it cannot be bound to <@l0c> (its source is unbound); repeat the source's binding, drop it, or bind the source instead
// CHECK-NOT: error
func.func @inplace(%a: memref<64x64xf16>, %b: memref<64x64xf16>) {
  %c0 = arith.constant 0 : index
  %true = arith.constant true
  %acc = tile.create : !tile.tile<64x64xf32, acc>
  %a1 = tile.load %a[%c0, %c0] : memref<64x64xf16> -> !tile.tile<64x64xf16, mat>
  %b1 = tile.load %b[%c0, %c0] : memref<64x64xf16> -> !tile.tile<64x64xf16, mat>
  %a0 = tile.move %a1 : (!tile.tile<64x64xf16, mat>) -> !tile.tile<64x64xf16, left>
  %b0 = tile.move %b1 : (!tile.tile<64x64xf16, mat>) -> !tile.tile<64x64xf16, right>
  %n = tile.matmul_acc %acc, %a0, %b0, %true : (!tile.tile<64x64xf32, acc>, !tile.tile<64x64xf16, left>, !tile.tile<64x64xf16, right>, i1) -> !tile.tile<64x64xf32, acc, alloc = <@l0c>>
  func.return
}

// A view's result lands in its source's allocation: binding it elsewhere is
// refused (pypto-docs/31-init_memref.md, "Rejected bindings"). Repeating the
// source's own binding is accepted (see declared-inplace-loop.mlir).
// RUN: not xdsl-opt -p init-memref %s 2>&1 | filecheck %s
// CHECK: err-declared-view.mlir:[[# @LINE + 5]]:8: error: init-memref: %r is the result of tile.reshape, which lands in its source's buffer, so it cannot be bound to <@other> (its source is bound to <@ping>); repeat the source's binding, drop it, or bind the source instead
// CHECK-NOT: error
func.func @view(%a: memref<64x64xf32>) {
  %c0 = arith.constant 0 : index
  %t = tile.load %a[%c0, %c0] : memref<64x64xf32> -> !tile.tile<64x64xf32, vec, alloc = <@ping>>
  %r = tile.reshape %t : (!tile.tile<64x64xf32, vec, alloc = <@ping>>) -> !tile.tile<32x128xf32, vec, alloc = <@other>>
  func.return
}

// A runtime slot (slot = iv) is the innermost enclosing loop's induction
// variable modulo the slot count: outside a loop there is none.
// RUN: not xdsl-opt -p init-memref %s 2>&1 | filecheck %s
// CHECK: err-declared-runtime-slot.mlir:[[# @LINE + 4]]:8: error: init-memref: %x selects a runtime slot of @buf (slot = iv) outside any scf.for; use a constant slot
// CHECK-NOT: error
func.func @outside(%a: memref<64x64xf32>) {
  %c0 = arith.constant 0 : index
  %x = tile.load %a[%c0, %c0] : memref<64x64xf32> -> !tile.tile<64x64xf32, vec, alloc = <@buf, slots = 2, slot = iv>>
  func.return
}

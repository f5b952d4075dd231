// One declaration, one slot count: two bindings that disagree are refused.
// RUN: not xdsl-opt -p init-memref %s 2>&1 | filecheck %s
// CHECK: err-declared-slots.mlir:[[# @LINE + 5]]:8: error: init-memref: %y declares @buf with 4 slot(s), but %x declares it with 2
// CHECK-NOT: error
func.func @slots(%a: memref<64x64xf32>) {
  %c0 = arith.constant 0 : index
  %x = tile.load %a[%c0, %c0] : memref<64x64xf32> -> !tile.tile<64x64xf32, vec, alloc = <@buf, slots = 2, slot = 0>>
  %y = tile.load %a[%c0, %c0] : memref<64x64xf32> -> !tile.tile<64x64xf32, vec, alloc = <@buf, slots = 4, slot = 1>>
  func.return
}

// A view of a tile on a runtime slot, taken inside a nested loop: its "iv"
// would be the inner loop's induction variable, not the one that chose the
// source's slot.
// RUN: not xdsl-opt -p init-memref %s 2>&1 | filecheck %s
// CHECK: err-runtime-slot-nested-view.mlir:[[# @LINE + 8]]:12: error: init-memref: %v views or updates %r, which is on a runtime slot of @rot (slot = iv), inside another loop than the one that selects its slot
func.func @k(%a: memref<64x64xf32>, %o: memref<32x128xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  scf.for %j = %c0 to %c2 step %c1 {
    %r = tile.load %a[%c0, %c0] : memref<64x64xf32> -> !tile.tile<64x64xf32, vec, alloc = <@rot, slots = 2, slot = iv>>
    scf.for %i = %c0 to %c2 step %c1 {
      %v = tile.reshape %r : (!tile.tile<64x64xf32, vec, alloc = <@rot, slots = 2, slot = iv>>) -> !tile.tile<32x128xf32, vec>
      tile.store %v, %o[%c0, %c0] : !tile.tile<32x128xf32, vec>, memref<32x128xf32>
    }
  }
  func.return
}

// A tile on a runtime slot has no constant address to bake into
// pto.alloc_tile; the lowering says so instead of using slot 0.
// RUN: not xdsl-opt -p 'pto-plan-memory{backend=a3},convert-tile-to-pto' %s 2>&1 | filecheck %s
// CHECK: err-runtime-slot.mlir:[[# @LINE + 6]]:10: error: convert-tile-to-pto: %r is on a runtime slot of @rot (slot = iv); a baked address needs a constant slot index, so a runtime slot is not supported under planner=pypto (planner=ptoas lowers it to a multi-buffer region)
func.func @rotate(%a: memref<64x64xf32>, %o: memref<64x64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.for %i = %c0 to %c4 step %c1 {
    %r = tile.load %a[%c0, %c0] : memref<64x64xf32> -> !tile.tile<64x64xf32, vec, alloc = <@rot, slots = 2, slot = iv>>
    tile.store %r, %o[%c0, %c0] : !tile.tile<64x64xf32, vec, alloc = <@rot, slots = 2, slot = iv>>, memref<64x64xf32>
  }
  func.return
}

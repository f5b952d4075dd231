// Two tiles bound to one slot and live at once: the second write would
// destroy data the first still needs (seed 001, "Declared allocations",
// overlap check). The check is per slot; a view of the first tile keeps it
// live (err-declared-slot-overlap-view.mlir). Touching, different slots and runtime slots are fine (declared.mlir).
// RUN: not xdsl-opt -p 'init-memref,materialize-semantic-aliases,memory-reuse' %s 2>&1 | filecheck %s
// CHECK: err-declared-slot-overlap.mlir:[[# @LINE + 4]]:8: error: memory-reuse: %x and %y are both on @ping and live at once where %y is defined; it would destroy data the other still needs -- bind one of them to another slot or declaration
func.func @one_slot(%a: memref<64x64xf32>, %o: memref<64x64xf32>) {
  %c0 = arith.constant 0 : index
  %x = tile.load %a[%c0, %c0] : memref<64x64xf32> -> !tile.tile<64x64xf32, vec, alloc = <@ping>>
  %y = tile.load %a[%c0, %c0] : memref<64x64xf32> -> !tile.tile<64x64xf32, vec, alloc = <@ping>>
  %z = tile.add %x, %y : (!tile.tile<64x64xf32, vec, alloc = <@ping>>, !tile.tile<64x64xf32, vec, alloc = <@ping>>) -> !tile.tile<64x64xf32, vec>
  tile.store %z, %o[%c0, %c0] : !tile.tile<64x64xf32, vec>, memref<64x64xf32>
  func.return
}

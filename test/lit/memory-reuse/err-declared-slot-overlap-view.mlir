// A bound tile stays live while a view of it is: %y, bound to the same
// slot, would overwrite the bytes %v still reads.
// RUN: not xdsl-opt -p 'init-memref,materialize-semantic-aliases,memory-reuse' %s 2>&1 | filecheck %s --check-prefix=VIEW
// VIEW: err-declared-slot-overlap-view.mlir:[[# @LINE + 5]]:8: error: memory-reuse: %v and %y are both on slot 1 of @buf and live at once where %y is defined
func.func @through_a_view(%a: memref<64x64xf32>, %o: memref<64x64xf32>, %o2: memref<32x128xf32>) {
  %c0 = arith.constant 0 : index
  %x = tile.load %a[%c0, %c0] : memref<64x64xf32> -> !tile.tile<64x64xf32, vec, alloc = <@buf, slots = 2, slot = 1>>
  %v = tile.reshape %x : (!tile.tile<64x64xf32, vec, alloc = <@buf, slots = 2, slot = 1>>) -> !tile.tile<32x128xf32, vec>
  %y = tile.load %a[%c0, %c0] : memref<64x64xf32> -> !tile.tile<64x64xf32, vec, alloc = <@buf, slots = 2, slot = 1>>
  tile.store %y, %o[%c0, %c0] : !tile.tile<64x64xf32, vec, alloc = <@buf, slots = 2, slot = 1>>, memref<64x64xf32>
  tile.store %v, %o2[%c0, %c0] : !tile.tile<32x128xf32, vec>, memref<32x128xf32>
  func.return
}

// planner=ptoas: a runtime slot (slot = iv) in an scf.for with an i32
// counter: the counter is cast to index for the slot index (arith.remsi of
// an index value), as multi_tile_get takes an index.
// RUN: xdsl-opt -p 'pto-plan-memory{planner=ptoas backend=a3},convert-tile-to-pto' %s | filecheck %s
// CHECK:      scf.for %i = %z to %n step %one : i32 {
// CHECK:        %[[IV:[0-9]+]] = arith.index_cast %i : i32 to index
// CHECK-NEXT:   %[[SLOT:.+]] = arith.remsi %[[IV]], %c2_index : index
// CHECK-NEXT:   %x = pto.multi_tile_get %b_mb[%[[SLOT]]]
func.func @i32slot(%a: memref<256x64xf32>, %o: memref<256x64xf32>) {
  %c0 = arith.constant 0 : index
  %z = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %n = arith.constant 4 : i32
  %c16 = arith.constant 16 : index
  scf.for %i = %z to %n step %one : i32 {
    %ii = arith.index_cast %i : i32 to index
    %row = arith.muli %ii, %c16 : index
    %x = tile.load %a[%row, %c0] : memref<256x64xf32> -> !tile.tile<16x64xf32, vec, alloc = <@b, slots = 2, slot = iv>>
    tile.store %x, %o[%row, %c0] : !tile.tile<16x64xf32, vec, alloc = <@b, slots = 2, slot = iv>>, memref<256x64xf32>
  }
  func.return
}

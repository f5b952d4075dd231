// planner=ptoas: a loop carry seeded by an unbound view of a slotted tile.
// The loop's own type is unbound, so init-memref copies the init into a
// buffer of its own (the carry never sits on the region slot, a phi no region
// describes), as it does for an if merge.
// RUN: xdsl-opt -p 'pto-plan-memory{planner=ptoas backend=a3},convert-tile-to-pto' %s | filecheck %s
// CHECK:      %s0 = pto.multi_tile_get %own_mb[%c1_index]
// CHECK:      %v = pto.subview %s0[%c8, %c0] sizes [8, 64]
// CHECK-NEXT: %[[ACC:.+]] = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=64, v_row=8, v_col=64, {{.*}}>
// CHECK-NEXT: pto.tmov ins(%v : {{.*}}) outs(%[[ACC]] : {{.*}})
// CHECK-NEXT: scf.for %i = %c0 to %c4 step %c1 {
// CHECK-NEXT:   pto.texp ins(%[[ACC]] : {{.*}}) outs(%[[ACC]] : {{.*}})
func.func @k28(%a: memref<256x64xf32>, %o: memref<256x64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %s0 = tile.load %a[%c0, %c0] : memref<256x64xf32> -> !tile.tile<16x64xf32, vec, alloc = <@own, slots = 2, slot = 1>>
  %v = tile.slice %s0, %c8, %c0 : (!tile.tile<16x64xf32, vec, alloc = <@own, slots = 2, slot = 1>>, index, index) -> !tile.tile<8x64xf32, vec>
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %v) -> (!tile.tile<8x64xf32, vec>) {
    %e = tile.exp %acc : (!tile.tile<8x64xf32, vec>) -> !tile.tile<8x64xf32, vec>
    scf.yield %e : !tile.tile<8x64xf32, vec>
  }
  tile.store %r, %o[%c0, %c0] : !tile.tile<8x64xf32, vec>, memref<256x64xf32>
  func.return
}

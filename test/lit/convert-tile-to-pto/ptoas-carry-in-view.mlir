// planner=ptoas: with no addresses, a loop carry is one handle. Here the
// carry starts as a view of %big, so its handle is a prologue pto.subview
// of %big's alloc_tile, which the init, iter_arg, value computed in place
// and result all share (pypto bakes them at one address instead).
// RUN: xdsl-opt -p 'pto-plan-memory{planner=ptoas backend=a3},convert-tile-to-pto' %s | filecheck %s
// CHECK:      %big = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f32, rows=128, cols=64, v_row=128, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>
// CHECK-NEXT: %[[CARRY:.+]] = pto.subview %big[%c0_index, %c0_index] sizes [64, 64] : !pto.tile_buf<loc=vec, dtype=f32, rows=128, cols=64, {{.*}}> -> !pto.tile_buf<loc=vec, dtype=f32, rows=64, cols=64, {{.*}}>
// CHECK-NOT:  pto.alloc_tile
// CHECK-NOT:  pto.subview
// CHECK:      scf.for %i = %c0 to %c4 step %c1 {
// CHECK-NEXT:   pto.texp ins(%[[CARRY]] : {{.*}}) outs(%[[CARRY]] : {{.*}})
// CHECK-NEXT: }
// CHECK:      pto.tstore ins(%[[CARRY]] : {{.*}})
func.func @carryview(%a: memref<128x64xf32>, %o: memref<64x64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %big = tile.load %a[%c0, %c0] : memref<128x64xf32> -> !tile.tile<128x64xf32, vec>
  %top = tile.slice %big, %c0, %c0 : (!tile.tile<128x64xf32, vec>, index, index) -> !tile.tile<64x64xf32, vec>
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %top) -> (!tile.tile<64x64xf32, vec>) {
    %n = tile.exp %acc : (!tile.tile<64x64xf32, vec>) -> !tile.tile<64x64xf32, vec>
    scf.yield %n : !tile.tile<64x64xf32, vec>
  }
  tile.store %r, %o[%c0, %c0] : !tile.tile<64x64xf32, vec>, memref<64x64xf32>
  func.return
}

// planner=ptoas: two constant slots of one region in straight-line code are
// fine (no loop, no cross-iteration reuse to guard): each tile selects its
// slot with a constant index.
// RUN: xdsl-opt -p 'pto-plan-memory{planner=ptoas backend=a3},convert-tile-to-pto' %s | filecheck %s
// CHECK:      %buf_mb = pto.alloc_multi_tile valid_row = %c64_index valid_col = %c64_index : !pto.multi_tile_buf<!pto.tile_buf<loc=vec, dtype=f32, rows=64, cols=64, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>, count=2>
// CHECK:      %x = pto.multi_tile_get %buf_mb[%c0_index] : {{.*}}
// CHECK:      %y = pto.multi_tile_get %buf_mb[%c1_index] : {{.*}}
// CHECK:      %s = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f32, rows=64, cols=64, v_row=64, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>
// CHECK-NEXT: pto.tadd ins(%x, %y : {{.*}}) outs(%s : {{.*}})
func.func @straight(%a: memref<64x64xf32>, %o: memref<64x64xf32>) {
  %c0 = arith.constant 0 : index
  %x = tile.load %a[%c0, %c0] : memref<64x64xf32> -> !tile.tile<64x64xf32, vec, alloc = <@buf, slots = 2, slot = 0>>
  %y = tile.load %a[%c0, %c0] : memref<64x64xf32> -> !tile.tile<64x64xf32, vec, alloc = <@buf, slots = 2, slot = 1>>
  %s = tile.add %x, %y : (!tile.tile<64x64xf32, vec, alloc = <@buf, slots = 2, slot = 0>>, !tile.tile<64x64xf32, vec, alloc = <@buf, slots = 2, slot = 1>>) -> !tile.tile<64x64xf32, vec>
  tile.store %s, %o[%c0, %c0] : !tile.tile<64x64xf32, vec>, memref<64x64xf32>
  func.return
}

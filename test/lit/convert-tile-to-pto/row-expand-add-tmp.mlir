// RUN: xdsl-opt -p 'pto-plan-memory{backend=a3},convert-tile-to-pto' %s | filecheck %s

// row_expand_add's tmp is planning scratch (the result may not alias it);
// pto.trowexpandadd takes only the tile and the row vector.
// CHECK: pto.trowexpandadd ins(%x, %row : !pto.tile_buf<loc=vec, dtype=f32, rows=64, cols=128, v_row=64, v_col=128, blayout=row_major, slayout=none_box, fractal=512, pad=0>, !pto.tile_buf<loc=vec, dtype=f32, rows=64, cols=1, v_row=64, v_col=1, blayout=col_major, slayout=none_box, fractal=512, pad=0>) outs(%{{[a-z0-9_]+}} : !pto.tile_buf<loc=vec, dtype=f32, rows=64, cols=128, v_row=64, v_col=128, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
func.func @k(%a: memref<64x128xf32>, %b: memref<64x1xf32>, %o: memref<64x128xf32>) {
  %c0 = arith.constant 0 : index
  %x = tile.load %a[%c0, %c0] : memref<64x128xf32> -> !tile.tile<64x128xf32, vec>
  %row = tile.load %b[%c0, %c0] : memref<64x1xf32> -> !tile.tile<64x1xf32, vec>
  %tmp = tile.create : !tile.tile<64x128xf32, vec>
  %e = tile.row_expand_add %x, %row, %tmp : (!tile.tile<64x128xf32, vec>, !tile.tile<64x1xf32, vec>, !tile.tile<64x128xf32, vec>) -> !tile.tile<64x128xf32, vec>
  tile.store %e, %o[%c0, %c0] : !tile.tile<64x128xf32, vec>, memref<64x128xf32>
  func.return
}

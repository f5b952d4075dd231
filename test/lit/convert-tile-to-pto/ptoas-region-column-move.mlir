// RUN: xdsl-opt -p 'pto-plan-memory{planner=ptoas backend=a5},convert-tile-to-pto' %s | filecheck %s --check-prefix=A5
// RUN: xdsl-opt -p 'pto-plan-memory{planner=ptoas backend=a3},convert-tile-to-pto' %s | filecheck %s --check-prefix=A3

// A column vector on a multi-buffer region slot has a runtime valid shape
// (v_row=?, v_col=?). ptoas (v0.48) on a5 refuses a tmov of such a
// column-major tile ("'pto.set_validshape' op requires a locally bound tile
// source") and takes the same copy of the transposed row-major views, so the
// lowering moves those (a3 takes the column vectors as they are). Both
// outputs were fed to ptoas.

// A5:      %s = pto.multi_tile_get %cv_mb[%{{.+}}] : !pto.multi_tile_buf<[[SLOT:!pto.tile_buf<loc=vec, dtype=f32, rows=64, cols=1, v_row=\?, v_col=\?, blayout=col_major, slayout=none_box, fractal=512, pad=0>]], count=2> -> [[SLOT]]
// A5-NEXT: %x_t = pto.treshape %x : !pto.tile_buf<loc=vec, dtype=f32, rows=64, cols=1, v_row=64, v_col=1, blayout=col_major, slayout=none_box, fractal=512, pad=0> -> [[ROW:!pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=64, v_row=1, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>]]
// A5-NEXT: %s_t = pto.treshape %s : [[SLOT]] -> [[SLOTROW:!pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=64, v_row=\?, v_col=\?, blayout=row_major, slayout=none_box, fractal=512, pad=0>]]
// A5-NEXT: pto.tmov ins(%x_t : [[ROW]]) outs(%s_t : [[SLOTROW]])
// A5:      pto.tmov ins(%{{.+}} : [[SLOTROW]]) outs(%{{.+}} : [[ROW]])
// A3:      pto.tmov ins(%x : {{.*}}) outs(%s : !pto.tile_buf<loc=vec, dtype=f32, rows=64, cols=1, v_row=?, v_col=?, blayout=col_major,
// A3:      pto.tmov ins(%s : !pto.tile_buf<loc=vec, dtype=f32, rows=64, cols=1, v_row=?, v_col=?, blayout=col_major,
func.func @column_slot(%a: memref<256x1xf32>, %o: memref<256x1xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c64 = arith.constant 64 : index
  scf.for %i = %c0 to %c4 step %c1 {
    %off = arith.muli %i, %c64 : index
    %x = tile.load %a[%off, %c0] : memref<256x1xf32> -> !tile.tile<64x1xf32, vec>
    %s = tile.move %x : (!tile.tile<64x1xf32, vec>) -> !tile.tile<64x1xf32, vec, alloc = <@cv, slots = 2, slot = iv>>
    %y = tile.move %s : (!tile.tile<64x1xf32, vec, alloc = <@cv, slots = 2, slot = iv>>) -> !tile.tile<64x1xf32, vec>
    tile.store %y, %o[%off, %c0] : !tile.tile<64x1xf32, vec>, memref<256x1xf32>
  }
  func.return
}

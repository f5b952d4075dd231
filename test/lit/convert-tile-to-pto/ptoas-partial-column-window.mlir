// RUN: xdsl-opt -p 'pto-plan-memory{planner=ptoas backend=a3},convert-tile-to-pto' --split-input-file %s | filecheck %s --check-prefix=A3
// RUN: xdsl-opt -p 'pto-plan-memory{planner=ptoas backend=a5},convert-tile-to-pto' --split-input-file %s | filecheck %s --check-prefix=A5
// RUN: xdsl-opt -p 'pto-plan-memory{backend=a3},convert-tile-to-pto' --split-input-file %s | filecheck %s --check-prefix=PYPTO

// A partial op (tile.part_max here) whose source is a column window -- a
// one-row slice keeping 8 of the 32 columns of its source, a pto.subview
// under planner=ptoas. ptoas (v0.48) refuses it on a3 and on a5
// ("'pto.tpartmax' op expects src0/src1/dst to have the same shape": it
// compares the subview by the row it has in memory): pto-plan-memory copies
// the window into a tile of its own first (tile.extract, pto.textract; issue
// 24 item 4 -- before, the lowering refused it). Under pypto the window has
// an alloc_tile of its own. Found by the fuzz generator (issue 23: default
// preset, seed 20, planner=ptoas).

func.func @part_window(%a: memref<1x32xf32>, %b: memref<1x8xf32>, %o: memref<1x8xf32>) {
  %c0 = arith.constant 0 : index
  %x = tile.load %a[%c0, %c0] : memref<1x32xf32> -> !tile.tile<1x32xf32, vec>
  %y = tile.load %b[%c0, %c0] : memref<1x8xf32> -> !tile.tile<1x8xf32, vec>
  %w = tile.slice %x, %c0, %c0 : (!tile.tile<1x32xf32, vec>, index, index) -> !tile.tile<1x8xf32, vec>
  %r = tile.part_max %w, %y : (!tile.tile<1x8xf32, vec>, !tile.tile<1x8xf32, vec>) -> !tile.tile<1x8xf32, vec>
  tile.store %r, %o[%c0, %c0] : !tile.tile<1x8xf32, vec>, memref<1x8xf32>
  func.return
}
// A3:      pto.textract ins(%x, %c0, %c0 : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=32, v_row=1, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>, index, index) outs(%w : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=8, v_row=1, v_col=8, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
// A3:      pto.tpartmax ins(%w, %y : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=8, v_row=1, v_col=8, blayout=row_major, slayout=none_box, fractal=512, pad=0>, !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=8, v_row=1, v_col=8, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%r : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=8, v_row=1, v_col=8, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
// A5:      pto.textract ins(%x, %c0, %c0 : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=32, v_row=1, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>, index, index) outs(%w : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=8, v_row=1, v_col=8, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
// A5:      pto.tpartmax ins(%w, %y : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=8, v_row=1, v_col=8, blayout=row_major, slayout=none_box, fractal=512, pad=0>, !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=8, v_row=1, v_col=8, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%r : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=8, v_row=1, v_col=8, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
// PYPTO:      %w = pto.alloc_tile addr = %c0_i64 : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=8, v_row=1, v_col=8, blayout=row_major, slayout=none_box, fractal=512, pad=0>
// PYPTO:      pto.tpartmax ins(%w, %y : {{.*}}) outs(%w :

// RUN: xdsl-opt -p 'pto-plan-memory{planner=ptoas backend=a3},convert-tile-to-pto' --split-input-file --verify-diagnostics %s | filecheck %s --check-prefix=A3
// RUN: xdsl-opt -p 'pto-plan-memory{planner=ptoas backend=a5},convert-tile-to-pto' --split-input-file --verify-diagnostics %s | filecheck %s --check-prefix=A5
// RUN: xdsl-opt -p 'pto-plan-memory{backend=a3},convert-tile-to-pto' --split-input-file %s | filecheck %s --check-prefix=PYPTO

// A partial op (tile.part_max here) whose source is a column window -- a
// one-row slice keeping 8 of the 32 columns of its source, a pto.subview
// under planner=ptoas. ptoas (v0.48) refuses it on a3 and on a5
// ("'pto.tpartmax' op expects src0/src1/dst to have the same shape": it
// compares the subview by the row it has in memory), so the lowering refuses
// it first. Under pypto the window has an alloc_tile of its own. Found by
// the fuzz generator (issue 23: default preset, seed 20, planner=ptoas).

func.func @part_window(%a: memref<1x32xf32>, %b: memref<1x8xf32>, %o: memref<1x8xf32>) {
  %c0 = arith.constant 0 : index
  %x = tile.load %a[%c0, %c0] : memref<1x32xf32> -> !tile.tile<1x32xf32, vec>
  %y = tile.load %b[%c0, %c0] : memref<1x8xf32> -> !tile.tile<1x8xf32, vec>
  %w = tile.slice %x, %c0, %c0 : (!tile.tile<1x32xf32, vec>, index, index) -> !tile.tile<1x8xf32, vec>
  %r = tile.part_max %w, %y : (!tile.tile<1x8xf32, vec>, !tile.tile<1x8xf32, vec>) -> !tile.tile<1x8xf32, vec>
// A3: err-ptoas-partial-column-window.mlir:[[# @LINE - 1]]:8: error: convert-tile-to-pto: tile.part_max on a3: ptoas (v0.48) compares operand #0's shape by the rows it has in memory, and it is a column window (a pto.subview keeping part of each row of the tile under it); slice whole rows, or compute the window into a tile of its own first
// A5: err-ptoas-partial-column-window.mlir:[[# @LINE - 2]]:8: error: convert-tile-to-pto: tile.part_max on a5: ptoas (v0.48) compares operand #0's shape by the rows it has in memory, and it is a column window (a pto.subview keeping part of each row of the tile under it); slice whole rows, or compute the window into a tile of its own first
  tile.store %r, %o[%c0, %c0] : !tile.tile<1x8xf32, vec>, memref<1x8xf32>
  func.return
}
// PYPTO:      %w = pto.alloc_tile addr = %c0_i64 : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=8, v_row=1, v_col=8, blayout=row_major, slayout=none_box, fractal=512, pad=0>
// PYPTO:      pto.tpartmax ins(%w, %y : {{.*}}) outs(%w :

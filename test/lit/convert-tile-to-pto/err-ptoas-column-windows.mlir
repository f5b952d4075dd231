// RUN: xdsl-opt -p 'pto-plan-memory{planner=ptoas backend=a3},convert-tile-to-pto' --split-input-file --verify-diagnostics %s | filecheck %s --check-prefixes=CHECK,A3
// RUN: xdsl-opt -p 'pto-plan-memory{planner=ptoas backend=a5},convert-tile-to-pto' --split-input-file --verify-diagnostics %s | filecheck %s --check-prefixes=CHECK,A5
// RUN: xdsl-opt -p 'pto-plan-memory{backend=a3},convert-tile-to-pto' --split-input-file --verify-diagnostics %s | filecheck %s --check-prefix=PYPTO

// A column window -- a slice keeping part of each row of its source -- is a
// pto.subview under planner=ptoas, and ptoas (v0.48) compares some ops'
// operand shapes by the rows a subview has in memory (the whole rows of its
// source): tmov on a3 ("expects A2/A3 non-mat tmov to use matching src/dst
// shapes"), tcvt ("... compatible shapes"), the binary tcolexpand ops and
// tprelu ("... same shape"), tcmp on a5. The lowering refuses those first
// (PtoasWholeRows on the op definitions); the elementwise ops take a column
// window. Under pypto a one-row window has an alloc_tile of its own, so
// nothing is refused. Each case was fed to the ptoas binary for a3 and a5.

// A one-row window of a [4, 128] tile, moved: a3 refuses, a5 takes it.
func.func @move_window(%a: memref<4x128xf32>, %o: memref<1x64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %x = tile.load %a[%c0, %c0] : memref<4x128xf32> -> !tile.tile<4x128xf32, vec>
  %w = tile.slice %x, %c1, %c0 : (!tile.tile<4x128xf32, vec>, index, index) -> !tile.tile<1x64xf32, vec>
  %m = tile.move %w : (!tile.tile<1x64xf32, vec>) -> !tile.tile<1x64xf32, vec>
// A3: err-ptoas-column-windows.mlir:[[# @LINE - 1]]:8: error: convert-tile-to-pto: tile.move on a3: ptoas (v0.48) compares operand #0's shape by the rows it has in memory, and it is a column window (a pto.subview keeping part of each row of the tile under it); slice whole rows, or compute the window into a tile of its own first
  tile.store %m, %o[%c0, %c0] : !tile.tile<1x64xf32, vec>, memref<1x64xf32>
  func.return
}
// A5:      %w = pto.subview %x[%c1, %c0] sizes [1, 64] : !pto.tile_buf<loc=vec, dtype=f32, rows=4, cols=128, v_row=4, v_col=128, blayout=row_major, slayout=none_box, fractal=512, pad=0> -> [[ROW:!pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=64, v_row=1, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>]]
// A5:      pto.tmov ins(%w : [[ROW]]) outs(%m : [[ROW]])
// PYPTO:   %w = pto.alloc_tile addr = %c512_i64 : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=64,
// PYPTO:   pto.tmov ins(%w : {{.*}}) outs(%m :

// -----

// The same window as the vector of a col_expand_mul: refused on every target.
func.func @col_expand_window(%a: memref<4x128xf32>, %b: memref<8x64xf32>, %o: memref<8x64xf32>) {
  %c0 = arith.constant 0 : index
  %x = tile.load %a[%c0, %c0] : memref<4x128xf32> -> !tile.tile<4x128xf32, vec>
  %y = tile.load %b[%c0, %c0] : memref<8x64xf32> -> !tile.tile<8x64xf32, vec>
  %w = tile.slice %x, %c0, %c0 : (!tile.tile<4x128xf32, vec>, index, index) -> !tile.tile<1x64xf32, vec>
  %r = tile.col_expand_mul %y, %w : (!tile.tile<8x64xf32, vec>, !tile.tile<1x64xf32, vec>) -> !tile.tile<8x64xf32, vec>
// A3: err-ptoas-column-windows.mlir:[[# @LINE - 1]]:8: error: convert-tile-to-pto: tile.col_expand_mul on a3: ptoas (v0.48) compares operand #1's shape by the rows it has in memory, and it is a column window (a pto.subview keeping part of each row of the tile under it); slice whole rows, or compute the window into a tile of its own first
// A5: err-ptoas-column-windows.mlir:[[# @LINE - 2]]:8: error: convert-tile-to-pto: tile.col_expand_mul on a5: ptoas (v0.48) compares operand #1's shape by the rows it has in memory, and it is a column window (a pto.subview keeping part of each row of the tile under it); slice whole rows, or compute the window into a tile of its own first
  tile.store %r, %o[%c0, %c0] : !tile.tile<8x64xf32, vec>, memref<8x64xf32>
  func.return
}
// PYPTO:   pto.tcolexpandmul ins(%y, %w :

// -----

// A two-row column window cast to f16: refused on every target (pypto
// refuses every strided slice).
func.func @cast_window(%a: memref<4x128xf32>, %o: memref<2x64xf16>) {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %x = tile.load %a[%c0, %c0] : memref<4x128xf32> -> !tile.tile<4x128xf32, vec>
  %w = tile.slice %x, %c0, %c64 : (!tile.tile<4x128xf32, vec>, index, index) -> !tile.tile<2x64xf32, vec>
  %h = tile.cast %w : (!tile.tile<2x64xf32, vec>) -> !tile.tile<2x64xf16, vec>
// A3: err-ptoas-column-windows.mlir:[[# @LINE - 1]]:8: error: convert-tile-to-pto: tile.cast on a3: ptoas (v0.48) compares operand #0's shape by the rows it has in memory, and it is a column window (a pto.subview keeping part of each row of the tile under it); slice whole rows, or compute the window into a tile of its own first
// A5: err-ptoas-column-windows.mlir:[[# @LINE - 2]]:8: error: convert-tile-to-pto: tile.cast on a5: ptoas (v0.48) compares operand #0's shape by the rows it has in memory, and it is a column window (a pto.subview keeping part of each row of the tile under it); slice whole rows, or compute the window into a tile of its own first
  tile.store %h, %o[%c0, %c0] : !tile.tile<2x64xf16, vec>, memref<2x64xf16>
  func.return
}
// PYPTO: error: convert-tile-to-pto: this tile.slice is not one contiguous run of its source's bytes

// -----

// The same window in an add and a compare: every target takes the add, a3
// takes the compare, a5 refuses it.
func.func @cmp_window(%a: memref<4x128xf32>, %b: memref<2x64xf32>, %o: memref<2x64xf32>, %m: memref<2x64xi8>) {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %x = tile.load %a[%c0, %c0] : memref<4x128xf32> -> !tile.tile<4x128xf32, vec>
  %y = tile.load %b[%c0, %c0] : memref<2x64xf32> -> !tile.tile<2x64xf32, vec>
  %w = tile.slice %x, %c0, %c64 : (!tile.tile<4x128xf32, vec>, index, index) -> !tile.tile<2x64xf32, vec>
  %s = tile.add %w, %y : (!tile.tile<2x64xf32, vec>, !tile.tile<2x64xf32, vec>) -> !tile.tile<2x64xf32, vec>
  %k = tile.cmp %w, %y {cmp_mode = "lt"} : (!tile.tile<2x64xf32, vec>, !tile.tile<2x64xf32, vec>) -> !tile.tile<2x64xi8, vec>
// A5: err-ptoas-column-windows.mlir:[[# @LINE - 1]]:8: error: convert-tile-to-pto: tile.cmp on a5: ptoas (v0.48) compares operand #0's shape by the rows it has in memory, and it is a column window (a pto.subview keeping part of each row of the tile under it); slice whole rows, or compute the window into a tile of its own first
  tile.store %s, %o[%c0, %c0] : !tile.tile<2x64xf32, vec>, memref<2x64xf32>
  tile.store %k, %m[%c0, %c0] : !tile.tile<2x64xi8, vec>, memref<2x64xi8>
  func.return
}
// A3:      %w = pto.subview %x[%c0, %c64] sizes [2, 64] : !pto.tile_buf<loc=vec, dtype=f32, rows=4, cols=128, v_row=4, v_col=128, blayout=row_major, slayout=none_box, fractal=512, pad=0> -> [[W:!pto.tile_buf<loc=vec, dtype=f32, rows=2, cols=64, v_row=2, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>]]
// A3:      pto.tadd ins(%w, %y : [[W]], [[W]]) outs(%s : [[W]])
// A3:      pto.tcmp ins(%w, %y {cmpMode = #pto<cmp lt>} : [[W]], [[W]]) outs(%k :

// -----

// A whole row of a column window is still part of a row in memory: a3
// refuses the move, a5 takes it (a pto.subview of the window).
func.func @row_of_window(%a: memref<4x128xf32>, %o: memref<1x64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %x = tile.load %a[%c0, %c0] : memref<4x128xf32> -> !tile.tile<4x128xf32, vec>
  %w = tile.slice %x, %c0, %c64 : (!tile.tile<4x128xf32, vec>, index, index) -> !tile.tile<2x64xf32, vec>
  %r = tile.slice %w, %c1, %c0 : (!tile.tile<2x64xf32, vec>, index, index) -> !tile.tile<1x64xf32, vec>
  %m = tile.move %r : (!tile.tile<1x64xf32, vec>) -> !tile.tile<1x64xf32, vec>
// A3: err-ptoas-column-windows.mlir:[[# @LINE - 1]]:8: error: convert-tile-to-pto: tile.move on a3: ptoas (v0.48) compares operand #0's shape by the rows it has in memory, and it is a column window (a pto.subview keeping part of each row of the tile under it); slice whole rows, or compute the window into a tile of its own first
  tile.store %m, %o[%c0, %c0] : !tile.tile<1x64xf32, vec>, memref<1x64xf32>
  func.return
}
// A5:      %w = pto.subview %x[%c0, %c64] sizes [2, 64]
// A5:      %r = pto.subview %w[%c1, %c0] sizes [1, 64]
// A5:      pto.tmov ins(%r :

// -----

// tfillpad compares its src and dst shapes by their rows in memory too (a
// column window of a [32, 128] tile: "expects src and dst to have the same
// static shape for tfillpad" on a3 and a5); fillpad_expand takes one.
// (Under pypto a many-row column window is not lowered yet: issue 24.)
func.func @fillpad_window(%a: memref<32x128xf32>, %o: memref<32x64xf32>) {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %x = tile.load %a[%c0, %c0] : memref<32x128xf32> -> !tile.tile<32x128xf32, vec>
  %s = tile.slice %x, %c0, %c64 : (!tile.tile<32x128xf32, vec>, index, index) -> !tile.tile<32x64xf32, vec>
// PYPTO: err-ptoas-column-windows.mlir:[[# @LINE - 1]]:8: error: convert-tile-to-pto: this tile.slice is not one contiguous run of its source's bytes (whole rows of a row-major tile, whole columns of a col-major one); strided slices are not supported yet
  %p = tile.fillpad %s : (!tile.tile<32x64xf32, vec>) -> !tile.tile<32x64xf32, vec, pad = 1>
// A3: err-ptoas-column-windows.mlir:[[# @LINE - 1]]:8: error: convert-tile-to-pto: tile.fillpad on a3: ptoas (v0.48) compares operand #0's shape by the rows it has in memory, and it is a column window (a pto.subview keeping part of each row of the tile under it); slice whole rows, or compute the window into a tile of its own first
// A5: err-ptoas-column-windows.mlir:[[# @LINE - 2]]:8: error: convert-tile-to-pto: tile.fillpad on a5: ptoas (v0.48) compares operand #0's shape by the rows it has in memory, and it is a column window (a pto.subview keeping part of each row of the tile under it); slice whole rows, or compute the window into a tile of its own first
  tile.store %p, %o[%c0, %c0] : !tile.tile<32x64xf32, vec, pad = 1>, memref<32x64xf32>
  func.return
}

// RUN: xdsl-opt -p 'pto-plan-memory{planner=ptoas backend=a3},convert-tile-to-pto' --split-input-file --verify-diagnostics %s | filecheck %s

// ptoas (v0.48) takes no pto.subview of a pto.treshape ("subview source must
// be lowered to memref first"), so under planner=ptoas a slice of a reshaped
// tile is a pto.subview of the tile the reshape views -- when its bytes are
// whole rows there -- and a pto.treshape of that window to the slice's
// shape. Anything else is refused. The lowered case was fed to ptoas.

// Rows 2..3 of the [8, 32] view of a [4, 64] tile are row 1 of the tile.
func.func @whole_rows(%a: memref<4x64xf32>, %o: memref<2x32xf32>) {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %x = tile.load %a[%c0, %c0] : memref<4x64xf32> -> !tile.tile<4x64xf32, vec>
  %v = tile.reshape %x : (!tile.tile<4x64xf32, vec>) -> !tile.tile<8x32xf32, vec>
  %s = tile.slice %v, %c2, %c0 : (!tile.tile<8x32xf32, vec>, index, index) -> !tile.tile<2x32xf32, vec>
  %y = tile.abs %s : (!tile.tile<2x32xf32, vec>) -> !tile.tile<2x32xf32, vec>
  tile.store %y, %o[%c0, %c0] : !tile.tile<2x32xf32, vec>, memref<2x32xf32>
  func.return
}
// CHECK-LABEL: func.func @whole_rows(
// CHECK:       %x = pto.alloc_tile : [[X:!pto.tile_buf<loc=vec, dtype=f32, rows=4, cols=64, v_row=4, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>]]
// CHECK:       %v = pto.treshape %x : [[X]] -> !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=32,
// CHECK-NEXT:  [[W:%.+]] = pto.subview %x[%c1_index, %c0_index] sizes [1, 64] : [[X]] -> [[ROW:!pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=64, v_row=1, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>]]
// CHECK-NEXT:  %s = pto.treshape [[W]] : [[ROW]] -> [[S:!pto.tile_buf<loc=vec, dtype=f32, rows=2, cols=32, v_row=2, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>]]
// CHECK:       pto.tabs ins(%s : [[S]]) outs(%y : [[S]])

// -----

// Row 1 of the [8, 32] view is half of row 0 of the tile: refused.
func.func @half_row(%a: memref<4x64xf32>, %o: memref<1x32xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %x = tile.load %a[%c0, %c0] : memref<4x64xf32> -> !tile.tile<4x64xf32, vec>
  %v = tile.reshape %x : (!tile.tile<4x64xf32, vec>) -> !tile.tile<8x32xf32, vec>
  %s = tile.slice %v, %c1, %c0 : (!tile.tile<8x32xf32, vec>, index, index) -> !tile.tile<1x32xf32, vec>
// CHECK: ptoas-slice-of-reshape.mlir:[[# @LINE - 1]]:8: error: convert-tile-to-pto: ptoas (v0.48) takes no pto.subview of a reshaped tile (pto.treshape), and this slice of a reshape is not whole rows of the tile the reshape views; slice before reshaping, or copy the reshaped tile with tile.move first
  %y = tile.abs %s : (!tile.tile<1x32xf32, vec>) -> !tile.tile<1x32xf32, vec>
  tile.store %y, %o[%c0, %c0] : !tile.tile<1x32xf32, vec>, memref<1x32xf32>
  func.return
}

// RUN: xdsl-opt --split-input-file --verify-diagnostics %s | filecheck %s --check-prefix=ERR

// A Mat -> LeftScale / RightScale move copies the scale's boxes as they are:
// the hardware fixes the scale layout (row_major / row_major, fractal 32 on
// the left; col_major / col_major, 32 on the right) and the Mat source must
// have it too (pypto-docs/operators.md, MX). ptoas v0.48 infers the GM view
// of an e8m0 load from the Mat tile (mx_a_zz for row/row, mx_b_nn for
// col/col, nd otherwise), so a scale loaded into the default Mat layout
// (col_major / row_major) was lowered with an mx_b_nn view ptoas refused
// ("layout mismatch: user-specified layout=mx_b_nn but inferred=nd"). The
// move is refused at the verifier, naming the layout to write
// (the lowering: mx-scale-layout.mlir).

// ERR: {{^}}{{.*}}mx-scale-layout-invalid.mlir:[[# @LINE + 4]]:8: error: 'tile.move' op a move into left_scale keeps the hardware scale layout (blayout = row_major, slayout = row_major, fractal = 32), but the source mat tile has blayout = col_major, slayout = row_major, fractal = 512: give it blayout = row_major, slayout = row_major, fractal = 32{{$}}
func.func @default_mat(%as: memref<16x2xf8E8M0FNU>) {
  %c0 = arith.constant 0 : index
  %m = tile.load %as[%c0, %c0] : memref<16x2xf8E8M0FNU> -> !tile.tile<16x2xf8E8M0FNU, mat>
  %s = tile.move %m : (!tile.tile<16x2xf8E8M0FNU, mat>) -> !tile.tile<16x2xf8E8M0FNU, left_scale>
  func.return
}

// -----

// The left's layout is no right-scale layout.
// ERR: {{^}}{{.*}}mx-scale-layout-invalid.mlir:[[# @LINE + 4]]:8: error: 'tile.move' op a move into right_scale keeps the hardware scale layout (blayout = col_major, slayout = col_major, fractal = 32), but the source mat tile has blayout = row_major, slayout = row_major, fractal = 32: give it blayout = col_major, slayout = col_major, fractal = 32{{$}}
func.func @left_layout_to_right(%bs: memref<2x32xf8E8M0FNU>) {
  %c0 = arith.constant 0 : index
  %m = tile.load %bs[%c0, %c0] : memref<2x32xf8E8M0FNU> -> !tile.tile<2x32xf8E8M0FNU, mat, blayout = row_major, slayout = row_major, fractal = 32>
  %s = tile.move %m : (!tile.tile<2x32xf8E8M0FNU, mat, blayout = row_major, slayout = row_major, fractal = 32>) -> !tile.tile<2x32xf8E8M0FNU, right_scale>
  func.return
}

// -----

// The fractal counts too: a 512-byte box is no 32-byte scale box (and at
// K = 64 a [16, 2] tile is not whole 512-byte boxes).
// ERR: {{^}}{{.*}}mx-scale-layout-invalid.mlir:[[# @LINE + 4]]:8: error: 'tile.move' op a move into left_scale keeps the hardware scale layout (blayout = row_major, slayout = row_major, fractal = 32), but the source mat tile has blayout = row_major, slayout = row_major, fractal = 512: give it blayout = row_major, slayout = row_major, fractal = 32{{$}}
func.func @fractal_512(%as: memref<16x32xui8>) {
  %c0 = arith.constant 0 : index
  %m = tile.load %as[%c0, %c0] : memref<16x32xui8> -> !tile.tile<16x32xui8, mat, blayout = row_major, slayout = row_major, fractal = 512>
  %s = tile.move %m : (!tile.tile<16x32xui8, mat, blayout = row_major, slayout = row_major, fractal = 512>) -> !tile.tile<16x32xf8E8M0FNU, left_scale>
  func.return
}

// -----

// The scale tile itself keeps the layout too.
// ERR: {{^}}{{.*}}mx-scale-layout-invalid.mlir:[[# @LINE + 4]]:8: error: 'tile.move' op a move into right_scale keeps the hardware scale layout (blayout = col_major, slayout = col_major, fractal = 32), but the result has blayout = row_major, slayout = row_major, fractal = 32: give it blayout = col_major, slayout = col_major, fractal = 32{{$}}
func.func @result_layout(%bs: memref<2x32xf8E8M0FNU>) {
  %c0 = arith.constant 0 : index
  %m = tile.load %bs[%c0, %c0] : memref<2x32xf8E8M0FNU> -> !tile.tile<2x32xf8E8M0FNU, mat, blayout = col_major, slayout = col_major, fractal = 32>
  %s = tile.move %m : (!tile.tile<2x32xf8E8M0FNU, mat, blayout = col_major, slayout = col_major, fractal = 32>) -> !tile.tile<2x32xf8E8M0FNU, right_scale, blayout = row_major, slayout = row_major>
  func.return
}

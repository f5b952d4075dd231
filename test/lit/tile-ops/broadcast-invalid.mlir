// RUN: xdsl-opt --split-input-file --verify-diagnostics %s | filecheck %s

// One invalid use of each expansion and of expands; the verifier names the
// op's location and the rule broken.

// The row vector has one element per row.
func.func @row_max_vector(%a: !tile.tile<16x64xf32, vec>, %v: !tile.tile<8x1xf32, vec>) {
  %r = tile.row_expand_max %a, %v : (!tile.tile<16x64xf32, vec>, !tile.tile<8x1xf32, vec>) -> !tile.tile<16x64xf32, vec>
// CHECK: broadcast-invalid.mlir:[[# @LINE - 1]]:8: error: 'tile.row_expand_max' op row vector must be [16, 1], got [8, 1]
  func.return
}

// -----

// Its valid rows are the result's.
func.func @row_min_valid(%a: !tile.tile<16x64xf32, vec>, %v: !tile.tile<16x1xf32, vec, valid = 8x1>) {
  %r = tile.row_expand_min %a, %v : (!tile.tile<16x64xf32, vec>, !tile.tile<16x1xf32, vec, valid = 8x1>) -> !tile.tile<16x64xf32, vec>
// CHECK: broadcast-invalid.mlir:[[# @LINE - 1]]:8: error: 'tile.row_expand_min' op row vector valid rows 8 differ from the result's 16
  func.return
}

// -----

// exp-difference takes f16 and f32 only.
func.func @row_expdif_int(%a: !tile.tile<16x64xi32, vec>, %v: !tile.tile<16x1xi32, vec>) {
  %r = tile.row_expand_expdif %a, %v : (!tile.tile<16x64xi32, vec>, !tile.tile<16x1xi32, vec>) -> !tile.tile<16x64xi32, vec>
// CHECK: broadcast-invalid.mlir:[[# @LINE - 1]]:8: error: 'tile.row_expand_expdif' op ptoas (v0.48) takes f32, f16 elements only, not i32
  func.return
}

// -----

// The column tile has the target's element type (ptoas does not check it).
func.func @col_max_dtype(%a: !tile.tile<16x64xf32, vec>, %c: !tile.tile<1x64xf16, vec>) {
  %r = tile.col_expand_max %a, %c : (!tile.tile<16x64xf32, vec>, !tile.tile<1x64xf16, vec>) -> !tile.tile<16x64xf32, vec>
// CHECK: broadcast-invalid.mlir:[[# @LINE - 1]]:8: error: 'tile.col_expand_max' op column tile element type differs from target
  func.return
}

// -----

// The full tile is row-major.
func.func @col_min_col_major(%a: !tile.tile<16x64xf32, vec, blayout = col_major>, %c: !tile.tile<1x64xf32, vec>) {
  %r = tile.col_expand_min %a, %c : (!tile.tile<16x64xf32, vec, blayout = col_major>, !tile.tile<1x64xf32, vec>) -> !tile.tile<16x64xf32, vec, blayout = col_major>
// CHECK: broadcast-invalid.mlir:[[# @LINE - 1]]:8: error: 'tile.col_expand_min' op target must be row_major (ptoas reads it row by row), got col_major
  func.return
}

// -----

// The column tile's valid columns are the result's.
func.func @col_expdif_valid(%a: !tile.tile<16x64xf32, vec>, %c: !tile.tile<1x64xf32, vec, valid = 1x32>) {
  %r = tile.col_expand_expdif %a, %c : (!tile.tile<16x64xf32, vec>, !tile.tile<1x64xf32, vec, valid = 1x32>) -> !tile.tile<16x64xf32, vec>
// CHECK: broadcast-invalid.mlir:[[# @LINE - 1]]:8: error: 'tile.col_expand_expdif' op column tile valid columns 32 differ from the result's 64
  func.return
}

// -----

// expands's scalar has the element type (ptoas: "expects scalar type == dst element type").
func.func @expands_scalar(%a: !tile.tile<16x64xbf16, vec>, %s: f32) {
  %r = tile.expands %a, %s : (!tile.tile<16x64xbf16, vec>, f32) -> !tile.tile<16x64xbf16, vec>
// CHECK: broadcast-invalid.mlir:[[# @LINE - 1]]:8: error: 'tile.expands' op scalar type f32 differs from element type bf16
  func.return
}

// RUN: xdsl-opt --split-input-file --verify-diagnostics %s | filecheck %s

// One invalid use of each bitwise and shift op; the verifier names the op's
// location and the rule broken.

// The bitwise ops take integer tiles.
func.func @and_float(%a: !tile.tile<16x64xf32, vec>) {
  %r = tile.and %a, %a : (!tile.tile<16x64xf32, vec>, !tile.tile<16x64xf32, vec>) -> !tile.tile<16x64xf32, vec>
// CHECK: bitwise-invalid.mlir:[[# @LINE - 1]]:8: error: 'tile.and' op takes integer tiles, got f32
  func.return
}

// -----

// ptoas reads tor's tiles row by row (a column vector is refused).
func.func @or_col_major(%a: !tile.tile<16x1xi16, vec>) {
  %r = tile.or %a, %a : (!tile.tile<16x1xi16, vec>, !tile.tile<16x1xi16, vec>) -> !tile.tile<16x1xi16, vec>
// CHECK: bitwise-invalid.mlir:[[# @LINE - 1]]:8: error: 'tile.or' op lhs must be row_major (ptoas reads it row by row), got col_major
  func.return
}

// -----

// xor's tmp has the result's element type.
func.func @xor_tmp_dtype(%a: !tile.tile<16x128xi16, vec>, %t: !tile.tile<16x128xi8, vec>) {
  %r = tile.xor %a, %a, %t : (!tile.tile<16x128xi16, vec>, !tile.tile<16x128xi16, vec>, !tile.tile<16x128xi8, vec>) -> !tile.tile<16x128xi16, vec>
// CHECK: bitwise-invalid.mlir:[[# @LINE - 1]]:8: error: 'tile.xor' op element type mismatch: tmp i8 vs result i16
  func.return
}

// -----

// The scalar of ands is an integer.
func.func @ands_float_scalar(%a: !tile.tile<16x128xi16, vec>, %s: f32) {
  %r = tile.ands %a, %s : (!tile.tile<16x128xi16, vec>, f32) -> !tile.tile<16x128xi16, vec>
// CHECK: bitwise-invalid.mlir:[[# @LINE - 1]]:8: error: 'tile.ands' op rhs must be a signless i8, i16 or i32, got f32
  func.return
}

// -----

// No target takes 64-bit integers for tors.
func.func @ors_i64(%a: !tile.tile<16x64xi64, vec>, %s: i32) {
  %r = tile.ors %a, %s : (!tile.tile<16x64xi64, vec>, i32) -> !tile.tile<16x64xi64, vec>
// CHECK: bitwise-invalid.mlir:[[# @LINE - 1]]:8: error: 'tile.ors' op ptoas (v0.48) takes i8, i16 elements on a2/a3 and i8, i16, i32 on a5, not i64
  func.return
}

// -----

// xors's tmp covers the result's valid shape.
func.func @xors_tmp_valid(%a: !tile.tile<16x128xi16, vec>, %t: !tile.tile<16x128xi16, vec, valid = 8x128>, %s: i32) {
  %r = tile.xors %a, %s, %t : (!tile.tile<16x128xi16, vec>, i32, !tile.tile<16x128xi16, vec, valid = 8x128>) -> !tile.tile<16x128xi16, vec>
// CHECK: bitwise-invalid.mlir:[[# @LINE - 1]]:8: error: 'tile.xors' op valid shape mismatch: tmp [8, 128] vs result [16, 128]
  func.return
}

// -----

// not reads a Vec tile.
func.func @not_mat(%a: !tile.tile<16x128xi16, mat>) {
  %r = tile.not %a : (!tile.tile<16x128xi16, mat>) -> !tile.tile<16x128xi16, vec>
// CHECK: bitwise-invalid.mlir:[[# @LINE - 1]]:8: error: 'tile.not' op tile must be in vec, got mat
  func.return
}

// -----

// shl's shift counts have the result's shape.
func.func @shl_shape(%a: !tile.tile<16x128xi16, vec>, %b: !tile.tile<8x128xi16, vec>) {
  %r = tile.shl %a, %b : (!tile.tile<16x128xi16, vec>, !tile.tile<8x128xi16, vec>) -> !tile.tile<16x128xi16, vec>
// CHECK: bitwise-invalid.mlir:[[# @LINE - 1]]:8: error: 'tile.shl' op shape mismatch: rhs [8, 128] vs result [16, 128]
  func.return
}

// -----

// A shift keeps lhs's element type (no promotion).
func.func @shr_widens(%a: !tile.tile<16x128xi16, vec>) {
  %r = tile.shr %a, %a : (!tile.tile<16x128xi16, vec>, !tile.tile<16x128xi16, vec>) -> !tile.tile<16x128xi32, vec>
// CHECK: bitwise-invalid.mlir:[[# @LINE - 1]]:8: error: 'tile.shr' op element type mismatch: lhs i16 vs result i32
  func.return
}

// -----

// An index is no shift count ptoas takes.
func.func @shls_index(%a: !tile.tile<16x128xi16, vec>, %n: index) {
  %r = tile.shls %a, %n : (!tile.tile<16x128xi16, vec>, index) -> !tile.tile<16x128xi16, vec>
// CHECK: bitwise-invalid.mlir:[[# @LINE - 1]]:8: error: 'tile.shls' op rhs must be a signless i8, i16 or i32, got index
  func.return
}

// -----

// shrs takes integer tiles.
func.func @shrs_bf16(%a: !tile.tile<16x128xbf16, vec>, %n: i32) {
  %r = tile.shrs %a, %n : (!tile.tile<16x128xbf16, vec>, i32) -> !tile.tile<16x128xbf16, vec>
// CHECK: bitwise-invalid.mlir:[[# @LINE - 1]]:8: error: 'tile.shrs' op takes integer tiles, got bf16
  func.return
}

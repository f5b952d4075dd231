// RUN: xdsl-opt --split-input-file --verify-diagnostics %s | filecheck %s

// One invalid use of each of maximums, minimums, lrelu, addc, subc, addsc
// and subsc; the verifier names the op's location and the rule broken.

// maximums's scalar has the element type.
func.func @maximums_scalar(%a: !tile.tile<16x64xf32, vec>, %s: f16) {
  %r = tile.maximums %a, %s : (!tile.tile<16x64xf32, vec>, f16) -> !tile.tile<16x64xf32, vec>
// CHECK: arith-invalid.mlir:[[# @LINE - 1]]:8: error: 'tile.maximums' op rhs type f16 differs from element type f32
  func.return
}

// -----

// minimums keeps the valid shape.
func.func @minimums_valid(%a: !tile.tile<16x64xf32, vec, valid = 8x64>, %s: f32) {
  %r = tile.minimums %a, %s : (!tile.tile<16x64xf32, vec, valid = 8x64>, f32) -> !tile.tile<16x64xf32, vec>
// CHECK: arith-invalid.mlir:[[# @LINE - 1]]:8: error: 'tile.minimums' op valid shape mismatch: lhs [8, 64] vs result [16, 64]
  func.return
}

// -----

// lrelu's slope is f32, also for an f16 tile.
func.func @lrelu_f16_slope(%a: !tile.tile<16x64xf16, vec>, %s: f16) {
  %r = tile.lrelu %a, %s : (!tile.tile<16x64xf16, vec>, f16) -> !tile.tile<16x64xf16, vec>
// CHECK: arith-invalid.mlir:[[# @LINE - 1]]:8: error: 'tile.lrelu' op slope must be f32 (ptoas takes the slope as f32), got f16
  func.return
}

// -----

// lrelu takes f16 and f32 tiles only.
func.func @lrelu_int(%a: !tile.tile<16x64xi16, vec>, %s: f32) {
  %r = tile.lrelu %a, %s : (!tile.tile<16x64xi16, vec>, f32) -> !tile.tile<16x64xi16, vec>
// CHECK: arith-invalid.mlir:[[# @LINE - 1]]:8: error: 'tile.lrelu' op ptoas (v0.48) takes f32, f16 elements only, not i16
  func.return
}

// -----

// The three tiles of addc share one element type.
func.func @addc_dtype(%a: !tile.tile<16x64xf32, vec>, %c: !tile.tile<16x64xi32, vec>) {
  %r = tile.addc %a, %a, %c : (!tile.tile<16x64xf32, vec>, !tile.tile<16x64xf32, vec>, !tile.tile<16x64xi32, vec>) -> !tile.tile<16x64xf32, vec>
// CHECK: arith-invalid.mlir:[[# @LINE - 1]]:8: error: 'tile.addc' op element type mismatch: rhs2 i32 vs result f32
  func.return
}

// -----

// ... and one shape.
func.func @subc_shape(%a: !tile.tile<16x64xf32, vec>, %b: !tile.tile<8x64xf32, vec>) {
  %r = tile.subc %a, %b, %a : (!tile.tile<16x64xf32, vec>, !tile.tile<8x64xf32, vec>, !tile.tile<16x64xf32, vec>) -> !tile.tile<16x64xf32, vec>
// CHECK: arith-invalid.mlir:[[# @LINE - 1]]:8: error: 'tile.subc' op shape mismatch: rhs [8, 64] vs result [16, 64]
  func.return
}

// -----

// addsc's middle operand is the scalar, not a tile.
func.func @addsc_tile_scalar(%a: !tile.tile<16x64xf32, vec>) {
  %r = tile.addsc %a, %a, %a : (!tile.tile<16x64xf32, vec>, !tile.tile<16x64xf32, vec>, !tile.tile<16x64xf32, vec>) -> !tile.tile<16x64xf32, vec>
// CHECK: arith-invalid.mlir:[[# @LINE - 1]]:8: error: 'tile.addsc' op the rhs operand must be a scalar, not a tile
  func.return
}

// -----

// subsc computes in Vec.
func.func @subsc_mat(%a: !tile.tile<16x64xf32, vec>, %c: !tile.tile<16x64xf32, mat>, %s: f32) {
  %r = tile.subsc %a, %s, %c : (!tile.tile<16x64xf32, vec>, f32, !tile.tile<16x64xf32, mat>) -> !tile.tile<16x64xf32, vec>
// CHECK: arith-invalid.mlir:[[# @LINE - 1]]:8: error: 'tile.subsc' op rhs2 must be in vec, got mat
  func.return
}

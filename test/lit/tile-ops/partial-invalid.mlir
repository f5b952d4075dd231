// RUN: xdsl-opt --split-input-file --verify-diagnostics %s | filecheck %s

// One invalid use of each partial op; the verifier names the op's location
// and the rule broken.

// A source's valid shape fits in the result's.
func.func @add_too_big(%a: !tile.tile<16x64xf32, vec>, %b: !tile.tile<16x64xf32, vec, valid = 8x64>) {
  %r = tile.part_add %a, %b : (!tile.tile<16x64xf32, vec>, !tile.tile<16x64xf32, vec, valid = 8x64>) -> !tile.tile<16x64xf32, vec, valid = 8x64>
// CHECK: partial-invalid.mlir:[[# @LINE - 1]]:8: error: 'tile.part_add' op src0 valid shape [16, 64] does not fit in the result's [8, 64]
  func.return
}

// -----

// One source's valid shape is the result's.
func.func @mul_none_equal(%a: !tile.tile<16x64xf32, vec, valid = 8x64>, %b: !tile.tile<16x64xf32, vec, valid = 16x32>) {
  %r = tile.part_mul %a, %b : (!tile.tile<16x64xf32, vec, valid = 8x64>, !tile.tile<16x64xf32, vec, valid = 16x32>) -> !tile.tile<16x64xf32, vec>
// CHECK: partial-invalid.mlir:[[# @LINE - 1]]:8: error: 'tile.part_mul' op one source's valid shape must equal the result's [16, 64]; got [8, 64] and [16, 32]
  func.return
}

// -----

// The three tiles have one shape.
func.func @max_shape(%a: !tile.tile<16x64xf32, vec>, %b: !tile.tile<8x64xf32, vec>) {
  %r = tile.part_max %a, %b : (!tile.tile<16x64xf32, vec>, !tile.tile<8x64xf32, vec>) -> !tile.tile<16x64xf32, vec>
// CHECK: partial-invalid.mlir:[[# @LINE - 1]]:8: error: 'tile.part_max' op shape mismatch: src1 [8, 64] vs result [16, 64]
  func.return
}

// -----

// ... and one element type.
func.func @min_dtype(%a: !tile.tile<16x64xf32, vec>, %b: !tile.tile<16x64xi32, vec>) {
  %r = tile.part_min %a, %b : (!tile.tile<16x64xf32, vec>, !tile.tile<16x64xi32, vec>) -> !tile.tile<16x64xf32, vec>
// CHECK: partial-invalid.mlir:[[# @LINE - 1]]:8: error: 'tile.part_min' op element type mismatch: src1 i32 vs result f32
  func.return
}

// RUN: xdsl-opt --split-input-file --verify-diagnostics %s | filecheck %s

// One invalid use of fillpad, fillpad_inplace or fillpad_expand per chunk;
// the verifier names the op's location and the rule broken.

// fillpad keeps the shape.
func.func @case0() {
  %x = tile.create : !tile.tile<16x64xf32, vec, valid = 16x50>
  %r = tile.fillpad %x : (!tile.tile<16x64xf32, vec, valid = 16x50>) -> !tile.tile<16x32xf32, vec, pad = 1>
  func.return
}
// CHECK: fillpad-invalid.mlir:9:8: error: 'tile.fillpad' op result shape [16, 32] differs from the source's [16, 64]

// -----

// The result names the pad value (ptoas: expects dst PadVal != Null for tfillpad).
func.func @case1() {
  %x = tile.create : !tile.tile<16x64xf32, vec, valid = 16x50>
  %r = tile.fillpad %x : (!tile.tile<16x64xf32, vec, valid = 16x50>) -> !tile.tile<16x64xf32, vec>
  func.return
}
// CHECK: fillpad-invalid.mlir:19:8: error: 'tile.fillpad' op result type must name the pad value (pad = 1 zero, 2 max or 3 min), got pad = 0

// -----

// A fill keeps the layout (its valid shape may be any: the region it writes).
func.func @case2() {
  %x = tile.create : !tile.tile<16x64xf32, vec, valid = 16x50>
  %r = tile.fillpad %x : (!tile.tile<16x64xf32, vec, valid = 16x50>) -> !tile.tile<16x64xf32, vec, blayout = col_major, pad = 1>
  func.return
}
// CHECK: fillpad-invalid.mlir:29:8: error: 'tile.fillpad' op result blayout col_major differs from the source's row_major

// -----

// fillpad_inplace fills its own tile: the type names the pad value.
func.func @case3() {
  %x = tile.create : !tile.tile<16x64xf32, vec, valid = 16x50>
  %r = tile.fillpad_inplace %x : (!tile.tile<16x64xf32, vec, valid = 16x50>) -> !tile.tile<16x64xf32, vec, valid = 16x50>
  func.return
}
// CHECK: fillpad-invalid.mlir:39:8: error: 'tile.fillpad_inplace' op source type must name the pad value (pad = 1 zero, 2 max or 3 min), got pad = 0

// -----

// fillpad_inplace's result is its operand.
func.func @case4() {
  %x = tile.create : !tile.tile<16x64xf32, vec, valid = 16x50, pad = 1>
  %r = tile.fillpad_inplace %x : (!tile.tile<16x64xf32, vec, valid = 16x50, pad = 1>) -> !tile.tile<16x64xf32, vec, pad = 1>
  func.return
}
// CHECK: fillpad-invalid.mlir:49:8: error: 'tile.fillpad_inplace' op result type differs from the source's (the op fills in place)

// -----

// fillpad_expand does not shrink (ptoas: expects dst static shape to be >= src static shape).
func.func @case5() {
  %x = tile.create : !tile.tile<16x64xf32, vec, valid = 16x50>
  %r = tile.fillpad_expand %x : (!tile.tile<16x64xf32, vec, valid = 16x50>) -> !tile.tile<8x128xf32, vec, pad = 1>
  func.return
}
// CHECK: fillpad-invalid.mlir:59:8: error: 'tile.fillpad_expand' op result shape [8, 128] must be at least the source's [16, 64] in every dimension

// -----

// A fill keeps the element type.
func.func @case6() {
  %x = tile.create : !tile.tile<16x64xf32, vec, valid = 16x50>
  %r = tile.fillpad_expand %x : (!tile.tile<16x64xf32, vec, valid = 16x50>) -> !tile.tile<32x64xi32, vec, pad = 2>
  func.return
}
// CHECK: fillpad-invalid.mlir:69:8: error: 'tile.fillpad_expand' op result element type i32 differs from the source's f32

// -----

// Fills are Vec ops.
func.func @case7() {
  %x = tile.create : !tile.tile<16x64xf32, mat, valid = 16x50>
  %r = tile.fillpad %x : (!tile.tile<16x64xf32, mat, valid = 16x50>) -> !tile.tile<16x64xf32, vec, pad = 1>
  func.return
}
// CHECK: fillpad-invalid.mlir:79:8: error: 'tile.fillpad' op source must be in vec, got mat

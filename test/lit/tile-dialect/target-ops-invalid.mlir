// RUN: xdsl-opt --split-input-file --verify-diagnostics %s | filecheck %s

// Each chunk holds one invalid use of sels, prelu, rem, rems, fmod or fmods;
// the verifier names the op's location and the rule broken.

// A mask lives in vec.
func.func @case0(%s: f32, %h: f16) {
  %x = tile.create : !tile.tile<16x64xf32, vec>
  %t = tile.create : !tile.tile<16x64xf32, vec>
  %m = tile.create : !tile.tile<16x32xui8, mat>
  %r = tile.sels %m, %x, %t, %s : (!tile.tile<16x32xui8, mat>, !tile.tile<16x64xf32, vec>, !tile.tile<16x64xf32, vec>, f32) -> !tile.tile<16x64xf32, vec>
  func.return
}
// CHECK: target-ops-invalid.mlir:11:8: error: 'tile.sels' op mask must be in vec, got mat

// -----

// One mask row per data row.
func.func @case1(%s: f32, %h: f16) {
  %x = tile.create : !tile.tile<16x64xf32, vec>
  %t = tile.create : !tile.tile<16x64xf32, vec>
  %m = tile.create : !tile.tile<8x32xui8, vec>
  %r = tile.sels %m, %x, %t, %s : (!tile.tile<8x32xui8, vec>, !tile.tile<16x64xf32, vec>, !tile.tile<16x64xf32, vec>, f32) -> !tile.tile<16x64xf32, vec>
  func.return
}
// CHECK: target-ops-invalid.mlir:23:8: error: 'tile.sels' op mask rows differ from src rows

// -----

// A packed mask needs a bit per data column: 32 ui8 are 256 bits, 512 are selected.
func.func @case2(%s: f32, %h: f16) {
  %x = tile.create : !tile.tile<8x512xf32, vec>
  %t = tile.create : !tile.tile<8x512xf32, vec>
  %m = tile.create : !tile.tile<8x32xui8, vec>
  %r = tile.sels %m, %x, %t, %s : (!tile.tile<8x32xui8, vec>, !tile.tile<8x512xf32, vec>, !tile.tile<8x512xf32, vec>, f32) -> !tile.tile<8x512xf32, vec>
  func.return
}
// CHECK: target-ops-invalid.mlir:35:8: error: 'tile.sels' op mask holds 256 bits per row, src has 512 columns

// -----

// A float mask cannot be packed bits: it has the data's shape.
func.func @case3(%s: f32, %h: f16) {
  %x = tile.create : !tile.tile<16x64xf32, vec>
  %t = tile.create : !tile.tile<16x64xf32, vec>
  %m = tile.create : !tile.tile<16x8xf32, vec>
  %r = tile.sels %m, %x, %t, %s : (!tile.tile<16x8xf32, vec>, !tile.tile<16x64xf32, vec>, !tile.tile<16x64xf32, vec>, f32) -> !tile.tile<16x64xf32, vec>
  func.return
}
// CHECK: target-ops-invalid.mlir:47:8: error: 'tile.sels' op a f32 mask must have the src's shape [16, 64], got [16, 8]

// -----

// The scalar has the element type.
func.func @case4(%s: f32, %h: f16) {
  %x = tile.create : !tile.tile<16x64xf32, vec>
  %t = tile.create : !tile.tile<16x64xf32, vec>
  %m = tile.create : !tile.tile<16x32xui8, vec>
  %r = tile.sels %m, %x, %t, %h : (!tile.tile<16x32xui8, vec>, !tile.tile<16x64xf32, vec>, !tile.tile<16x64xf32, vec>, f16) -> !tile.tile<16x64xf32, vec>
  func.return
}
// CHECK: target-ops-invalid.mlir:59:8: error: 'tile.sels' op scalar type f16 differs from element type f32

// -----

// The scalar is not a tile.
func.func @case5(%s: f32, %h: f16) {
  %x = tile.create : !tile.tile<16x64xf32, vec>
  %t = tile.create : !tile.tile<16x64xf32, vec>
  %m = tile.create : !tile.tile<16x32xui8, vec>
  %r = tile.sels %m, %x, %t, %x : (!tile.tile<16x32xui8, vec>, !tile.tile<16x64xf32, vec>, !tile.tile<16x64xf32, vec>, !tile.tile<16x64xf32, vec>) -> !tile.tile<16x64xf32, vec>
  func.return
}
// CHECK: target-ops-invalid.mlir:71:8: error: 'tile.sels' op the scalar operand must not be a tile

// -----

// tmp is a vec scratch.
func.func @case6(%s: f32, %h: f16) {
  %x = tile.create : !tile.tile<16x64xf32, vec>
  %t = tile.create : !tile.tile<16x64xf32, mat>
  %m = tile.create : !tile.tile<16x32xui8, vec>
  %r = tile.sels %m, %x, %t, %s : (!tile.tile<16x32xui8, vec>, !tile.tile<16x64xf32, vec>, !tile.tile<16x64xf32, mat>, f32) -> !tile.tile<16x64xf32, vec>
  func.return
}
// CHECK: target-ops-invalid.mlir:83:8: error: 'tile.sels' op tmp must be in vec, got mat

// -----

// The result has src's shape.
func.func @case7(%s: f32, %h: f16) {
  %x = tile.create : !tile.tile<16x64xf32, vec>
  %t = tile.create : !tile.tile<16x64xf32, vec>
  %m = tile.create : !tile.tile<16x32xui8, vec>
  %r = tile.sels %m, %x, %t, %s : (!tile.tile<16x32xui8, vec>, !tile.tile<16x64xf32, vec>, !tile.tile<16x64xf32, vec>, f32) -> !tile.tile<16x32xf32, vec>
  func.return
}
// CHECK: target-ops-invalid.mlir:95:8: error: 'tile.sels' op shape mismatch: src [16, 64] vs result [16, 32]

// -----

// The slope is a tile of src's shape...
func.func @case8(%s: f32, %h: f16) {
  %x = tile.create : !tile.tile<16x64xf32, vec>
  %k = tile.create : !tile.tile<16x32xf32, vec>
  %t = tile.create : !tile.tile<16x64xf32, vec>
  %r = tile.prelu %x, %k, %t : (!tile.tile<16x64xf32, vec>, !tile.tile<16x32xf32, vec>, !tile.tile<16x64xf32, vec>) -> !tile.tile<16x64xf32, vec>
  func.return
}
// CHECK: target-ops-invalid.mlir:107:8: error: 'tile.prelu' op shape mismatch: src [16, 64] vs slope [16, 32]

// -----

// ... and element type.
func.func @case9(%s: f32, %h: f16) {
  %x = tile.create : !tile.tile<16x64xf32, vec>
  %k = tile.create : !tile.tile<16x64xf16, vec>
  %t = tile.create : !tile.tile<16x64xf32, vec>
  %r = tile.prelu %x, %k, %t : (!tile.tile<16x64xf32, vec>, !tile.tile<16x64xf16, vec>, !tile.tile<16x64xf32, vec>) -> !tile.tile<16x64xf32, vec>
  func.return
}
// CHECK: target-ops-invalid.mlir:119:8: error: 'tile.prelu' op element type mismatch: src f32 vs slope f16

// -----

// prelu's tmp is a Vec tile (its size is ptoas's rule: convert-tile-to-pto).
func.func @case10(%s: f32, %h: f16) {
  %x = tile.create : !tile.tile<16x64xf32, vec>
  %k = tile.create : !tile.tile<16x64xf32, vec>
  %t = tile.create : !tile.tile<16x64xf16, mat>
  %r = tile.prelu %x, %k, %t : (!tile.tile<16x64xf32, vec>, !tile.tile<16x64xf32, vec>, !tile.tile<16x64xf16, mat>) -> !tile.tile<16x64xf32, vec>
  func.return
}
// CHECK: target-ops-invalid.mlir:131:8: error: 'tile.prelu' op tmp must be in vec, got mat

// -----

// rem's sources have one shape.
func.func @case11(%s: f32, %h: f16) {
  %x = tile.create : !tile.tile<16x64xf32, vec>
  %y = tile.create : !tile.tile<16x32xf32, vec>
  %t = tile.create : !tile.tile<16x64xf32, vec>
  %r = tile.rem %x, %y, %t : (!tile.tile<16x64xf32, vec>, !tile.tile<16x32xf32, vec>, !tile.tile<16x64xf32, vec>) -> !tile.tile<16x64xf32, vec>
  func.return
}
// CHECK: target-ops-invalid.mlir:143:8: error: 'tile.rem' op shape mismatch: lhs [16, 64] vs rhs [16, 32]

// -----

// rem's tmp holds at least the dividend.
func.func @case12(%s: f32, %h: f16) {
  %x = tile.create : !tile.tile<16x64xf32, vec>
  %y = tile.create : !tile.tile<16x64xf32, vec>
  %t = tile.create : !tile.tile<8x64xf32, vec>
  %r = tile.rem %x, %y, %t : (!tile.tile<16x64xf32, vec>, !tile.tile<16x64xf32, vec>, !tile.tile<8x64xf32, vec>) -> !tile.tile<16x64xf32, vec>
  func.return
}
// CHECK: target-ops-invalid.mlir:155:8: error: 'tile.rem' op tmp (2048 bytes) is smaller than the source (4096 bytes)

// -----

// rem's tmp is in vec.
func.func @case13(%s: f32, %h: f16) {
  %x = tile.create : !tile.tile<16x64xf32, vec>
  %y = tile.create : !tile.tile<16x64xf32, vec>
  %t = tile.create : !tile.tile<16x64xf32, mat>
  %r = tile.rem %x, %y, %t : (!tile.tile<16x64xf32, vec>, !tile.tile<16x64xf32, vec>, !tile.tile<16x64xf32, mat>) -> !tile.tile<16x64xf32, vec>
  func.return
}
// CHECK: target-ops-invalid.mlir:167:8: error: 'tile.rem' op tmp must be in vec, got mat

// -----

// rems' divisor has the element type.
func.func @case14(%s: f32, %h: f16) {
  %x = tile.create : !tile.tile<16x64xf32, vec>
  %t = tile.create : !tile.tile<16x64xf32, vec>
  %r = tile.rems %x, %h, %t : (!tile.tile<16x64xf32, vec>, f16, !tile.tile<16x64xf32, vec>) -> !tile.tile<16x64xf32, vec>
  func.return
}
// CHECK: target-ops-invalid.mlir:178:8: error: 'tile.rems' op scalar type f16 differs from element type f32

// -----

// rems' tmp holds at least the dividend.
func.func @case15(%s: f32, %h: f16) {
  %x = tile.create : !tile.tile<16x64xf32, vec>
  %t = tile.create : !tile.tile<16x32xf32, vec>
  %r = tile.rems %x, %s, %t : (!tile.tile<16x64xf32, vec>, f32, !tile.tile<16x32xf32, vec>) -> !tile.tile<16x64xf32, vec>
  func.return
}
// CHECK: target-ops-invalid.mlir:189:8: error: 'tile.rems' op tmp (2048 bytes) is smaller than the source (4096 bytes)

// -----

// fmod's sources have one element type.
func.func @case16(%s: f32, %h: f16) {
  %x = tile.create : !tile.tile<16x64xf32, vec>
  %y = tile.create : !tile.tile<16x64xi32, vec>
  %r = tile.fmod %x, %y : (!tile.tile<16x64xf32, vec>, !tile.tile<16x64xi32, vec>) -> !tile.tile<16x64xf32, vec>
  func.return
}
// CHECK: target-ops-invalid.mlir:200:8: error: 'tile.fmod' op element type mismatch: lhs f32 vs rhs i32

// -----

// fmod's result is a vec tile.
func.func @case17(%s: f32, %h: f16) {
  %x = tile.create : !tile.tile<16x64xf32, vec>
  %r = tile.fmod %x, %x : (!tile.tile<16x64xf32, vec>, !tile.tile<16x64xf32, vec>) -> !tile.tile<16x64xf32, mat>
  func.return
}
// CHECK: target-ops-invalid.mlir:210:8: error: 'tile.fmod' op result must be in memory space vec, got mat

// -----

// fmods takes a scalar divisor.
func.func @case18(%s: f32, %h: f16) {
  %x = tile.create : !tile.tile<16x64xf32, vec>
  %r = tile.fmods %x, %x : (!tile.tile<16x64xf32, vec>, !tile.tile<16x64xf32, vec>) -> !tile.tile<16x64xf32, vec>
  func.return
}
// CHECK: target-ops-invalid.mlir:220:8: error: 'tile.fmods' op the scalar operand must not be a tile

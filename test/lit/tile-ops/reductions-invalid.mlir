// RUN: xdsl-opt --split-input-file --verify-diagnostics %s | filecheck %s

// One invalid use of a reduction per chunk; the verifier names the op's
// location and the rule broken (reference/tile-op-semantics.md section 3,
// ptoas v0.48's checks).

// row_prod needs a type trowprod takes on every target.
func.func @case0() {
  %x = tile.create : !tile.tile<16x64xbf16, vec>
  %t = tile.create : !tile.tile<16x64xbf16, vec>
  %r = tile.row_prod %x, %t : (!tile.tile<16x64xbf16, vec>, !tile.tile<16x64xbf16, vec>) -> !tile.tile<16x1xbf16, vec>
  func.return
}
// CHECK: reductions-invalid.mlir:11:8: error: 'tile.row_prod' op source element type must be one of f16, f32, i16, i32, ui16, ui32, got bf16

// -----

// A binary col_sum's tmp spans the source's valid columns.
func.func @case1() {
  %x = tile.create : !tile.tile<16x64xf32, vec>
  %t = tile.create : !tile.tile<16x32xf32, vec>
  %r = tile.col_sum %x, %t : (!tile.tile<16x64xf32, vec>, !tile.tile<16x32xf32, vec>) -> !tile.tile<1x64xf32, vec>
  func.return
}
// CHECK: reductions-invalid.mlir:22:8: error: 'tile.col_sum' op tmp needs at least 64 columns (the source's valid columns), got 32

// -----

// A column reduction is one row.
func.func @case2() {
  %x = tile.create : !tile.tile<16x64xf32, vec>
  %r = tile.col_max %x : (!tile.tile<16x64xf32, vec>) -> !tile.tile<2x64xf32, vec>
  func.return
}
// CHECK: reductions-invalid.mlir:32:8: error: 'tile.col_max' op result must be [1, 64], got [2, 64]

// -----

// ptoas reads the source by rows.
func.func @case3() {
  %x = tile.create : !tile.tile<16x64xf32, vec, blayout = col_major>
  %r = tile.col_min %x : (!tile.tile<16x64xf32, vec, blayout = col_major>) -> !tile.tile<1x64xf32, vec>
  func.return
}
// CHECK: reductions-invalid.mlir:42:8: error: 'tile.col_min' op the source must be row_major (ptoas reads rows), got col_major

// -----

// col_prod takes no 8-bit type on any target.
func.func @case4() {
  %x = tile.create : !tile.tile<16x64xi8, vec>
  %r = tile.col_prod %x : (!tile.tile<16x64xi8, vec>) -> !tile.tile<1x64xi8, vec>
  func.return
}
// CHECK: reductions-invalid.mlir:52:8: error: 'tile.col_prod' op source element type must be one of bf16, f16, f32, i16, i32, ui16, ui32, got i8

// -----

// An arg-reduction writes i32 or ui32 indices.
func.func @case5() {
  %x = tile.create : !tile.tile<16x64xf32, vec>
  %t = tile.create : !tile.tile<16x64xf32, vec>
  %r = tile.row_argmax %x, %t : (!tile.tile<16x64xf32, vec>, !tile.tile<16x64xf32, vec>) -> !tile.tile<16x1xf32, vec>
  func.return
}
// CHECK: reductions-invalid.mlir:63:8: error: 'tile.row_argmax' op result element type must be one of i32, ui32, got f32

// -----

// A row arg-reduction's tmp is the source's type (the reference's rule).
func.func @case6() {
  %x = tile.create : !tile.tile<16x64xf32, vec>
  %t = tile.create : !tile.tile<8x64xf32, vec>
  %r = tile.row_argmin %x, %t : (!tile.tile<16x64xf32, vec>, !tile.tile<8x64xf32, vec>) -> !tile.tile<16x1xi32, vec>
  func.return
}
// CHECK: reductions-invalid.mlir:74:8: error: 'tile.row_argmin' op tmp must have the source's shape and element type [16, 64]xf32, got [8, 64]xf32

// -----

// The result's valid columns are the source's.
func.func @case7() {
  %x = tile.create : !tile.tile<16x64xf32, vec, valid = 16x40>
  %t = tile.create : !tile.tile<16x64xf32, vec>
  %r = tile.col_argmax %x, %t : (!tile.tile<16x64xf32, vec, valid = 16x40>, !tile.tile<16x64xf32, vec>) -> !tile.tile<1x64xi32, vec>
  func.return
}
// CHECK: reductions-invalid.mlir:85:8: error: 'tile.col_argmax' op result valid shape must be [1, 40] (the source's valid columns), got [1, 64]

// -----

// tmp is scratch: not the source.
func.func @case8() {
  %x = tile.create : !tile.tile<16x64xf32, vec>
  %r = tile.col_argmin %x, %x : (!tile.tile<16x64xf32, vec>, !tile.tile<16x64xf32, vec>) -> !tile.tile<1x64xi32, vec>
  func.return
}
// CHECK: reductions-invalid.mlir:95:8: error: 'tile.col_argmin' op tmp is scratch the op overwrites; it must not be the source

// -----

// row_prod's result is [R, 1] with the source's valid rows.
func.func @case9() {
  %x = tile.create : !tile.tile<16x64xf32, vec, valid = 8x64>
  %t = tile.create : !tile.tile<16x64xf32, vec>
  %r = tile.row_prod %x, %t : (!tile.tile<16x64xf32, vec, valid = 8x64>, !tile.tile<16x64xf32, vec>) -> !tile.tile<16x1xf32, vec>
  func.return
}
// CHECK: reductions-invalid.mlir:106:8: error: 'tile.row_prod' op result valid shape must be [8, 1] (the source's valid rows), got [16, 1]

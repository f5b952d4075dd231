// RUN: xdsl-opt --split-input-file --verify-diagnostics %s | filecheck %s

// One invalid use of a generator per chunk (ci, tri, random); the verifier
// names the op's location and the rule broken.

// ci makes i16, i32, ui16 or ui32 ('pto.tci' op expects dst element type to be i16/i32).
func.func @case0(%s: i32) {
  %r = tile.ci %s : (i32) -> !tile.tile<1x64xf32, vec>
  func.return
}
// CHECK: generators-invalid.mlir:8:8: error: 'tile.ci' op result element type must be one of i16, i32, ui16, ui32, got f32

// -----

// ci makes one row of N > 1 elements.
func.func @case1(%s: i32) {
  %r = tile.ci %s : (i32) -> !tile.tile<2x64xi32, vec>
  func.return
}
// CHECK: generators-invalid.mlir:17:8: error: 'tile.ci' op result must be [1, N] with N > 1, got [2, 64]

// -----

// The start has the element type (S and dst exactly the same type).
func.func @case2(%s: i16) {
  %r = tile.ci %s : (i16) -> !tile.tile<1x64xi32, vec>
  func.return
}
// CHECK: generators-invalid.mlir:26:8: error: 'tile.ci' op start type i16 differs from element type i32

// -----

// The diagonal is an i32 (ptoas refuses index).
func.func @case3(%s: index) {
  %r = tile.tri %s : (index) -> !tile.tile<16x64xf32, vec>
  func.return
}
// CHECK: generators-invalid.mlir:35:8: error: 'tile.tri' op diagonal must be i32, got index

// -----

// ttri writes a row-major tile ('pto.ttri' op expects dst to use the row_major blayout).
func.func @case4(%s: i32) {
  %r = tile.tri %s {upper} : (i32) -> !tile.tile<16x64xf32, vec, blayout = col_major>
  func.return
}
// CHECK: generators-invalid.mlir:44:8: error: 'tile.tri' op result must be row_major, got col_major

// -----

// random takes 7 or 10 rounds.
func.func @case5(%s: i32) {
  %r = tile.random %s, %s, %s, %s, %s, %s {rounds = 8 : i64} : (i32, i32, i32, i32, i32, i32) -> !tile.tile<8x256xui32, vec>
  func.return
}
// CHECK: generators-invalid.mlir:53:8: error: 'tile.random' op rounds must be 7 or 10, got 8

// -----

// random writes 32-bit integers ('pto.trandom' op expects dst element type to be i32 or ui32).
func.func @case6(%s: i32) {
  %r = tile.random %s, %s, %s, %s, %s, %s : (i32, i32, i32, i32, i32, i32) -> !tile.tile<8x256xf32, vec>
  func.return
}
// CHECK: generators-invalid.mlir:62:8: error: 'tile.random' op result element type must be one of i32, ui32, got f32

// -----

// Its keys and counters are i32.
func.func @case7(%s: i32, %k: i64) {
  %r = tile.random %k, %s, %s, %s, %s, %s : (i64, i32, i32, i32, i32, i32) -> !tile.tile<8x256xui32, vec>
  func.return
}
// CHECK: generators-invalid.mlir:71:8: error: 'tile.random' op key0 must be i32, got i64

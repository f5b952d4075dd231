// RUN: xdsl-opt --split-input-file --verify-diagnostics %s | filecheck %s

// One invalid use of read, write, get_block_idx or get_block_num per chunk;
// the verifier names the op's location and the rule broken.

// tgetval reads Vec tiles only ('pto.tgetval' op expects src memory space to be vec).
func.func @case0() {
  %x = tile.create : !tile.tile<16x64xf32, mat>
  %c0 = arith.constant 0 : index
  %e = tile.read %x, %c0, %c0 : (!tile.tile<16x64xf32, mat>, index, index) -> f32
  func.return
}
// CHECK: scalar-access-invalid.mlir:10:8: error: 'tile.read' op tile must be in vec, got mat

// -----

// The element has the tile's type.
func.func @case1() {
  %x = tile.create : !tile.tile<16x64xf32, vec>
  %c0 = arith.constant 0 : index
  %e = tile.read %x, %c0, %c0 : (!tile.tile<16x64xf32, vec>, index, index) -> f16
  func.return
}
// CHECK: scalar-access-invalid.mlir:21:8: error: 'tile.read' op result type f16 differs from element type f32

// -----

// One index per dimension, or one flat index.
func.func @case2() {
  %x = tile.create : !tile.tile<16x64xf32, vec>
  %c0 = arith.constant 0 : index
  %e = tile.read %x, %c0, %c0, %c0 : (!tile.tile<16x64xf32, vec>, index, index, index) -> f32
  func.return
}
// CHECK: scalar-access-invalid.mlir:32:8: error: 'tile.read' op expected 2 indices (one per dimension) or one flat index, got 3

// -----

// A constant index lies inside the tile.
func.func @case3() {
  %x = tile.create : !tile.tile<16x64xf32, vec>
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %e = tile.read %x, %c0, %c64 : (!tile.tile<16x64xf32, vec>, index, index) -> f32
  func.return
}
// CHECK: scalar-access-invalid.mlir:44:8: error: 'tile.read' op index 64 is outside dimension 1 of size 64

// -----

// write stores a value of the element type.
func.func @case4(%v: f16) {
  %x = tile.create : !tile.tile<16x64xf32, vec>
  %c0 = arith.constant 0 : index
  %w = tile.write %x, %c0, %c0, %v : (!tile.tile<16x64xf32, vec>, index, index, f16) -> !tile.tile<16x64xf32, vec>
  func.return
}
// CHECK: scalar-access-invalid.mlir:55:8: error: 'tile.write' op value type f16 differs from element type f32

// -----

// write is in place: its result is its tile.
func.func @case5(%v: f32) {
  %x = tile.create : !tile.tile<16x64xf32, vec>
  %c0 = arith.constant 0 : index
  %w = tile.write %x, %c0, %c0, %v : (!tile.tile<16x64xf32, vec>, index, index, f32) -> !tile.tile<16x64xf32, vec, valid = 8x64>
  func.return
}
// CHECK: scalar-access-invalid.mlir:66:8: error: 'tile.write' op result type differs from the tile's (the op writes in place)

// -----

// A flat index counts row-major elements.
func.func @case6(%v: f32) {
  %x = tile.create : !tile.tile<16x64xf32, vec, blayout = col_major>
  %c0 = arith.constant 0 : index
  %w = tile.write %x, %c0, %v : (!tile.tile<16x64xf32, vec, blayout = col_major>, index, f32) -> !tile.tile<16x64xf32, vec, blayout = col_major>
  func.return
}
// CHECK: scalar-access-invalid.mlir:77:8: error: 'tile.write' op a flat index counts elements in row-major order: index a col_major tile with one index per dimension

// -----

// The block index is an index.
func.func @case7() {
  %b = tile.get_block_idx : i32
  func.return
}
// CHECK: scalar-access-invalid.mlir:86:8: error: 'tile.get_block_idx' op result must be index, got i32

// -----

// So is the block count.
func.func @case8() {
  %n = tile.get_block_num : i64
  func.return
}
// CHECK: scalar-access-invalid.mlir:95:8: error: 'tile.get_block_num' op result must be index, got i64

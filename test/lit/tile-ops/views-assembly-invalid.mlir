// RUN: xdsl-opt --split-input-file --verify-diagnostics %s | filecheck %s

// One invalid use of each op of issue 23's views / assembly / cross-core
// family per chunk (reference/tile-op-semantics.md section 9); the verifier
// names the op's location and the rule broken. The expected lines are at the end.

// The shape of a reinterpret_view scales the contiguous axis by the byte ratio.
func.func @reinterpret_view() {
  %x = tile.create : !tile.tile<16x64xf32, vec>
  %h = tile.reinterpret_view %x : (!tile.tile<16x64xf32, vec>) -> !tile.tile<32x64xf16, vec>
  func.return
}

// -----

// A transpose_view flips the layouts with the dimensions.
func.func @transpose_view() {
  %x = tile.create : !tile.tile<16x64xf32, vec>
  %t = tile.transpose_view %x : (!tile.tile<16x64xf32, vec>) -> !tile.tile<64x16xf32, vec, blayout = col_major, pad = 1>
  func.return
}

// -----

// A runtime valid extent is '?' in the result type.
func.func @set_validshape(%n: index) {
  %c5 = arith.constant 5 : index
  %x = tile.create : !tile.tile<16x64xf32, vec>
  %v = tile.set_validshape %x, %c5, %n : (!tile.tile<16x64xf32, vec>, index, index) -> !tile.tile<16x64xf32, vec, valid = 5x64>
  func.return
}

// -----

// A constant valid extent lies within the tile.
func.func @set_validshape_bound(%n: index) {
  %c17 = arith.constant 17 : index
  %x = tile.create : !tile.tile<16x64xf32, vec>
  %v = tile.set_validshape %x, %c17, %n : (!tile.tile<16x64xf32, vec>, index, index) -> !tile.tile<16x64xf32, vec, valid = ?x?>
  func.return
}

// -----

// assemble writes inside its target.
func.func @assemble() {
  %c24 = arith.constant 24 : index
  %c0 = arith.constant 0 : index
  %t = tile.create : !tile.tile<32x64xf32, vec>
  %s = tile.create : !tile.tile<16x64xf32, vec>
  %a = tile.assemble %t, %s, %c24, %c0 : (!tile.tile<32x64xf32, vec>, !tile.tile<16x64xf32, vec>, index, index) -> !tile.tile<32x64xf32, vec>
  func.return
}

// -----

// concat joins tiles of equal rows.
func.func @concat() {
  %a = tile.create : !tile.tile<16x64xf32, vec>
  %b = tile.create : !tile.tile<8x64xf32, vec>
  %c = tile.concat %a, %b : (!tile.tile<16x64xf32, vec>, !tile.tile<8x64xf32, vec>) -> !tile.tile<16x128xf32, vec>
  func.return
}

// -----

// aiv_shard halves the split axis.
func.func @aiv_shard() {
  %a = tile.create : !tile.tile<32x32xf32, acc>
  %h = tile.aiv_shard %a {split = 1 : i64} : (!tile.tile<32x32xf32, acc>) -> !tile.tile<32x32xf32, vec>
  func.return
}

// -----

// aic_gather takes a vec tile.
func.func @aic_gather() {
  %a = tile.create : !tile.tile<16x32xf16, mat>
  %g = tile.aic_gather %a {split = 2 : i64} : (!tile.tile<16x32xf16, mat>) -> !tile.tile<16x64xf16, mat>
  func.return
}

// CHECK: views-assembly-invalid.mlir:10:8: error: 'tile.reinterpret_view' op result must be [16, 128] (valid [16, 128]): the contiguous axis scaled by 4/2 bytes, got [32, 64] (valid [32, 64])
// CHECK: views-assembly-invalid.mlir:19:8: error: 'tile.transpose_view' op result must be !tile.tile<64x16xf32, vec, blayout = col_major> (dimensions, valid extents and layouts swapped), got !tile.tile<64x16xf32, vec, blayout = col_major, pad = 1>
// CHECK: views-assembly-invalid.mlir:29:8: error: 'tile.set_validshape' op valid_cols is a runtime value: the result's valid extent 1 must be '?', got 64
// CHECK: views-assembly-invalid.mlir:39:8: error: 'tile.set_validshape' op valid_rows 17 is outside [0, 16]
// CHECK: views-assembly-invalid.mlir:51:8: error: 'tile.assemble' op the window [16, 64] at offset 24 on axis 0 exceeds the target [32, 64]
// CHECK: views-assembly-invalid.mlir:61:8: error: 'tile.concat' op src0 and src1 need the same rows, got 16 and 8
// CHECK: views-assembly-invalid.mlir:70:8: error: 'tile.aiv_shard' op result must be [16, 32] (valid [16, 32]) for split = 1, got [32, 32] (valid [32, 32])
// CHECK: views-assembly-invalid.mlir:79:8: error: 'tile.aic_gather' op tile must be in vec, got mat

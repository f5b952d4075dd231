// RUN: xdsl-opt --split-input-file --verify-diagnostics %s | filecheck %s

// Each chunk holds one invalid tile.extract; the verifier names the op's
// location and the rule broken.

// The source and the window are 2-D.
func.func @one_d(%in: memref<256xf16>) {
  %c0 = arith.constant 0 : index
  %x = tile.load %in[%c0] : memref<256xf16> -> !tile.tile<256xf16, mat>
  // CHECK: extract-invalid.mlir:[[# @LINE + 1]]:8: error: 'tile.extract' op extract needs a 2-D source and result, got source [256] and result [16, 16]
  %l = tile.extract %x, %c0, %c0 : (!tile.tile<256xf16, mat>, index, index) -> !tile.tile<16x16xf16, left>
  func.return
}

// -----

// The source is a Mat (L1) or a Vec tile.
func.func @acc_source(%a: !tile.tile<64x128xf32, acc>) {
  %c0 = arith.constant 0 : index
  // CHECK: extract-invalid.mlir:[[# @LINE + 1]]:8: error: 'tile.extract' op source must be in mat or vec, got acc
  %l = tile.extract %a, %c0, %c0 : (!tile.tile<64x128xf32, acc>, index, index) -> !tile.tile<64x64xf32, left>
  func.return
}

// -----

// A Vec source's window stays in Vec: no cube operand comes from Vec.
func.func @vec_source(%in: memref<64x128xf16>) {
  %c0 = arith.constant 0 : index
  %x = tile.load %in[%c0, %c0] : memref<64x128xf16> -> !tile.tile<64x128xf16, vec>
  // CHECK: extract-invalid.mlir:[[# @LINE + 1]]:8: error: 'tile.extract' op result of a vec source must be in vec, got left
  %l = tile.extract %x, %c0, %c0 : (!tile.tile<64x128xf16, vec>, index, index) -> !tile.tile<64x64xf16, left>
  func.return
}

// -----

// The result is a cube operand buffer: left or right.
func.func @mat_result(%in: memref<64x128xf16>) {
  %c0 = arith.constant 0 : index
  %x = tile.load %in[%c0, %c0] : memref<64x128xf16> -> !tile.tile<64x128xf16, mat>
  // CHECK: extract-invalid.mlir:[[# @LINE + 1]]:8: error: 'tile.extract' op result of a mat source must be in left or right, got mat
  %l = tile.extract %x, %c0, %c0 : (!tile.tile<64x128xf16, mat>, index, index) -> !tile.tile<64x64xf16, mat>
  func.return
}

// -----

// Extract copies; it does not convert.
func.func @element_type(%in: memref<64x128xf16>) {
  %c0 = arith.constant 0 : index
  %x = tile.load %in[%c0, %c0] : memref<64x128xf16> -> !tile.tile<64x128xf16, mat>
  // CHECK: extract-invalid.mlir:[[# @LINE + 1]]:8: error: 'tile.extract' op element type mismatch: source f16, result f32
  %r = tile.extract %x, %c0, %c0 : (!tile.tile<64x128xf16, mat>, index, index) -> !tile.tile<64x64xf32, right>
  func.return
}

// -----

// A window larger than the source, whatever the offsets (here runtime ones).
func.func @window_too_large(%in: memref<64x128xf16>, %i: index) {
  %c0 = arith.constant 0 : index
  %x = tile.load %in[%c0, %c0] : memref<64x128xf16> -> !tile.tile<64x128xf16, mat>
  // CHECK: extract-invalid.mlir:[[# @LINE + 1]]:8: error: 'tile.extract' op extract window [128, 64] exceeds source shape [64, 128]
  %l = tile.extract %x, %i, %i : (!tile.tile<64x128xf16, mat>, index, index) -> !tile.tile<128x64xf16, left>
  func.return
}

// -----

// A constant offset is non-negative.
func.func @negative_offset(%in: memref<64x128xf16>) {
  %c0 = arith.constant 0 : index
  %cm = arith.constant -16 : index
  %x = tile.load %in[%c0, %c0] : memref<64x128xf16> -> !tile.tile<64x128xf16, mat>
  // CHECK: extract-invalid.mlir:[[# @LINE + 1]]:8: error: 'tile.extract' op extract offsets must be non-negative, got -16
  %l = tile.extract %x, %c0, %cm : (!tile.tile<64x128xf16, mat>, index, index) -> !tile.tile<64x64xf16, left>
  func.return
}

// -----

// A constant column offset keeps the window inside the source.
func.func @column_outside(%in: memref<64x128xf16>) {
  %c0 = arith.constant 0 : index
  %c96 = arith.constant 96 : index
  %x = tile.load %in[%c0, %c0] : memref<64x128xf16> -> !tile.tile<64x128xf16, mat>
  // CHECK: extract-invalid.mlir:[[# @LINE + 1]]:8: error: 'tile.extract' op extract window [64, 64] at column 96 exceeds source shape [64, 128]
  %l = tile.extract %x, %c0, %c96 : (!tile.tile<64x128xf16, mat>, index, index) -> !tile.tile<64x64xf16, left>
  func.return
}

// -----

// So does a constant row offset, even when the column offset is a runtime value.
func.func @row_outside(%in: memref<128x64xf16>, %j: index) {
  %c0 = arith.constant 0 : index
  %c80 = arith.constant 80 : index
  %x = tile.load %in[%c0, %c0] : memref<128x64xf16> -> !tile.tile<128x64xf16, mat>
  // CHECK: extract-invalid.mlir:[[# @LINE + 1]]:8: error: 'tile.extract' op extract window [64, 32] at row 80 exceeds source shape [128, 64]
  %r = tile.extract %x, %c80, %j : (!tile.tile<128x64xf16, mat>, index, index) -> !tile.tile<64x32xf16, right>
  func.return
}

// -----

// The offsets are index values.
func.func @i32_offset(%in: memref<64x128xf16>, %k: i32) {
  %c0 = arith.constant 0 : index
  %x = tile.load %in[%c0, %c0] : memref<64x128xf16> -> !tile.tile<64x128xf16, mat>
  // CHECK: extract-invalid.mlir:[[# @LINE + 2]]:8: error: 'tile.extract' op operand 'index_col' at position 2 does not verify:
  // CHECK-NEXT: i32 should be of base attribute index
  %l = tile.extract %x, %c0, %k : (!tile.tile<64x128xf16, mat>, index, i32) -> !tile.tile<64x64xf16, left>
  func.return
}

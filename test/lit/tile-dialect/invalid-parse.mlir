// RUN: xdsl-opt --split-input-file --parsing-diagnostics %s | filecheck %s

// Tile types are checked while they are parsed, at the type's position; an
// op given the wrong number of operands is a parse error too.

func.func @odd_row(%in: memref<3x5xf32>) {
  %x = tile.create : !tile.tile<3x5xf32, vec>
  func.return
}
// CHECK: invalid-parse.mlir:7:33
// CHECK: a row_major vec tile needs 32-byte rows: 5 x 4 bytes = 20 bytes in shape [3, 5]

// -----

func.func @dynamic() {
  %x = tile.create : !tile.tile<?x64xf32, vec>
  func.return
}
// CHECK: tile shapes must be static (no '?')

// -----

func.func @f64() {
  %x = tile.create : !tile.tile<4x64xf64, vec>
  func.return
}
// CHECK: tile element type must be one of f32, f16, bf16, i8, i16, i32, i64, ui8, ui16, ui32, f8E4M3FN, f8E8M0FNU, f4E2M1FN, got f64

// -----

func.func @space() {
  %x = tile.create : !tile.tile<4x64xf32, ub>
  func.return
}
// CHECK: unknown memory space 'ub' (expected one of vec, mat, left, right, acc, bias, left_scale, right_scale)

// -----

func.func @transpose_needs_tmp(%in: memref<64x32xf32>) {
  %c0 = arith.constant 0 : index
  %x = tile.load %in[%c0, %c0] : memref<64x32xf32> -> !tile.tile<64x32xf32, vec>
  %t = tile.transpose %x : (!tile.tile<64x32xf32, vec>) -> !tile.tile<32x64xf32, vec>
  func.return
}
// CHECK: 'tile.transpose' expects 2 operands, got 1

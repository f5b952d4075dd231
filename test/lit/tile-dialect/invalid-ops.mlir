// RUN: xdsl-opt --split-input-file --verify-diagnostics %s | filecheck %s

// Each chunk holds one invalid kernel; the verifier names the op's location.

func.func @negative_slice(%in: memref<32x64xf32>) {
  %c0 = arith.constant 0 : index
  %cm = arith.constant -8 : index
  %x = tile.load %in[%c0, %c0] : memref<32x64xf32> -> !tile.tile<32x64xf32, vec>
  %s = tile.slice %x, %cm, %c0 : (!tile.tile<32x64xf32, vec>, index, index) -> !tile.tile<16x64xf32, vec>
  func.return
}
// CHECK: invalid-ops.mlir:9:8: error: 'tile.slice' op slice offsets must be non-negative, got -8

// -----

func.func @load_out_of_bounds(%in: memref<64x64xf32>) {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %x = tile.load %in[%c64, %c0] : memref<64x64xf32> -> !tile.tile<64x64xf32, vec>
  func.return
}
// CHECK: invalid-ops.mlir:19:8: error: 'tile.load' op window [64, 128) on axis 0 is outside the tensor's 64 elements

// -----

func.func @row_sum_tmp_is_source(%in: memref<64x64xf32>) {
  %c0 = arith.constant 0 : index
  %x = tile.load %in[%c0, %c0] : memref<64x64xf32> -> !tile.tile<64x64xf32, vec>
  %r = tile.row_sum %x, %x : (!tile.tile<64x64xf32, vec>, !tile.tile<64x64xf32, vec>) -> !tile.tile<64x1xf32, vec>
  func.return
}
// CHECK: invalid-ops.mlir:29:8: error: 'tile.row_sum' op tmp is scratch the op overwrites; it must not be the source

// -----

func.func @shape_mismatch(%in: memref<64x64xf32>) {
  %c0 = arith.constant 0 : index
  %x = tile.load %in[%c0, %c0] : memref<64x64xf32> -> !tile.tile<64x64xf32, vec>
  %y = tile.create : !tile.tile<64x32xf32, vec>
  %z = tile.add %x, %y : (!tile.tile<64x64xf32, vec>, !tile.tile<64x32xf32, vec>) -> !tile.tile<64x64xf32, vec>
  func.return
}
// CHECK: invalid-ops.mlir:40:8: error: 'tile.add' op shape mismatch: lhs [64, 64] vs rhs [64, 32]

// -----

// A bias reaches Bias through Mat: load to mat, then tile.move (pto.tload
// writes only vec or mat tiles). (Found by the fuzzer: the lowering emitted a
// pto.tload into a bias tile that the PTO verifier rejects.)
func.func @load_into_bias(%in: memref<1x64xf32>) {
  %c0 = arith.constant 0 : index
  %b = tile.load %in[%c0, %c0] : memref<1x64xf32> -> !tile.tile<1x64xf32, bias>
  func.return
}
// CHECK: invalid-ops.mlir:52:8: error: 'tile.load' op cannot load from GM into memory space bias (only vec or mat)

// -----

// A dynamic tensor extent prints as '?' (a fresh-user breaker once found the
// internal sentinel printed as the dimension); the static extent is checked.
func.func @dynamic_tensor(%in: memref<?x16xf32>) {
  %c0 = arith.constant 0 : index
  %x = tile.load %in[%c0, %c0] : memref<?x16xf32> -> !tile.tile<16x32xf32, vec>
  func.return
}
// CHECK: invalid-ops.mlir:63:8: error: 'tile.load' op tile shape [16, 32] does not fit in tensor shape [?, 16]

// -----

// The cube multiplies i8 into i32 and f16 / bf16 / f32 into f32 only
// (ptoas v0.48 refuses a pto.tmatmul with an f16 accumulator).
func.func @f16_accumulator(%a: memref<64x64xf16>) {
  %c0 = arith.constant 0 : index
  %ta = tile.load %a[%c0, %c0] : memref<64x64xf16> -> !tile.tile<64x64xf16, mat>
  %c = tile.matmul %ta, %ta : (!tile.tile<64x64xf16, mat>, !tile.tile<64x64xf16, mat>) -> !tile.tile<64x64xf16, acc>
  func.return
}
// CHECK: invalid-ops.mlir:[[# @LINE - 3]]:8: error: 'tile.matmul' op f16 x f16 -> f16 is no cube multiply; the cube takes i8 x i8 -> i32, f16 x f16 -> f32, bf16 x bf16 -> f32, f32 x f32 -> f32 (ptoas v0.48, every target)

// RUN: xdsl-opt --split-input-file --verify-diagnostics %s | filecheck %s

// One invalid use of each cube-family op per chunk (and a rank-3 tile where
// only the batched matmuls take one); the verifier names the op's location
// and the rule broken. The expected lines are at the end.

func.func @batch_matmul() {
  %l = tile.create : !tile.tile<2x32x32xf16, left>
  %r = tile.create : !tile.tile<3x32x32xf16, right>
  %a = tile.batch_matmul %l, %r : (!tile.tile<2x32x32xf16, left>, !tile.tile<3x32x32xf16, right>) -> !tile.tile<2x32x32xf32, acc>
  func.return
}

// -----

func.func @batch_matmul_acc() {
  %acc = tile.create : !tile.tile<2x32x32xf32, acc>
  %l = tile.create : !tile.tile<2x32x32xf16, left>
  %r = tile.create : !tile.tile<32x16xf16, right>
  %a = tile.batch_matmul_acc %acc, %l, %r : (!tile.tile<2x32x32xf32, acc>, !tile.tile<2x32x32xf16, left>, !tile.tile<32x16xf16, right>) -> !tile.tile<2x32x32xf32, acc>
  func.return
}

// -----

func.func @gemv() {
  %l = tile.create : !tile.tile<2x64xf16, left>
  %r = tile.create : !tile.tile<64x32xf16, right>
  %a = tile.gemv %l, %r : (!tile.tile<2x64xf16, left>, !tile.tile<64x32xf16, right>) -> !tile.tile<16x32xf32, acc, valid = 1x32>
  func.return
}

// -----

func.func @gemv_acc() {
  %acc = tile.create : !tile.tile<16x32xf32, acc>
  %l = tile.create : !tile.tile<1x64xf16, left>
  %r = tile.create : !tile.tile<64x32xf16, right>
  %a = tile.gemv_acc %acc, %l, %r : (!tile.tile<16x32xf32, acc>, !tile.tile<1x64xf16, left>, !tile.tile<64x32xf16, right>) -> !tile.tile<16x32xf32, acc>
  func.return
}

// -----

func.func @gemv_bias() {
  %l = tile.create : !tile.tile<1x64xi8, left>
  %r = tile.create : !tile.tile<64x32xi8, right>
  %b = tile.create : !tile.tile<1x32xf32, bias>
  %a = tile.gemv_bias %l, %r, %b : (!tile.tile<1x64xi8, left>, !tile.tile<64x32xi8, right>, !tile.tile<1x32xf32, bias>) -> !tile.tile<16x32xi32, acc, valid = 1x32>
  func.return
}

// -----

func.func @gemv_phase() {
  %l = tile.create : !tile.tile<1x64xf16, left>
  %r = tile.create : !tile.tile<64x32xf16, right>
  %a = tile.gemv %l, %r {acc_phase = "middle"} : (!tile.tile<1x64xf16, left>, !tile.tile<64x32xf16, right>) -> !tile.tile<16x32xf32, acc, valid = 1x32>
  func.return
}

// -----

func.func @matmul_mx() {
  %l = tile.create : !tile.tile<32x64xf16, left>
  %ls = tile.create : !tile.tile<32x2xf8E8M0FNU, left_scale>
  %r = tile.create : !tile.tile<64x32xf16, right>
  %rs = tile.create : !tile.tile<2x32xf8E8M0FNU, right_scale>
  %a = tile.matmul_mx %l, %ls, %r, %rs : (!tile.tile<32x64xf16, left>, !tile.tile<32x2xf8E8M0FNU, left_scale>, !tile.tile<64x32xf16, right>, !tile.tile<2x32xf8E8M0FNU, right_scale>) -> !tile.tile<32x32xf32, acc>
  func.return
}

// -----

func.func @matmul_mx_acc() {
  %acc = tile.create : !tile.tile<32x32xf32, acc>
  %l = tile.create : !tile.tile<32x64xf8E4M3FN, left>
  %ls = tile.create : !tile.tile<32x4xf8E8M0FNU, left_scale>
  %r = tile.create : !tile.tile<64x32xf8E4M3FN, right>
  %rs = tile.create : !tile.tile<2x32xf8E8M0FNU, right_scale>
  %a = tile.matmul_mx_acc %acc, %l, %ls, %r, %rs : (!tile.tile<32x32xf32, acc>, !tile.tile<32x64xf8E4M3FN, left>, !tile.tile<32x4xf8E8M0FNU, left_scale>, !tile.tile<64x32xf8E4M3FN, right>, !tile.tile<2x32xf8E8M0FNU, right_scale>) -> !tile.tile<32x32xf32, acc>
  func.return
}

// -----

func.func @matmul_mx_bias() {
  %l = tile.create : !tile.tile<32x96xf8E4M3FN, left>
  %ls = tile.create : !tile.tile<32x3xf8E8M0FNU, left_scale>
  %r = tile.create : !tile.tile<96x32xf8E4M3FN, right>
  %rs = tile.create : !tile.tile<3x32xf8E8M0FNU, right_scale>
  %b = tile.create : !tile.tile<1x32xf32, bias>
  %a = tile.matmul_mx_bias %l, %ls, %r, %rs, %b : (!tile.tile<32x96xf8E4M3FN, left>, !tile.tile<32x3xf8E8M0FNU, left_scale>, !tile.tile<96x32xf8E4M3FN, right>, !tile.tile<3x32xf8E8M0FNU, right_scale>, !tile.tile<1x32xf32, bias>) -> !tile.tile<32x32xf32, acc>
  func.return
}

// -----

func.func @tget_scale_addr() {
  %rs = tile.create : !tile.tile<2x32xf8E8M0FNU, right_scale>
  %l = tile.create : !tile.tile<32x64xf8E4M3FN, left>
  %s = tile.tget_scale_addr %rs, %l : (!tile.tile<2x32xf8E8M0FNU, right_scale>, !tile.tile<32x64xf8E4M3FN, left>) -> !tile.tile<2x32xf8E8M0FNU, right_scale>
  func.return
}

// -----

func.func @rank3_elsewhere() {
  %x = tile.create : !tile.tile<2x16x32xf32, vec>
  %y = tile.exp %x : (!tile.tile<2x16x32xf32, vec>) -> !tile.tile<2x16x32xf32, vec>
  func.return
}

// CHECK: cube-family-invalid.mlir:10:8: error: 'tile.batch_matmul' op batch dimensions [2] and [3] do not broadcast
// CHECK: cube-family-invalid.mlir:20:8: error: 'tile.batch_matmul_acc' op result must be [2, 32, 16] for lhs [2, 32, 32] and rhs [32, 16], got [2, 32, 32]
// CHECK: cube-family-invalid.mlir:29:8: error: 'tile.gemv' op a gemv lhs is one row [1, K], got [2, 64]
// CHECK: cube-family-invalid.mlir:39:8: error: 'tile.gemv_acc' op a gemv result is [16, 32] with valid 1x32 (16 physical rows, one logical), got [16, 32] valid [16, 32]
// CHECK: cube-family-invalid.mlir:49:8: error: 'tile.gemv_bias' op bias element type f32 differs from the result's i32
// CHECK: cube-family-invalid.mlir:58:8: error: 'tile.gemv' op acc_phase must be one of unspecified, partial, final, got "middle"
// CHECK: cube-family-invalid.mlir:69:8: error: 'tile.matmul_mx' op lhs must be f8E4M3FN (the reference's MX pair; cast fp4 data to it first), got f16
// CHECK: cube-family-invalid.mlir:81:8: error: 'tile.matmul_mx_acc' op lhs_scale must be a fully valid [32, 2] for lhs [32, 64] and rhs [64, 32], got [32, 4]
// CHECK: cube-family-invalid.mlir:93:8: error: 'tile.matmul_mx_bias' op an MX matmul's K is a multiple of 64, got 96
// CHECK: cube-family-invalid.mlir:102:8: error: 'tile.tget_scale_addr' op src must be in right, got left
// CHECK: cube-family-invalid.mlir:110:8: error: 'tile.exp' op operand 0 is a rank-3 tile; only tile.batch_matmul, tile.batch_matmul_acc and the loads, moves, stores and creates that feed them take tiles of rank 3 or more

// RUN: xdsl-opt --split-input-file --verify-diagnostics %s | filecheck %s

// Before auto-tile-matmul-l0 a matmul's lhs may be in left, mat or vec and
// its rhs in right or mat (matmul_bias: lhs in left or mat); anywhere else is
// a verifier error naming the allowed spaces.

func.func @rhs_in_vec(%a: memref<64x64xf16>) {
  %c0 = arith.constant 0 : index
  %x = tile.load %a[%c0, %c0] : memref<64x64xf16> -> !tile.tile<64x64xf16, mat>
  %y = tile.load %a[%c0, %c0] : memref<64x64xf16> -> !tile.tile<64x64xf16, vec>
  %r = tile.matmul %x, %y : (!tile.tile<64x64xf16, mat>, !tile.tile<64x64xf16, vec>) -> !tile.tile<64x64xf32, acc>
  func.return
}
// CHECK: matmul-operand-spaces.mlir:11:8: error: 'tile.matmul' op rhs must be in right or mat, got vec

// -----

func.func @lhs_in_acc(%a: memref<64x64xf16>) {
  %c0 = arith.constant 0 : index
  %x = tile.create : !tile.tile<64x64xf16, acc>
  %y = tile.load %a[%c0, %c0] : memref<64x64xf16> -> !tile.tile<64x64xf16, mat>
  %t = tile.create : !tile.tile<64x64xf32, acc>
  %f = arith.constant false
  %r = tile.matmul_acc %t, %x, %y, %f : (!tile.tile<64x64xf32, acc>, !tile.tile<64x64xf16, acc>, !tile.tile<64x64xf16, mat>, i1) -> !tile.tile<64x64xf32, acc>
  func.return
}
// CHECK: matmul-operand-spaces.mlir:24:8: error: 'tile.matmul_acc' op lhs must be in left, mat, vec, got acc

// -----

func.func @bias_lhs_in_vec(%a: memref<64x64xf16>, %bias: memref<1x64xf32>) {
  %c0 = arith.constant 0 : index
  %x = tile.load %a[%c0, %c0] : memref<64x64xf16> -> !tile.tile<64x64xf16, vec>
  %y = tile.load %a[%c0, %c0] : memref<64x64xf16> -> !tile.tile<64x64xf16, mat>
  %bm = tile.load %bias[%c0, %c0] : memref<1x64xf32> -> !tile.tile<1x64xf32, mat>
  %b = tile.move %bm : (!tile.tile<1x64xf32, mat>) -> !tile.tile<1x64xf32, bias>
  %r = tile.matmul_bias %x, %y, %b : (!tile.tile<64x64xf16, vec>, !tile.tile<64x64xf16, mat>, !tile.tile<1x64xf32, bias>) -> !tile.tile<64x64xf32, acc>
  func.return
}
// CHECK: matmul-operand-spaces.mlir:37:8: error: 'tile.matmul_bias' op lhs must be in left, mat, got vec

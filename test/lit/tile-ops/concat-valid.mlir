// RUN: xdsl-opt %s | filecheck %s
// RUN: xdsl-opt --split-input-file --verify-diagnostics %S/Inputs/concat-valid-invalid.mlir | filecheck %s --check-prefix=BAD

// A concat's result is fully valid, or says exactly what was written: the
// sources' common valid rows and the sum of their valid widths (the real
// kernels concat tiles of valid shape [0, 0], qk_pv_skew_probe*; issue 24).

// CHECK: %c = tile.concat %a, %b : (!tile.tile<1x2048xbf16, vec, valid = 0x0>, !tile.tile<1x2048xbf16, vec, valid = 0x0>) -> !tile.tile<1x4096xbf16, vec, valid = 0x0>
// CHECK: %d = tile.concat %p, %q : (!tile.tile<16x64xf32, vec, valid = 16x48>, !tile.tile<16x64xf32, vec>) -> !tile.tile<16x128xf32, vec, valid = 16x112>
func.func @exact_valid() {
  %a = tile.create : !tile.tile<1x2048xbf16, vec, valid = 0x0>
  %b = tile.create : !tile.tile<1x2048xbf16, vec, valid = 0x0>
  %c = tile.concat %a, %b : (!tile.tile<1x2048xbf16, vec, valid = 0x0>, !tile.tile<1x2048xbf16, vec, valid = 0x0>) -> !tile.tile<1x4096xbf16, vec, valid = 0x0>
  %p = tile.create : !tile.tile<16x64xf32, vec, valid = 16x48>
  %q = tile.create : !tile.tile<16x64xf32, vec>
  %d = tile.concat %p, %q : (!tile.tile<16x64xf32, vec, valid = 16x48>, !tile.tile<16x64xf32, vec>) -> !tile.tile<16x128xf32, vec, valid = 16x112>
  func.return
}

// Any other valid shape is refused, naming the two it may be.
// BAD: concat-valid-invalid.mlir:6:8: error: 'tile.concat' op result must be [16, 128] and fully valid or valid [16, 112], got !tile.tile<16x128xf32, vec, valid = 16x96>

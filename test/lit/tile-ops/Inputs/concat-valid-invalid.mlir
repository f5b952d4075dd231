// concat-valid.mlir's refused form.
func.func @inexact_valid() {
  %p = tile.create : !tile.tile<16x64xf32, vec, valid = 16x48>
  %q = tile.create : !tile.tile<16x64xf32, vec>
  // the valid widths add up to 112, not 96
  %d = tile.concat %p, %q : (!tile.tile<16x64xf32, vec, valid = 16x48>, !tile.tile<16x64xf32, vec>) -> !tile.tile<16x128xf32, vec, valid = 16x96>
  func.return
}

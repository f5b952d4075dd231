// Bytes read as fp4 through a view (README, "fp4"): lowered by
// convert-tile-to-pto/err-fp4-treshape.mlir under pypto and dsa_rp.
func.func @to_fp4(%a: memref<16x32xui8>, %out: memref<16x64xbf16>) {
  %c0 = arith.constant 0 : index
  %x = tile.load %a[%c0, %c0] : memref<16x32xui8> -> !tile.tile<16x32xui8, vec>
  %f = tile.reinterpret_view %x : (!tile.tile<16x32xui8, vec>) -> !tile.tile<16x64xf4E2M1FN, vec>
  %y = tile.cast %f {mode = "none"} : (!tile.tile<16x64xf4E2M1FN, vec>) -> !tile.tile<16x64xbf16, vec>
  tile.store %y, %out[%c0, %c0] : !tile.tile<16x64xbf16, vec>, memref<16x64xbf16>
  func.return
}

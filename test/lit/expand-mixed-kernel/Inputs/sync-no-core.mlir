// An explicit event in a mixed kernel that names no core: sync.mlir.
func.func @mix(%x: memref<32x32xf16>, %out: memref<16x32xf32> {tile.out}) {
  %c0 = arith.constant 0 : index
  %xm = tile.load %x[%c0, %c0] : memref<32x32xf16> -> !tile.tile<32x32xf16, mat>
  %xl = tile.move %xm : (!tile.tile<32x32xf16, mat>) -> !tile.tile<32x32xf16, left>
  %xr = tile.move %xm : (!tile.tile<32x32xf16, mat>) -> !tile.tile<32x32xf16, right>
  %acc = tile.matmul %xl, %xr : (!tile.tile<32x32xf16, left>, !tile.tile<32x32xf16, right>) -> !tile.tile<32x32xf32, acc>
  tile.sync_set {pipe = "PIPE_MTE3", event_id = 2 : i64}
  %h = tile.aiv_shard %acc {split = 1 : i64} : (!tile.tile<32x32xf32, acc>) -> !tile.tile<16x32xf32, vec>
  tile.store %h, %out[%c0, %c0] : !tile.tile<16x32xf32, vec>, memref<16x32xf32>
  func.return
}

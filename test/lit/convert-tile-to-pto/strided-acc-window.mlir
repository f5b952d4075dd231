// RUN: xdsl-opt -p 'pto-plan-memory{backend=a3},convert-tile-to-pto' %s | filecheck %s
// RUN: xdsl-opt -p 'pto-plan-memory{planner=dsa_rp backend=a3},convert-tile-to-pto' %s | filecheck %s

// A window whose bytes are not one run of its source's -- rows 16..31 of a
// 64x128 Acc tile, whose NZ boxes put each 16-row band of a column block
// apart -- has no baked alloc_tile (one address, one run). Under pypto and
// dsa_rp it is a pto.subview of its source's handle, as under planner=ptoas
// and as the reference writes it at level3 (qwen3_14b/qk_pv_skew_probe
// pushes such bands of its score tile to the vector core; issue 24).
// Before, the lowering refused it ("this tile.slice is not one contiguous
// run of its source's bytes ...").
// CHECK:      %c = pto.alloc_tile addr = %c0_i64 : [[ACC:!pto.tile_buf<loc=acc, dtype=f32, rows=64, cols=128, v_row=64, v_col=128, blayout=col_major, slayout=row_major, fractal=1024, pad=0>]]
// CHECK:      %w = pto.subview %c[%c16, %c0] sizes [16, 128] : [[ACC]] -> [[BAND:!pto.tile_buf<loc=acc, dtype=f32, rows=16, cols=128, v_row=16, v_col=128, blayout=col_major, slayout=row_major, fractal=1024, pad=0>]]
// CHECK:      pto.tstore ins(%w : [[BAND]]) outs(
func.func @acc_rows(%a: memref<64x128xbf16>, %b: memref<128x128xbf16>, %o: memref<16x128xf32> {tile.out}) attributes {tile.function_kind = "aic"} {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %am = tile.load %a[%c0, %c0] : memref<64x128xbf16> -> !tile.tile<64x128xbf16, mat>
  %bm = tile.load %b[%c0, %c0] : memref<128x128xbf16> -> !tile.tile<128x128xbf16, mat>
  %l = tile.move %am : (!tile.tile<64x128xbf16, mat>) -> !tile.tile<64x128xbf16, left, blayout = col_major>
  %r = tile.move %bm : (!tile.tile<128x128xbf16, mat>) -> !tile.tile<128x128xbf16, right>
  %c = tile.matmul %l, %r : (!tile.tile<64x128xbf16, left, blayout = col_major>, !tile.tile<128x128xbf16, right>) -> !tile.tile<64x128xf32, acc>
  %w = tile.slice %c, %c16, %c0 : (!tile.tile<64x128xf32, acc>, index, index) -> !tile.tile<16x128xf32, acc>
  tile.store %w, %o[%c0, %c0] : !tile.tile<16x128xf32, acc>, memref<16x128xf32>
  func.return
}

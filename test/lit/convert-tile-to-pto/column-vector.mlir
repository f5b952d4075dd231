// RUN: xdsl-opt -p 'pto-plan-memory{backend=a3},convert-tile-to-pto' %s | filecheck %s

// A [M, 1] GM tensor is a column vector: strides [1, M] and the dn layout
// (a [1, N] row and an [M, N] matrix stay nd with row-major strides). The
// [64, 1] tile is col_major.
// CHECK:      %c64_index = arith.constant 64 : index
// CHECK-NEXT: %c1_index = arith.constant 1 : index
// CHECK-NEXT: %c128_index = arith.constant 128 : index
// CHECK:      pto.make_tensor_view %v, shape = [%c64_index, %c1_index], strides = [%c1_index, %c64_index] {layout = #pto.layout<dn>} : !pto.tensor_view<?x?xf32>
// CHECK-NEXT: pto.make_tensor_view %r, shape = [%c1_index, %c128_index], strides = [%c128_index, %c1_index] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf32>
// CHECK-NEXT: pto.make_tensor_view %m, shape = [%c64_index, %c128_index], strides = [%c128_index, %c1_index] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf32>
// CHECK:      %tv = pto.alloc_tile addr = %c0_i64 : !pto.tile_buf<loc=vec, dtype=f32, rows=64, cols=1, v_row=64, v_col=1, blayout=col_major, slayout=none_box, fractal=512, pad=0>
// CHECK:      pto.partition_view %{{[0-9]+}}, offsets = [%c0, %c0], sizes = [%c64_index, %c1_index] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<64x1xf32>
func.func @colvec(%v: memref<64x1xf32>, %r: memref<1x128xf32>, %m: memref<64x128xf32>) {
  %c0 = arith.constant 0 : index
  %tv = tile.load %v[%c0, %c0] : memref<64x1xf32> -> !tile.tile<64x1xf32, vec>
  %tm = tile.load %m[%c0, %c0] : memref<64x128xf32> -> !tile.tile<64x128xf32, vec>
  %tr = tile.load %r[%c0, %c0] : memref<1x128xf32> -> !tile.tile<1x128xf32, vec>
  %s = tile.row_expand_sub %tm, %tv : (!tile.tile<64x128xf32, vec>, !tile.tile<64x1xf32, vec>) -> !tile.tile<64x128xf32, vec>
  %p = tile.col_expand_mul %s, %tr : (!tile.tile<64x128xf32, vec>, !tile.tile<1x128xf32, vec>) -> !tile.tile<64x128xf32, vec>
  tile.store %p, %m[%c0, %c0] : !tile.tile<64x128xf32, vec>, memref<64x128xf32>
  tile.store %tv, %v[%c0, %c0] : !tile.tile<64x1xf32, vec>, memref<64x1xf32>
  func.return
}

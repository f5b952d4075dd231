// RUN: xdsl-opt -p 'pto-plan-memory{backend=a5},convert-tile-to-pto' %s | filecheck %s

// A remote load of a 4-bit distributed tensor (a5): ptoas addresses it by
// element pairs (!pto.f4E2M1x2, one byte each), so the window distance is
// divided by 1 and the peer's view has the local view's pair shape.

func.func @k(%d: memref<16x64xf4E2M1FN> {tile.distributed}, %o: memref<16x64xbf16>, %peer: index) {
  %c0 = arith.constant 0 : index
  %r = tile.remote_load %d[%c0, %c0] from %peer : memref<16x64xf4E2M1FN> -> !tile.tile<16x64xf4E2M1FN, vec>
  %y = tile.cast %r : (!tile.tile<16x64xf4E2M1FN, vec>) -> !tile.tile<16x64xbf16, vec>
  tile.store %y, %o[%c0, %c0] : !tile.tile<16x64xbf16, vec>, memref<16x64xbf16>
  func.return
}

// CHECK: %10 = arith.divsi %9, %c1_i64 : i64
// CHECK-NEXT: %11 = arith.index_cast %10 : i64 to index
// CHECK-NEXT: %12 = pto.addptr %d, %11 : !pto.ptr<!pto.f4E2M1x2> -> !pto.ptr<!pto.f4E2M1x2>
// CHECK-NEXT: %13 = pto.make_tensor_view %12, shape = [%c16_index, %c32_index], strides = [%c32_index, %c1_index] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?x!pto.f4E2M1x2>
// CHECK-NEXT: %d_peer_pview = pto.partition_view %13, offsets = [%c0, %c0_index], sizes = [%c16_index, %c32_index] : !pto.tensor_view<?x?x!pto.f4E2M1x2> -> !pto.partition_tensor_view<16x32x!pto.f4E2M1x2>
// CHECK-NEXT: pto.tload ins(%d_peer_pview : !pto.partition_tensor_view<16x32x!pto.f4E2M1x2>) outs(%r : !pto.tile_buf<loc=vec, dtype=!pto.f4E2M1x2, rows=16, cols=32, v_row=16, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>)

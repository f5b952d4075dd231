// RUN: xdsl-opt -p 'pto-plan-memory{backend=a3},convert-tile-to-pto' %s | filecheck %s

// The whole lowered module of a 32x32 f32 vadd, line by line: the target on
// the module, GM arguments as !pto.ptr, then constants (deduplicated, named
// %c<value>_<type>), one make_tensor_view per GM argument (row-major
// strides [32, 1], nd layout), one alloc_tile per distinct buffer with its
// planned address (%tc reuses %ta's bytes and handle), then the body:
// partition_view + tload / tstore around the tadd in destination-passing
// style.
// CHECK:      builtin.module attributes {pto.target_arch = "a3"} {
// CHECK-NEXT:   func.func @vadd(%a: !pto.ptr<f32>, %b: !pto.ptr<f32>, %o: !pto.ptr<f32>) attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
// CHECK-NEXT:     %c32_index = arith.constant 32 : index
// CHECK-NEXT:     %c1_index = arith.constant 1 : index
// CHECK-NEXT:     %c0_i64 = arith.constant 0 : i64
// CHECK-NEXT:     %c4096_i64 = arith.constant 4096 : i64
// CHECK-NEXT:     %[[VA:[0-9]+]] = pto.make_tensor_view %a, shape = [%c32_index, %c32_index], strides = [%c32_index, %c1_index] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf32>
// CHECK-NEXT:     %[[VB:[0-9]+]] = pto.make_tensor_view %b, shape = [%c32_index, %c32_index], strides = [%c32_index, %c1_index] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf32>
// CHECK-NEXT:     %[[VO:[0-9]+]] = pto.make_tensor_view %o, shape = [%c32_index, %c32_index], strides = [%c32_index, %c1_index] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf32>
// CHECK-NEXT:     %ta = pto.alloc_tile addr = %c0_i64 : !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=32, v_row=32, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>
// CHECK-NEXT:     %tb = pto.alloc_tile addr = %c4096_i64 : !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=32, v_row=32, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>
// CHECK-NEXT:     %c0 = arith.constant 0 : index
// CHECK-NEXT:     %[[PA:[0-9]+]] = pto.partition_view %[[VA]], offsets = [%c0, %c0], sizes = [%c32_index, %c32_index] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<32x32xf32>
// CHECK-NEXT:     pto.tload ins(%[[PA]] : !pto.partition_tensor_view<32x32xf32>) outs(%ta : !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=32, v_row=32, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
// CHECK-NEXT:     %[[PB:[0-9]+]] = pto.partition_view %[[VB]], offsets = [%c0, %c0], sizes = [%c32_index, %c32_index] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<32x32xf32>
// CHECK-NEXT:     pto.tload ins(%[[PB]] : !pto.partition_tensor_view<32x32xf32>) outs(%tb : !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=32, v_row=32, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
// CHECK-NEXT:     pto.tadd ins(%ta, %tb : !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=32, v_row=32, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>, !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=32, v_row=32, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%ta : !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=32, v_row=32, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
// CHECK-NEXT:     %[[PO:[0-9]+]] = pto.partition_view %[[VO]], offsets = [%c0, %c0], sizes = [%c32_index, %c32_index] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<32x32xf32>
// CHECK-NEXT:     pto.tstore ins(%ta : !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=32, v_row=32, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%[[PO]] : !pto.partition_tensor_view<32x32xf32>)
// CHECK-NEXT:     func.return
// CHECK-NEXT:   }
// CHECK-NEXT: }
// CHECK-NOT:  tile.
func.func @vadd(%a: memref<32x32xf32>, %b: memref<32x32xf32>, %o: memref<32x32xf32>) {
  %c0 = arith.constant 0 : index
  %ta = tile.load %a[%c0, %c0] : memref<32x32xf32> -> !tile.tile<32x32xf32, vec>
  %tb = tile.load %b[%c0, %c0] : memref<32x32xf32> -> !tile.tile<32x32xf32, vec>
  %tc = tile.add %ta, %tb : (!tile.tile<32x32xf32, vec>, !tile.tile<32x32xf32, vec>) -> !tile.tile<32x32xf32, vec>
  tile.store %tc, %o[%c0, %c0] : !tile.tile<32x32xf32, vec>, memref<32x32xf32>
  func.return
}

// RUN: xdsl-opt %s | filecheck %s
// RUN: xdsl-opt %s | xdsl-opt | filecheck %s

// A vector kernel in the form ptoas reads: every line below must print back
// exactly as written (long-form tile types, `ins` operands before one `:`).

builtin.module attributes {pto.target_arch = "a3"} {
  func.func @row_softmax(%arg0: !pto.ptr<f32>, %arg1: !pto.ptr<f32>, %scale: f32) attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
    %c0_index = arith.constant 0 : index
    %c1_index = arith.constant 1 : index
    %c32_index = arith.constant 32 : index
    %c0_i64 = arith.constant 0 : i64
    %c4096_i64 = arith.constant 4096 : i64
    %c8192_i64 = arith.constant 8192 : i64
    %x_view = pto.make_tensor_view %arg0, shape = [%c32_index, %c32_index], strides = [%c32_index, %c1_index] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf32>
    %y_view = pto.make_tensor_view %arg1, shape = [%c32_index, %c32_index], strides = [%c32_index, %c1_index] : !pto.tensor_view<?x?xf32>
    %x = pto.alloc_tile addr = %c0_i64 valid_row = %c32_index valid_col = %c32_index : !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=32, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>
    %tmp = pto.alloc_tile addr = %c4096_i64 : !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=32, v_row=32, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>
    %sum = pto.alloc_tile addr = %c8192_i64 : !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=1, v_row=32, v_col=1, blayout=col_major, slayout=none_box, fractal=512, pad=0>
    %x_part = pto.partition_view %x_view, offsets = [%c0_index, %c0_index], sizes = [%c32_index, %c32_index] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<32x32xf32>
    pto.tload ins(%x_part : !pto.partition_tensor_view<32x32xf32>) outs(%x : !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=32, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
    pto.tmuls ins(%x, %scale : !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=32, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>, f32) outs(%x : !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=32, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
    pto.texp ins(%x : !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=32, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%x : !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=32, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
    pto.trowsum ins(%x, %tmp : !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=32, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>, !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=32, v_row=32, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%sum : !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=1, v_row=32, v_col=1, blayout=col_major, slayout=none_box, fractal=512, pad=0>)
    pto.trowexpanddiv ins(%x, %sum : !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=32, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>, !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=1, v_row=32, v_col=1, blayout=col_major, slayout=none_box, fractal=512, pad=0>) outs(%x : !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=32, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
    %y_part = pto.partition_view %y_view, offsets = [%c0_index, %c0_index], sizes = [%c32_index, %c32_index] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<32x32xf32>
    pto.tstore ins(%x : !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=32, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%y_part : !pto.partition_tensor_view<32x32xf32>)
    func.return
  }
}

// CHECK:      builtin.module attributes {pto.target_arch = "a3"} {
// CHECK-NEXT:   func.func @row_softmax(%arg0: !pto.ptr<f32>, %arg1: !pto.ptr<f32>, %scale: f32) attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
// CHECK-NEXT:     %c0_index = arith.constant 0 : index
// CHECK-NEXT:     %c1_index = arith.constant 1 : index
// CHECK-NEXT:     %c32_index = arith.constant 32 : index
// CHECK-NEXT:     %c0_i64 = arith.constant 0 : i64
// CHECK-NEXT:     %c4096_i64 = arith.constant 4096 : i64
// CHECK-NEXT:     %c8192_i64 = arith.constant 8192 : i64
// CHECK-NEXT:     %x_view = pto.make_tensor_view %arg0, shape = [%c32_index, %c32_index], strides = [%c32_index, %c1_index] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf32>
// CHECK-NEXT:     %y_view = pto.make_tensor_view %arg1, shape = [%c32_index, %c32_index], strides = [%c32_index, %c1_index] : !pto.tensor_view<?x?xf32>
// CHECK-NEXT:     %x = pto.alloc_tile addr = %c0_i64 valid_row = %c32_index valid_col = %c32_index : !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=32, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>
// CHECK-NEXT:     %tmp = pto.alloc_tile addr = %c4096_i64 : !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=32, v_row=32, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>
// CHECK-NEXT:     %sum = pto.alloc_tile addr = %c8192_i64 : !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=1, v_row=32, v_col=1, blayout=col_major, slayout=none_box, fractal=512, pad=0>
// CHECK-NEXT:     %x_part = pto.partition_view %x_view, offsets = [%c0_index, %c0_index], sizes = [%c32_index, %c32_index] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<32x32xf32>
// CHECK-NEXT:     pto.tload ins(%x_part : !pto.partition_tensor_view<32x32xf32>) outs(%x : !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=32, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
// CHECK-NEXT:     pto.tmuls ins(%x, %scale : !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=32, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>, f32) outs(%x : !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=32, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
// CHECK-NEXT:     pto.texp ins(%x : !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=32, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%x : !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=32, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
// CHECK-NEXT:     pto.trowsum ins(%x, %tmp : !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=32, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>, !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=32, v_row=32, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%sum : !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=1, v_row=32, v_col=1, blayout=col_major, slayout=none_box, fractal=512, pad=0>)
// CHECK-NEXT:     pto.trowexpanddiv ins(%x, %sum : !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=32, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>, !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=1, v_row=32, v_col=1, blayout=col_major, slayout=none_box, fractal=512, pad=0>) outs(%x : !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=32, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
// CHECK-NEXT:     %y_part = pto.partition_view %y_view, offsets = [%c0_index, %c0_index], sizes = [%c32_index, %c32_index] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<32x32xf32>
// CHECK-NEXT:     pto.tstore ins(%x : !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=32, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%y_part : !pto.partition_tensor_view<32x32xf32>)
// CHECK-NEXT:     func.return
// CHECK-NEXT:   }
// CHECK-NEXT: }

// RUN: xdsl-opt %s --print-op-generic | filecheck %s --check-prefix=GENERIC
// RUN: xdsl-opt %s --print-op-generic | xdsl-opt | filecheck %s

// The generic form keeps operand segments as a property and prints back to the
// custom form unchanged.

!vec = !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>
builtin.module {
  func.func @generic(%p: !pto.ptr<f32>) {
    %c0_i64 = arith.constant 0 : i64
    %c16 = arith.constant 16 : index
    %tv = pto.make_tensor_view %p, shape = [%c16], strides = [%c16] : !pto.tensor_view<?xf32>
    %t = pto.alloc_tile addr = %c0_i64 valid_row = %c16 valid_col = %c16 : !vec
    pto.tcmps ins(%t, %c16 {cmpMode = #pto<cmp gt>} : !vec, index) outs(%t : !vec)
    func.return
  }
}

// GENERIC: "pto.make_tensor_view"(%p, %c16, %c16) <{operandSegmentSizes = array<i32: 1, 1, 1>}> : (!pto.ptr<f32>, index, index) -> !pto.tensor_view<?xf32>
// GENERIC: "pto.alloc_tile"(%c0_i64, %c16, %c16) <{operandSegmentSizes = array<i32: 1, 1, 1>}> : (i64, index, index) -> !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>
// GENERIC: "pto.tcmps"(%t, %c16, %t) <{operandSegmentSizes = array<i32: 2, 1>}> {cmpMode = #pto<cmp gt>}

// CHECK: %tv = pto.make_tensor_view %p, shape = [%c16], strides = [%c16] : !pto.tensor_view<?xf32>
// CHECK: %t = pto.alloc_tile addr = %c0_i64 valid_row = %c16 valid_col = %c16 : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>
// CHECK: pto.tcmps ins(%t, %c16 {cmpMode = #pto<cmp gt>} : !pto.tile_buf<{{.*}}>, index) outs(%t : !pto.tile_buf<{{.*}}>)

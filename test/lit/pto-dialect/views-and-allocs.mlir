// RUN: xdsl-opt %s | filecheck %s

// Allocation variants, the multi-slot region, tile views and trailing locations.

builtin.module {
  func.func @views(%arg0: !pto.ptr<f32>) {
    %c0_index = arith.constant 0 : index
    %c1_index = arith.constant 1 : index
    %c2_index = arith.constant 2 : index
    %c4_index = arith.constant 4 : index
    %c8_index = arith.constant 8 : index
    %c64_index = arith.constant 64 : index
    %c0_i64 = arith.constant 0 : i64
    %col = pto.make_tensor_view %arg0, shape = [%c64_index, %c1_index], strides = [%c1_index, %c64_index] {layout = #pto.layout<dn>} : !pto.tensor_view<?x?xf32> loc("kernel.py":3:5)
    %t = pto.alloc_tile addr = %c0_i64 valid_row = %c64_index valid_col = %c64_index : !pto.tile_buf<loc=vec, dtype=f32, rows=64, cols=64, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0> loc("kernel.py":4:5)
    %half = pto.alloc_tile valid_row = %c8_index : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=?, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=1, compact=1>
    %mb = pto.alloc_multi_tile valid_row = %c64_index valid_col = %c64_index : !pto.multi_tile_buf<!pto.tile_buf<loc=vec, dtype=f32, rows=64, cols=64, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>, count=2>
    scf.for %i = %c0_index to %c4_index step %c1_index {
      %slot = arith.remsi %i, %c2_index : index
      %x = pto.multi_tile_get %mb[%slot] : !pto.multi_tile_buf<!pto.tile_buf<loc=vec, dtype=f32, rows=64, cols=64, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>, count=2> -> !pto.tile_buf<loc=vec, dtype=f32, rows=64, cols=64, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>
      pto.tmov ins(%x : !pto.tile_buf<loc=vec, dtype=f32, rows=64, cols=64, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%t : !pto.tile_buf<loc=vec, dtype=f32, rows=64, cols=64, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>) loc("kernel.py":9:7)
    }
    %win = pto.subview %t[%c8_index, %c0_index] sizes [32, 64] : !pto.tile_buf<loc=vec, dtype=f32, rows=64, cols=64, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0> -> !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=64, v_row=32, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>
    %part = pto.subview %t[%c0_index, %c0_index] sizes [32, 64] valid [%c4_index, %c64_index] : !pto.tile_buf<loc=vec, dtype=f32, rows=64, cols=64, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0> -> !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=64, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>
    %flat = pto.treshape %win : !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=64, v_row=32, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0> -> !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=128, v_row=16, v_col=128, blayout=row_major, slayout=none_box, fractal=512, pad=0>
    pto.treshape ins(%win : !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=64, v_row=32, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%flat : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=128, v_row=16, v_col=128, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
    func.return
  }
}

// CHECK-LABEL: func.func @views
// CHECK:      %col = pto.make_tensor_view %arg0, shape = [%c64_index, %c1_index], strides = [%c1_index, %c64_index] {layout = #pto.layout<dn>} : !pto.tensor_view<?x?xf32>{{$}}
// CHECK-NEXT: %t = pto.alloc_tile addr = %c0_i64 valid_row = %c64_index valid_col = %c64_index : !pto.tile_buf<loc=vec, dtype=f32, rows=64, cols=64, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>{{$}}
// CHECK-NEXT: %half = pto.alloc_tile valid_row = %c8_index : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=?, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=1, compact=1>
// CHECK-NEXT: %mb = pto.alloc_multi_tile valid_row = %c64_index valid_col = %c64_index : !pto.multi_tile_buf<!pto.tile_buf<loc=vec, dtype=f32, rows=64, cols=64, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>, count=2>
// CHECK:        %x = pto.multi_tile_get %mb[%slot] : !pto.multi_tile_buf<!pto.tile_buf<loc=vec, dtype=f32, rows=64, cols=64, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>, count=2> -> !pto.tile_buf<loc=vec, dtype=f32, rows=64, cols=64, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>
// CHECK-NEXT:   pto.tmov ins(%x : !pto.tile_buf<loc=vec, dtype=f32, rows=64, cols=64, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%t : !pto.tile_buf<loc=vec, dtype=f32, rows=64, cols=64, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>){{$}}
// CHECK:      %win = pto.subview %t[%c8_index, %c0_index] sizes [32, 64] : !pto.tile_buf<loc=vec, dtype=f32, rows=64, cols=64, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0> -> !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=64, v_row=32, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>
// CHECK-NEXT: %part = pto.subview %t[%c0_index, %c0_index] sizes [32, 64] valid [%c4_index, %c64_index] : !pto.tile_buf<loc=vec, dtype=f32, rows=64, cols=64, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0> -> !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=64, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>
// CHECK-NEXT: %flat = pto.treshape %win : !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=64, v_row=32, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0> -> !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=128, v_row=16, v_col=128, blayout=row_major, slayout=none_box, fractal=512, pad=0>
// CHECK-NEXT: pto.treshape ins(%win : !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=64, v_row=32, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%flat : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=128, v_row=16, v_col=128, blayout=row_major, slayout=none_box, fractal=512, pad=0>)

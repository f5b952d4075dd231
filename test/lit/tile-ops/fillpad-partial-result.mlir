// RUN: xdsl-opt -p 'pto-plan-memory{backend=a3},convert-tile-to-pto' %s | filecheck %s --check-prefix=PTO
// RUN: xdsl-opt -p 'pto-plan-memory{backend=a3 planner=ptoas},convert-tile-to-pto' %s | filecheck %s --check-prefix=PTOAS
// RUN: xdsl-pto run %s --seed 3 | filecheck %s --check-prefix=EXEC

// A fillpad whose result type has a smaller valid shape than its shape
// writes that region only (the hardware loops over the destination's valid
// rows and columns; tile-op-semantics.md section 0): the reference's idle
// vector lane prints valid_shape=[0, 0] on every tile of its branch, a
// fill's result included, so there the fill writes nothing. The result's
// alloc_tile says its valid shape: static 8x24, or, with a 0 extent, the
// v_row=? form with constant operands (a static 0 does not compile). Both
// outputs were fed to ptoas v0.48.

// PTO-LABEL: func.func @partial
// PTO:       %f = pto.alloc_tile addr = %c{{[0-9]+}}_i64 : [[F:!pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=32, v_row=8, v_col=24, blayout=row_major, slayout=none_box, fractal=512, pad=3>]]{{$}}
// PTO:       pto.tfillpad ins(%x : {{.*}}) outs(%f : [[F]]){{$}}
// PTO-LABEL: func.func @idle_lane
// PTO:       %f = pto.alloc_tile addr = %c{{[0-9]+}}_i64 valid_row = %c0_index valid_col = %c0_index : [[F0:!pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=32, v_row=\?, v_col=\?, blayout=row_major, slayout=none_box, fractal=512, pad=3>]]{{$}}
// PTO:       pto.tfillpad ins(%x : {{.*}}) outs(%f : [[F0]]){{$}}

// PTOAS-LABEL: func.func @partial
// PTOAS:       pto.tfillpad ins(%x : {{.*}}) outs(%f : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=32, v_row=8, v_col=24, blayout=row_major, slayout=none_box, fractal=512, pad=3>){{$}}
// PTOAS-LABEL: func.func @idle_lane
// PTOAS:       %f = pto.alloc_tile valid_row = %c0_index valid_col = %c0_index : [[F0:!pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=32, v_row=\?, v_col=\?, blayout=row_major, slayout=none_box, fractal=512, pad=3>]]{{$}}
// PTOAS:       pto.tfillpad ins(%x : {{.*}}) outs(%f : [[F0]]){{$}}

// The planned kernel runs as the unplanned one (the values are checked by
// test_ops_reduce_family.py::test_fillpad_writes_its_results_valid_region_only).
// EXEC: {{.*}}fillpad-partial-result.mlir: logical and physical runs agree (seed 3)
func.func @partial(%a: memref<16x32xf32>, %o: memref<16x1xf32>) {
  %c0 = arith.constant 0 : index
  %x = tile.load %a[%c0, %c0] : memref<16x32xf32> -> !tile.tile<16x32xf32, vec, valid = 5x20>
  %f = tile.fillpad %x : (!tile.tile<16x32xf32, vec, valid = 5x20>) -> !tile.tile<16x32xf32, vec, valid = 8x24, pad = 3>
  %t = tile.create : !tile.tile<16x32xf32, vec>
  %m = tile.row_max %f, %t : (!tile.tile<16x32xf32, vec, valid = 8x24, pad = 3>, !tile.tile<16x32xf32, vec>) -> !tile.tile<16x1xf32, vec, valid = 8x1>
  tile.store %m, %o[%c0, %c0] : !tile.tile<16x1xf32, vec, valid = 8x1>, memref<16x1xf32>
  func.return
}

func.func @idle_lane(%a: memref<16x32xf32>, %o: memref<16x32xf32>) {
  %c0 = arith.constant 0 : index
  %x = tile.load %a[%c0, %c0] : memref<16x32xf32> -> !tile.tile<16x32xf32, vec, valid = 0x0>
  %f = tile.fillpad %x : (!tile.tile<16x32xf32, vec, valid = 0x0>) -> !tile.tile<16x32xf32, vec, valid = 0x0, pad = 3>
  tile.store %f, %o[%c0, %c0] : !tile.tile<16x32xf32, vec, valid = 0x0, pad = 3>, memref<16x32xf32>
  func.return
}

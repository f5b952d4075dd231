// RUN: xdsl-opt %s --split-input-file --parsing-diagnostics | filecheck %s

// Malformed PTO text is rejected while parsing, with a message naming the problem.

%t = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16, v_col=16, v_row=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>
// CHECK: expected 'v_row' in !pto.tile_buf (keys are required, in the order loc, dtype, rows, cols, v_row, v_col, blayout, slayout, fractal, pad[, compact])

// -----

%t = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=none_box, fractal=100, pad=0>
// CHECK: invalid tile_buf fractal=100: expected one of 16, 32, 512, 1024

// -----

%t = pto.alloc_tile : !pto.tile_buf<loc=gm, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>
// CHECK: invalid tile_buf loc 'gm': expected one of vec, mat, left, right, acc, bias, scaling

// -----

%t = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=5>
// CHECK: invalid tile_buf pad=5: expected 0 (null), 1 (zero), 2 (max) or 3 (min)

// -----

%t = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0, compact=3>
// CHECK: invalid tile_buf compact=3: expected 0 (null), 1 (normal) or 2 (row_plus_one)

// -----

%m = pto.alloc_multi_tile : !pto.multi_tile_buf<!pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>, count=1>
// CHECK: invalid multi_tile_buf count=1: expected 2 <= count <= 16

// -----

!vec = !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>
%a = pto.alloc_tile : !vec
%b = pto.alloc_tile : !vec
pto.tadd ins(%a : !vec, %b : !vec) outs(%a : !vec)
// CHECK: expected a type in 'ins(...)', found an operand: list all operands first, then one ':' and all their types in the same order, e.g. ins(%a, %b : Ta, Tb)

// -----

%p = "test.op"() : () -> !pto.ptr<f32>
%c1 = arith.constant 1 : index
%v = pto.make_tensor_view %p, shape = [%c1] strides = [%c1] : !pto.tensor_view<?xf32>
// CHECK: Expected ',' between 'shape' and 'strides'

// -----

%k = "test.op"() {kind = #pto.kernel_kind<scalar>} : () -> ()
// CHECK: Expected `vector`, or `cube`.

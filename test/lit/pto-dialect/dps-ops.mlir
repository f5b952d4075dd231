// RUN: xdsl-opt %s | filecheck %s

// Every destination-passing op parses and prints back in the `ins(operands : types)
// outs(operands : types)` form; tcvt/tcmp/tcmps keep their attributes inside `ins`.

!vec = !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>
!col = !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=1, v_row=16, v_col=1, blayout=col_major, slayout=none_box, fractal=512, pad=0>
!h = !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>
!mask = !pto.tile_buf<loc=vec, dtype=ui8, rows=16, cols=32, v_row=16, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>
!mat = !pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=512, pad=0>
!left = !pto.tile_buf<loc=left, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=row_major, fractal=512, pad=0>
!right = !pto.tile_buf<loc=right, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=col_major, fractal=512, pad=0>
!acc = !pto.tile_buf<loc=acc, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>
!bias = !pto.tile_buf<loc=bias, dtype=f32, rows=1, cols=16, v_row=1, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>
!part = !pto.partition_tensor_view<16x16xf32>

builtin.module {
  func.func @all_dps_ops(%p: !part, %s: f32, %i: index) {
    %a = pto.alloc_tile : !vec
    %b = pto.alloc_tile : !vec
    %c = pto.alloc_tile : !vec
    %t = pto.alloc_tile : !vec
    %r = pto.alloc_tile : !col
    %h = pto.alloc_tile : !h
    %m = pto.alloc_tile : !mask
    %mt = pto.alloc_tile : !mat
    %l = pto.alloc_tile : !left
    %rt = pto.alloc_tile : !right
    %acc = pto.alloc_tile : !acc
    %bt = pto.alloc_tile : !bias
    pto.tload ins(%p : !part) outs(%a : !vec)
    pto.tstore ins(%a : !vec) outs(%p : !part)
    pto.tmov ins(%a : !vec) outs(%b : !vec)
    pto.tadd ins(%a, %b : !vec, !vec) outs(%c : !vec)
    pto.tsub ins(%a, %b : !vec, !vec) outs(%c : !vec)
    pto.tmul ins(%a, %b : !vec, !vec) outs(%c : !vec)
    pto.tdiv ins(%a, %b : !vec, !vec) outs(%c : !vec)
    pto.tmax ins(%a, %b : !vec, !vec) outs(%c : !vec)
    pto.tmin ins(%a, %b : !vec, !vec) outs(%c : !vec)
    pto.tadds ins(%a, %s : !vec, f32) outs(%c : !vec)
    pto.tsubs ins(%a, %s : !vec, f32) outs(%c : !vec)
    pto.tmuls ins(%a, %s : !vec, f32) outs(%c : !vec)
    pto.tdivs ins(%a, %s : !vec, f32) outs(%c : !vec)
    pto.tmaxs ins(%a, %s : !vec, f32) outs(%c : !vec)
    pto.tmins ins(%a, %s : !vec, f32) outs(%c : !vec)
    pto.texp ins(%a : !vec) outs(%c : !vec)
    pto.tlog ins(%a : !vec) outs(%c : !vec)
    pto.tsqrt ins(%a : !vec) outs(%c : !vec)
    pto.trsqrt ins(%a : !vec) outs(%c : !vec)
    pto.trecip ins(%a : !vec) outs(%c : !vec)
    pto.tneg ins(%a : !vec) outs(%c : !vec)
    pto.tabs ins(%a : !vec) outs(%c : !vec)
    pto.trelu ins(%a : !vec) outs(%c : !vec)
    pto.trsqrt ins(%a, %b : !vec, !vec) outs(%c : !vec)
    pto.tcvt ins(%a : !vec) outs(%h : !h)
    pto.tcvt ins(%a {rmode = #pto<round_mode TRUNC>, sat_mode = #pto<saturation_mode ON>} : !vec) outs(%h : !h)
    pto.trowsum ins(%a, %b : !vec, !vec) outs(%r : !col)
    pto.trowmax ins(%a, %b : !vec, !vec) outs(%r : !col)
    pto.trowmin ins(%a, %b : !vec, !vec) outs(%r : !col)
    pto.trowexpand ins(%r : !col) outs(%c : !vec)
    pto.trowexpandadd ins(%a, %r : !vec, !col) outs(%c : !vec)
    pto.trowexpandsub ins(%a, %r : !vec, !col) outs(%c : !vec)
    pto.trowexpandmul ins(%a, %r : !vec, !col) outs(%c : !vec)
    pto.trowexpanddiv ins(%a, %r : !vec, !col) outs(%c : !vec)
    pto.tcolexpand ins(%a : !vec) outs(%c : !vec)
    pto.tcolexpandadd ins(%a, %b : !vec, !vec) outs(%c : !vec)
    pto.tcolexpandsub ins(%a, %b : !vec, !vec) outs(%c : !vec)
    pto.tcolexpandmul ins(%a, %b : !vec, !vec) outs(%c : !vec)
    pto.tcolexpanddiv ins(%a, %b : !vec, !vec) outs(%c : !vec)
    pto.tsel ins(%m, %a, %b, %t : !mask, !vec, !vec, !vec) outs(%c : !vec)
    pto.tsels ins(%m, %a, %t, %s : !mask, !vec, !vec, f32) outs(%c : !vec)
    pto.tcmp ins(%a, %b {cmpMode = #pto<cmp le>} : !vec, !vec) outs(%m : !mask)
    pto.tcmps ins(%a, %s {cmpMode = #pto<cmp ne>} : !vec, f32) outs(%m : !mask)
    pto.ttrans ins(%a, %t : !vec, !vec) outs(%c : !vec)
    pto.treshape ins(%a : !vec) outs(%c : !vec)
    pto.tfillpad ins(%a : !vec) outs(%c : !vec)
    pto.textract ins(%mt, %i, %i : !mat, index, index) outs(%l : !left)
    pto.tmatmul ins(%l, %rt : !left, !right) outs(%acc : !acc)
    pto.tmatmul.acc ins(%acc, %l, %rt : !acc, !left, !right) outs(%acc : !acc)
    pto.tmatmul.bias ins(%l, %rt, %bt : !left, !right, !bias) outs(%acc : !acc)
    pto.tadd ins(%a, %b : !vec, !vec) outs(%c : !vec) {note = "kept"}
    func.return
  }
}

// CHECK: func.func @all_dps_ops(%p: [[PART:!pto.partition_tensor_view<16x16xf32>]], %s: f32, %i: index) {
// CHECK-NEXT: %a = pto.alloc_tile : [[VEC:!pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>]]{{$}}
// CHECK-NEXT: %b = pto.alloc_tile : [[VEC]]{{$}}
// CHECK-NEXT: %c = pto.alloc_tile : [[VEC]]{{$}}
// CHECK-NEXT: %t = pto.alloc_tile : [[VEC]]{{$}}
// CHECK-NEXT: %r = pto.alloc_tile : [[COL:!pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=1, v_row=16, v_col=1, blayout=col_major, slayout=none_box, fractal=512, pad=0>]]{{$}}
// CHECK-NEXT: %h = pto.alloc_tile : [[HALF:!pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>]]{{$}}
// CHECK-NEXT: %m = pto.alloc_tile : [[MASK:!pto.tile_buf<loc=vec, dtype=ui8, rows=16, cols=32, v_row=16, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>]]{{$}}
// CHECK-NEXT: %mt = pto.alloc_tile : [[MAT:!pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=512, pad=0>]]{{$}}
// CHECK-NEXT: %l = pto.alloc_tile : [[LEFT:!pto.tile_buf<loc=left, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=row_major, fractal=512, pad=0>]]{{$}}
// CHECK-NEXT: %rt = pto.alloc_tile : [[RIGHT:!pto.tile_buf<loc=right, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=col_major, fractal=512, pad=0>]]{{$}}
// CHECK-NEXT: %acc = pto.alloc_tile : [[ACC:!pto.tile_buf<loc=acc, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>]]{{$}}
// CHECK-NEXT: %bt = pto.alloc_tile : [[BIAS:!pto.tile_buf<loc=bias, dtype=f32, rows=1, cols=16, v_row=1, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>]]{{$}}
// CHECK-NEXT: pto.tload ins(%p : [[PART]]) outs(%a : [[VEC]]){{$}}
// CHECK-NEXT: pto.tstore ins(%a : [[VEC]]) outs(%p : [[PART]]){{$}}
// CHECK-NEXT: pto.tmov ins(%a : [[VEC]]) outs(%b : [[VEC]]){{$}}
// CHECK-NEXT: pto.tadd ins(%a, %b : [[VEC]], [[VEC]]) outs(%c : [[VEC]]){{$}}
// CHECK-NEXT: pto.tsub ins(%a, %b : [[VEC]], [[VEC]]) outs(%c : [[VEC]]){{$}}
// CHECK-NEXT: pto.tmul ins(%a, %b : [[VEC]], [[VEC]]) outs(%c : [[VEC]]){{$}}
// CHECK-NEXT: pto.tdiv ins(%a, %b : [[VEC]], [[VEC]]) outs(%c : [[VEC]]){{$}}
// CHECK-NEXT: pto.tmax ins(%a, %b : [[VEC]], [[VEC]]) outs(%c : [[VEC]]){{$}}
// CHECK-NEXT: pto.tmin ins(%a, %b : [[VEC]], [[VEC]]) outs(%c : [[VEC]]){{$}}
// CHECK-NEXT: pto.tadds ins(%a, %s : [[VEC]], f32) outs(%c : [[VEC]]){{$}}
// CHECK-NEXT: pto.tsubs ins(%a, %s : [[VEC]], f32) outs(%c : [[VEC]]){{$}}
// CHECK-NEXT: pto.tmuls ins(%a, %s : [[VEC]], f32) outs(%c : [[VEC]]){{$}}
// CHECK-NEXT: pto.tdivs ins(%a, %s : [[VEC]], f32) outs(%c : [[VEC]]){{$}}
// CHECK-NEXT: pto.tmaxs ins(%a, %s : [[VEC]], f32) outs(%c : [[VEC]]){{$}}
// CHECK-NEXT: pto.tmins ins(%a, %s : [[VEC]], f32) outs(%c : [[VEC]]){{$}}
// CHECK-NEXT: pto.texp ins(%a : [[VEC]]) outs(%c : [[VEC]]){{$}}
// CHECK-NEXT: pto.tlog ins(%a : [[VEC]]) outs(%c : [[VEC]]){{$}}
// CHECK-NEXT: pto.tsqrt ins(%a : [[VEC]]) outs(%c : [[VEC]]){{$}}
// CHECK-NEXT: pto.trsqrt ins(%a : [[VEC]]) outs(%c : [[VEC]]){{$}}
// CHECK-NEXT: pto.trecip ins(%a : [[VEC]]) outs(%c : [[VEC]]){{$}}
// CHECK-NEXT: pto.tneg ins(%a : [[VEC]]) outs(%c : [[VEC]]){{$}}
// CHECK-NEXT: pto.tabs ins(%a : [[VEC]]) outs(%c : [[VEC]]){{$}}
// CHECK-NEXT: pto.trelu ins(%a : [[VEC]]) outs(%c : [[VEC]]){{$}}
// CHECK-NEXT: pto.trsqrt ins(%a, %b : [[VEC]], [[VEC]]) outs(%c : [[VEC]]){{$}}
// CHECK-NEXT: pto.tcvt ins(%a : [[VEC]]) outs(%h : [[HALF]]){{$}}
// CHECK-NEXT: pto.tcvt ins(%a {rmode = #pto<round_mode TRUNC>, sat_mode = #pto<saturation_mode ON>} : [[VEC]]) outs(%h : [[HALF]]){{$}}
// CHECK-NEXT: pto.trowsum ins(%a, %b : [[VEC]], [[VEC]]) outs(%r : [[COL]]){{$}}
// CHECK-NEXT: pto.trowmax ins(%a, %b : [[VEC]], [[VEC]]) outs(%r : [[COL]]){{$}}
// CHECK-NEXT: pto.trowmin ins(%a, %b : [[VEC]], [[VEC]]) outs(%r : [[COL]]){{$}}
// CHECK-NEXT: pto.trowexpand ins(%r : [[COL]]) outs(%c : [[VEC]]){{$}}
// CHECK-NEXT: pto.trowexpandadd ins(%a, %r : [[VEC]], [[COL]]) outs(%c : [[VEC]]){{$}}
// CHECK-NEXT: pto.trowexpandsub ins(%a, %r : [[VEC]], [[COL]]) outs(%c : [[VEC]]){{$}}
// CHECK-NEXT: pto.trowexpandmul ins(%a, %r : [[VEC]], [[COL]]) outs(%c : [[VEC]]){{$}}
// CHECK-NEXT: pto.trowexpanddiv ins(%a, %r : [[VEC]], [[COL]]) outs(%c : [[VEC]]){{$}}
// CHECK-NEXT: pto.tcolexpand ins(%a : [[VEC]]) outs(%c : [[VEC]]){{$}}
// CHECK-NEXT: pto.tcolexpandadd ins(%a, %b : [[VEC]], [[VEC]]) outs(%c : [[VEC]]){{$}}
// CHECK-NEXT: pto.tcolexpandsub ins(%a, %b : [[VEC]], [[VEC]]) outs(%c : [[VEC]]){{$}}
// CHECK-NEXT: pto.tcolexpandmul ins(%a, %b : [[VEC]], [[VEC]]) outs(%c : [[VEC]]){{$}}
// CHECK-NEXT: pto.tcolexpanddiv ins(%a, %b : [[VEC]], [[VEC]]) outs(%c : [[VEC]]){{$}}
// CHECK-NEXT: pto.tsel ins(%m, %a, %b, %t : [[MASK]], [[VEC]], [[VEC]], [[VEC]]) outs(%c : [[VEC]]){{$}}
// CHECK-NEXT: pto.tsels ins(%m, %a, %t, %s : [[MASK]], [[VEC]], [[VEC]], f32) outs(%c : [[VEC]]){{$}}
// CHECK-NEXT: pto.tcmp ins(%a, %b {cmpMode = #pto<cmp le>} : [[VEC]], [[VEC]]) outs(%m : [[MASK]]){{$}}
// CHECK-NEXT: pto.tcmps ins(%a, %s {cmpMode = #pto<cmp ne>} : [[VEC]], f32) outs(%m : [[MASK]]){{$}}
// CHECK-NEXT: pto.ttrans ins(%a, %t : [[VEC]], [[VEC]]) outs(%c : [[VEC]]){{$}}
// CHECK-NEXT: pto.treshape ins(%a : [[VEC]]) outs(%c : [[VEC]]){{$}}
// CHECK-NEXT: pto.tfillpad ins(%a : [[VEC]]) outs(%c : [[VEC]]){{$}}
// CHECK-NEXT: pto.textract ins(%mt, %i, %i : [[MAT]], index, index) outs(%l : [[LEFT]]){{$}}
// CHECK-NEXT: pto.tmatmul ins(%l, %rt : [[LEFT]], [[RIGHT]]) outs(%acc : [[ACC]]){{$}}
// CHECK-NEXT: pto.tmatmul.acc ins(%acc, %l, %rt : [[ACC]], [[LEFT]], [[RIGHT]]) outs(%acc : [[ACC]]){{$}}
// CHECK-NEXT: pto.tmatmul.bias ins(%l, %rt, %bt : [[LEFT]], [[RIGHT]], [[BIAS]]) outs(%acc : [[ACC]]){{$}}
// CHECK-NEXT: pto.tadd ins(%a, %b : [[VEC]], [[VEC]]) outs(%c : [[VEC]]) {note = "kept"}{{$}}
// CHECK-NEXT: func.return

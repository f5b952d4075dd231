// RUN: xdsl-opt %s | xdsl-opt | filecheck %s --check-prefix=RT
// RUN: xdsl-opt -p 'pto-plan-memory{backend=a3},convert-tile-to-pto' %s | filecheck %s --check-prefix=A3
// RUN: xdsl-opt -p 'pto-plan-memory{backend=a5 planner=ptoas},convert-tile-to-pto' %s | filecheck %s --check-prefix=PTOAS

// The max / min / exp-difference row and column expansions and expands
// (issue 23, vector family). A row vector is an [M, 1] column-major tile
// (ptoas's mode 1), a column tile [1, N]; both are printed after the full
// tile, whose valid shape is the result's. tile.expands lowers like
// tile.full: pto.texpands of its scalar alone (the target gives the shape).
// The result never takes the vector's bytes (no_alias(1): it is read for
// every row or column), but may take the full tile's: on a3 the f32 chain
// runs in %x's buffer, %h1 in %h's, %i1 and %i2 in %i's.

// RT-LABEL: func.func @broadcast
// RT:      %r0 = tile.row_expand_max %x, %v : (!tile.tile<16x64xf32, vec>, !tile.tile<16x1xf32, vec>) -> !tile.tile<16x64xf32, vec>
// RT-NEXT: %r1 = tile.row_expand_min %r0, %v : (!tile.tile<16x64xf32, vec>, !tile.tile<16x1xf32, vec>) -> !tile.tile<16x64xf32, vec>
// RT-NEXT: %r2 = tile.row_expand_expdif %r1, %v : (!tile.tile<16x64xf32, vec>, !tile.tile<16x1xf32, vec>) -> !tile.tile<16x64xf32, vec>
// RT-NEXT: %r3 = tile.col_expand_max %r2, %c : (!tile.tile<16x64xf32, vec>, !tile.tile<1x64xf32, vec>) -> !tile.tile<16x64xf32, vec>
// RT-NEXT: %r4 = tile.col_expand_min %r3, %c : (!tile.tile<16x64xf32, vec>, !tile.tile<1x64xf32, vec>) -> !tile.tile<16x64xf32, vec>
// RT-NEXT: %r5 = tile.col_expand_expdif %r4, %c : (!tile.tile<16x64xf32, vec>, !tile.tile<1x64xf32, vec>) -> !tile.tile<16x64xf32, vec>
// RT-NEXT: %r6 = tile.expands %r5, %s : (!tile.tile<16x64xf32, vec>, f32) -> !tile.tile<16x64xf32, vec>
// RT-NEXT: %h1 = tile.row_expand_max %h, %hv : (!tile.tile<16x64xf16, vec>, !tile.tile<16x1xf16, vec>) -> !tile.tile<16x64xf16, vec>
// RT-NEXT: %i1 = tile.col_expand_min %i, %ic : (!tile.tile<16x64xi32, vec>, !tile.tile<1x64xi32, vec>) -> !tile.tile<16x64xi32, vec>
// RT-NEXT: %i2 = tile.expands %i1, %k : (!tile.tile<16x64xi32, vec>, i32) -> !tile.tile<16x64xi32, vec>
// A3-LABEL: func.func @broadcast(
// A3: %x = pto.alloc_tile addr = %c0_i64 : [[F32_16X64:!pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>]]{{$}}
// A3-NEXT: %v = pto.alloc_tile addr = %c4096_i64 : [[F32_16X1:!pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=1, v_row=16, v_col=1, blayout=col_major, slayout=none_box, fractal=512, pad=0>]]{{$}}
// A3-NEXT: %c = pto.alloc_tile addr = %c4160_i64 : [[F32_1X64:!pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=64, v_row=1, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>]]{{$}}
// A3-NEXT: %h = pto.alloc_tile addr = %c4416_i64 : [[F16_16X64:!pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>]]{{$}}
// A3-NEXT: %hv = pto.alloc_tile addr = %c6464_i64 : [[F16_16X1:!pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=1, v_row=16, v_col=1, blayout=col_major, slayout=none_box, fractal=512, pad=0>]]{{$}}
// A3-NEXT: %i = pto.alloc_tile addr = %c6496_i64 : [[I32_16X64:!pto.tile_buf<loc=vec, dtype=i32, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>]]{{$}}
// A3-NEXT: %ic = pto.alloc_tile addr = %c10592_i64 : [[I32_1X64:!pto.tile_buf<loc=vec, dtype=i32, rows=1, cols=64, v_row=1, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>]]{{$}}
// A3: pto.trowexpandmax ins(%x, %v : [[F32_16X64]], [[F32_16X1]]) outs(%x : [[F32_16X64]]){{$}}
// A3-NEXT: pto.trowexpandmin ins(%x, %v : [[F32_16X64]], [[F32_16X1]]) outs(%x : [[F32_16X64]]){{$}}
// A3-NEXT: pto.trowexpandexpdif ins(%x, %v : [[F32_16X64]], [[F32_16X1]]) outs(%x : [[F32_16X64]]){{$}}
// A3-NEXT: pto.tcolexpandmax ins(%x, %c : [[F32_16X64]], [[F32_1X64]]) outs(%x : [[F32_16X64]]){{$}}
// A3-NEXT: pto.tcolexpandmin ins(%x, %c : [[F32_16X64]], [[F32_1X64]]) outs(%x : [[F32_16X64]]){{$}}
// A3-NEXT: pto.tcolexpandexpdif ins(%x, %c : [[F32_16X64]], [[F32_1X64]]) outs(%x : [[F32_16X64]]){{$}}
// A3-NEXT: pto.texpands ins(%s : f32) outs(%x : [[F32_16X64]]){{$}}
// A3-NEXT: pto.trowexpandmax ins(%h, %hv : [[F16_16X64]], [[F16_16X1]]) outs(%h : [[F16_16X64]]){{$}}
// A3-NEXT: pto.tcolexpandmin ins(%i, %ic : [[I32_16X64]], [[I32_1X64]]) outs(%i : [[I32_16X64]]){{$}}
// A3-NEXT: pto.texpands ins(%k : i32) outs(%i : [[I32_16X64]]){{$}}
// PTOAS-LABEL: func.func @broadcast(
// PTOAS: %x = pto.alloc_tile : [[F32_16X64:!pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>]]{{$}}
// PTOAS: %v = pto.alloc_tile : [[F32_16X1:!pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=1, v_row=16, v_col=1, blayout=col_major, slayout=none_box, fractal=512, pad=0>]]{{$}}
// PTOAS: %c = pto.alloc_tile : [[F32_1X64:!pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=64, v_row=1, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>]]{{$}}
// PTOAS: %h = pto.alloc_tile : [[F16_16X64:!pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>]]{{$}}
// PTOAS: %hv = pto.alloc_tile : [[F16_16X1:!pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=1, v_row=16, v_col=1, blayout=col_major, slayout=none_box, fractal=512, pad=0>]]{{$}}
// PTOAS: %i = pto.alloc_tile : [[I32_16X64:!pto.tile_buf<loc=vec, dtype=i32, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>]]{{$}}
// PTOAS: %ic = pto.alloc_tile : [[I32_1X64:!pto.tile_buf<loc=vec, dtype=i32, rows=1, cols=64, v_row=1, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>]]{{$}}
// PTOAS: %r0 = pto.alloc_tile : [[F32_16X64]]{{$}}
// PTOAS-NEXT: pto.trowexpandmax ins(%x, %v : [[F32_16X64]], [[F32_16X1]]) outs(%r0 : [[F32_16X64]]){{$}}
// PTOAS-NEXT: %r1 = pto.alloc_tile : [[F32_16X64]]{{$}}
// PTOAS-NEXT: pto.trowexpandmin ins(%r0, %v : [[F32_16X64]], [[F32_16X1]]) outs(%r1 : [[F32_16X64]]){{$}}
// PTOAS-NEXT: %r2 = pto.alloc_tile : [[F32_16X64]]{{$}}
// PTOAS-NEXT: pto.trowexpandexpdif ins(%r1, %v : [[F32_16X64]], [[F32_16X1]]) outs(%r2 : [[F32_16X64]]){{$}}
// PTOAS-NEXT: %r3 = pto.alloc_tile : [[F32_16X64]]{{$}}
// PTOAS-NEXT: pto.tcolexpandmax ins(%r2, %c : [[F32_16X64]], [[F32_1X64]]) outs(%r3 : [[F32_16X64]]){{$}}
// PTOAS-NEXT: %r4 = pto.alloc_tile : [[F32_16X64]]{{$}}
// PTOAS-NEXT: pto.tcolexpandmin ins(%r3, %c : [[F32_16X64]], [[F32_1X64]]) outs(%r4 : [[F32_16X64]]){{$}}
// PTOAS-NEXT: %r5 = pto.alloc_tile : [[F32_16X64]]{{$}}
// PTOAS-NEXT: pto.tcolexpandexpdif ins(%r4, %c : [[F32_16X64]], [[F32_1X64]]) outs(%r5 : [[F32_16X64]]){{$}}
// PTOAS-NEXT: %r6 = pto.alloc_tile : [[F32_16X64]]{{$}}
// PTOAS-NEXT: pto.texpands ins(%s : f32) outs(%r6 : [[F32_16X64]]){{$}}
// PTOAS-NEXT: %h1 = pto.alloc_tile : [[F16_16X64]]{{$}}
// PTOAS-NEXT: pto.trowexpandmax ins(%h, %hv : [[F16_16X64]], [[F16_16X1]]) outs(%h1 : [[F16_16X64]]){{$}}
// PTOAS-NEXT: %i1 = pto.alloc_tile : [[I32_16X64]]{{$}}
// PTOAS-NEXT: pto.tcolexpandmin ins(%i, %ic : [[I32_16X64]], [[I32_1X64]]) outs(%i1 : [[I32_16X64]]){{$}}
// PTOAS-NEXT: %i2 = pto.alloc_tile : [[I32_16X64]]{{$}}
// PTOAS-NEXT: pto.texpands ins(%k : i32) outs(%i2 : [[I32_16X64]]){{$}}
func.func @broadcast(%a: memref<16x64xf32>, %va: memref<16x1xf32>, %ca: memref<1x64xf32>, %ha: memref<16x64xf16>,
                     %hva: memref<16x1xf16>, %ia: memref<16x64xi32>, %ica: memref<1x64xi32>, %s: f32, %k: i32,
                     %o: memref<16x64xf32>, %oh: memref<16x64xf16>, %oi: memref<16x64xi32>) {
  %c0 = arith.constant 0 : index
  %x = tile.load %a[%c0, %c0] : memref<16x64xf32> -> !tile.tile<16x64xf32, vec>
  %v = tile.load %va[%c0, %c0] : memref<16x1xf32> -> !tile.tile<16x1xf32, vec>
  %c = tile.load %ca[%c0, %c0] : memref<1x64xf32> -> !tile.tile<1x64xf32, vec>
  %h = tile.load %ha[%c0, %c0] : memref<16x64xf16> -> !tile.tile<16x64xf16, vec>
  %hv = tile.load %hva[%c0, %c0] : memref<16x1xf16> -> !tile.tile<16x1xf16, vec>
  %i = tile.load %ia[%c0, %c0] : memref<16x64xi32> -> !tile.tile<16x64xi32, vec>
  %ic = tile.load %ica[%c0, %c0] : memref<1x64xi32> -> !tile.tile<1x64xi32, vec>
  %r0 = tile.row_expand_max %x, %v : (!tile.tile<16x64xf32, vec>, !tile.tile<16x1xf32, vec>) -> !tile.tile<16x64xf32, vec>
  %r1 = tile.row_expand_min %r0, %v : (!tile.tile<16x64xf32, vec>, !tile.tile<16x1xf32, vec>) -> !tile.tile<16x64xf32, vec>
  %r2 = tile.row_expand_expdif %r1, %v : (!tile.tile<16x64xf32, vec>, !tile.tile<16x1xf32, vec>) -> !tile.tile<16x64xf32, vec>
  %r3 = tile.col_expand_max %r2, %c : (!tile.tile<16x64xf32, vec>, !tile.tile<1x64xf32, vec>) -> !tile.tile<16x64xf32, vec>
  %r4 = tile.col_expand_min %r3, %c : (!tile.tile<16x64xf32, vec>, !tile.tile<1x64xf32, vec>) -> !tile.tile<16x64xf32, vec>
  %r5 = tile.col_expand_expdif %r4, %c : (!tile.tile<16x64xf32, vec>, !tile.tile<1x64xf32, vec>) -> !tile.tile<16x64xf32, vec>
  %r6 = tile.expands %r5, %s : (!tile.tile<16x64xf32, vec>, f32) -> !tile.tile<16x64xf32, vec>
  %h1 = tile.row_expand_max %h, %hv : (!tile.tile<16x64xf16, vec>, !tile.tile<16x1xf16, vec>) -> !tile.tile<16x64xf16, vec>
  %i1 = tile.col_expand_min %i, %ic : (!tile.tile<16x64xi32, vec>, !tile.tile<1x64xi32, vec>) -> !tile.tile<16x64xi32, vec>
  %i2 = tile.expands %i1, %k : (!tile.tile<16x64xi32, vec>, i32) -> !tile.tile<16x64xi32, vec>
  tile.store %r6, %o[%c0, %c0] : !tile.tile<16x64xf32, vec>, memref<16x64xf32>
  tile.store %h1, %oh[%c0, %c0] : !tile.tile<16x64xf16, vec>, memref<16x64xf16>
  tile.store %i2, %oi[%c0, %c0] : !tile.tile<16x64xi32, vec>, memref<16x64xi32>
  func.return
}

// RUN: xdsl-opt %s | xdsl-opt | filecheck %s --check-prefix=RT
// RUN: xdsl-opt -p 'pto-plan-memory{backend=a3},convert-tile-to-pto' %s | filecheck %s --check-prefix=A3
// RUN: xdsl-opt -p 'pto-plan-memory{backend=a5 planner=ptoas},convert-tile-to-pto' %s | filecheck %s --check-prefix=PTOAS

// Scalar maximum / minimum, leaky ReLU and the ternary ops (issue 23,
// vector family): the scalar of maximums / minimums / addsc / subsc has the
// element type (printed with it), lrelu's slope is f32 also for an f16 tile
// (ptoas takes no other), and the ternary ops take all three tiles in ins.
// No op here has a memory rule: a result may take the bytes of an operand
// that dies there (on a3 %m1, %a3 and %s3 run on %m0's buffer, %l on %h's,
// %c and %d on %x's; %i1 and %b1 take the dead %y's and %i's).

// RT-LABEL: func.func @arith
// RT:      %m0 = tile.maximums %x, %s : (!tile.tile<16x64xf32, vec>, f32) -> !tile.tile<16x64xf32, vec>
// RT-NEXT: %m1 = tile.minimums %m0, %s : (!tile.tile<16x64xf32, vec>, f32) -> !tile.tile<16x64xf32, vec>
// RT-NEXT: %l = tile.lrelu %h, %s : (!tile.tile<16x64xf16, vec>, f32) -> !tile.tile<16x64xf16, vec>
// RT-NEXT: %a3 = tile.addc %x, %y, %m1 : (!tile.tile<16x64xf32, vec>, !tile.tile<16x64xf32, vec>, !tile.tile<16x64xf32, vec>) -> !tile.tile<16x64xf32, vec>
// RT-NEXT: %s3 = tile.subc %x, %y, %a3 : (!tile.tile<16x64xf32, vec>, !tile.tile<16x64xf32, vec>, !tile.tile<16x64xf32, vec>) -> !tile.tile<16x64xf32, vec>
// RT-NEXT: %c = tile.addsc %x, %s, %s3 : (!tile.tile<16x64xf32, vec>, f32, !tile.tile<16x64xf32, vec>) -> !tile.tile<16x64xf32, vec>
// RT-NEXT: %d = tile.subsc %c, %s, %y : (!tile.tile<16x64xf32, vec>, f32, !tile.tile<16x64xf32, vec>) -> !tile.tile<16x64xf32, vec>
// RT-NEXT: %i1 = tile.maximums %i, %k : (!tile.tile<16x64xi32, vec>, i32) -> !tile.tile<16x64xi32, vec>
// RT-NEXT: %b1 = tile.addc %b, %b, %b : (!tile.tile<16x64xbf16, vec>, !tile.tile<16x64xbf16, vec>, !tile.tile<16x64xbf16, vec>) -> !tile.tile<16x64xbf16, vec>
// A3-LABEL: func.func @arith(
// A3: %x = pto.alloc_tile addr = %c0_i64 : [[F32_16X64:!pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>]]{{$}}
// A3-NEXT: %y = pto.alloc_tile addr = %c4096_i64 : [[F32_16X64]]{{$}}
// A3-NEXT: %h = pto.alloc_tile addr = %c8192_i64 : [[F16_16X64:!pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>]]{{$}}
// A3-NEXT: %i = pto.alloc_tile addr = %c10240_i64 : [[I32_16X64:!pto.tile_buf<loc=vec, dtype=i32, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>]]{{$}}
// A3-NEXT: %b = pto.alloc_tile addr = %c14336_i64 : [[BF16_16X64:!pto.tile_buf<loc=vec, dtype=bf16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>]]{{$}}
// A3-NEXT: %m0 = pto.alloc_tile addr = %c16384_i64 : [[F32_16X64]]{{$}}
// A3-NEXT: %i1 = pto.alloc_tile addr = %c4096_i64 : [[I32_16X64]]{{$}}
// A3-NEXT: %b1 = pto.alloc_tile addr = %c10240_i64 : [[BF16_16X64]]{{$}}
// A3: pto.tmaxs ins(%x, %s : [[F32_16X64]], f32) outs(%m0 : [[F32_16X64]]){{$}}
// A3-NEXT: pto.tmins ins(%m0, %s : [[F32_16X64]], f32) outs(%m0 : [[F32_16X64]]){{$}}
// A3-NEXT: pto.tlrelu ins(%h, %s : [[F16_16X64]], f32) outs(%h : [[F16_16X64]]){{$}}
// A3-NEXT: pto.taddc ins(%x, %y, %m0 : [[F32_16X64]], [[F32_16X64]], [[F32_16X64]]) outs(%m0 : [[F32_16X64]]){{$}}
// A3-NEXT: pto.tsubc ins(%x, %y, %m0 : [[F32_16X64]], [[F32_16X64]], [[F32_16X64]]) outs(%m0 : [[F32_16X64]]){{$}}
// A3-NEXT: pto.taddsc ins(%x, %s, %m0 : [[F32_16X64]], f32, [[F32_16X64]]) outs(%x : [[F32_16X64]]){{$}}
// A3-NEXT: pto.tsubsc ins(%x, %s, %y : [[F32_16X64]], f32, [[F32_16X64]]) outs(%x : [[F32_16X64]]){{$}}
// A3-NEXT: pto.tmaxs ins(%i, %k : [[I32_16X64]], i32) outs(%i1 : [[I32_16X64]]){{$}}
// A3-NEXT: pto.taddc ins(%b, %b, %b : [[BF16_16X64]], [[BF16_16X64]], [[BF16_16X64]]) outs(%b1 : [[BF16_16X64]]){{$}}
// PTOAS-LABEL: func.func @arith(
// PTOAS: %x = pto.alloc_tile : [[F32_16X64:!pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>]]{{$}}
// PTOAS: %y = pto.alloc_tile : [[F32_16X64]]{{$}}
// PTOAS: %h = pto.alloc_tile : [[F16_16X64:!pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>]]{{$}}
// PTOAS: %i = pto.alloc_tile : [[I32_16X64:!pto.tile_buf<loc=vec, dtype=i32, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>]]{{$}}
// PTOAS: %b = pto.alloc_tile : [[BF16_16X64:!pto.tile_buf<loc=vec, dtype=bf16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>]]{{$}}
// PTOAS: %m0 = pto.alloc_tile : [[F32_16X64]]{{$}}
// PTOAS-NEXT: pto.tmaxs ins(%x, %s : [[F32_16X64]], f32) outs(%m0 : [[F32_16X64]]){{$}}
// PTOAS-NEXT: %m1 = pto.alloc_tile : [[F32_16X64]]{{$}}
// PTOAS-NEXT: pto.tmins ins(%m0, %s : [[F32_16X64]], f32) outs(%m1 : [[F32_16X64]]){{$}}
// PTOAS-NEXT: %l = pto.alloc_tile : [[F16_16X64]]{{$}}
// PTOAS-NEXT: pto.tlrelu ins(%h, %s : [[F16_16X64]], f32) outs(%l : [[F16_16X64]]){{$}}
// PTOAS-NEXT: %a3 = pto.alloc_tile : [[F32_16X64]]{{$}}
// PTOAS-NEXT: pto.taddc ins(%x, %y, %m1 : [[F32_16X64]], [[F32_16X64]], [[F32_16X64]]) outs(%a3 : [[F32_16X64]]){{$}}
// PTOAS-NEXT: %s3 = pto.alloc_tile : [[F32_16X64]]{{$}}
// PTOAS-NEXT: pto.tsubc ins(%x, %y, %a3 : [[F32_16X64]], [[F32_16X64]], [[F32_16X64]]) outs(%s3 : [[F32_16X64]]){{$}}
// PTOAS-NEXT: %c = pto.alloc_tile : [[F32_16X64]]{{$}}
// PTOAS-NEXT: pto.taddsc ins(%x, %s, %s3 : [[F32_16X64]], f32, [[F32_16X64]]) outs(%c : [[F32_16X64]]){{$}}
// PTOAS-NEXT: %d = pto.alloc_tile : [[F32_16X64]]{{$}}
// PTOAS-NEXT: pto.tsubsc ins(%c, %s, %y : [[F32_16X64]], f32, [[F32_16X64]]) outs(%d : [[F32_16X64]]){{$}}
// PTOAS-NEXT: %i1 = pto.alloc_tile : [[I32_16X64]]{{$}}
// PTOAS-NEXT: pto.tmaxs ins(%i, %k : [[I32_16X64]], i32) outs(%i1 : [[I32_16X64]]){{$}}
// PTOAS-NEXT: %b1 = pto.alloc_tile : [[BF16_16X64]]{{$}}
// PTOAS-NEXT: pto.taddc ins(%b, %b, %b : [[BF16_16X64]], [[BF16_16X64]], [[BF16_16X64]]) outs(%b1 : [[BF16_16X64]]){{$}}
func.func @arith(%f: memref<16x64xf32>, %g: memref<16x64xf16>, %n: memref<16x64xi32>, %bb: memref<16x64xbf16>, %s: f32, %k: i32,
                 %o: memref<16x64xf32>, %oh: memref<16x64xf16>, %on: memref<16x64xi32>, %ob: memref<16x64xbf16>) {
  %c0 = arith.constant 0 : index
  %x = tile.load %f[%c0, %c0] : memref<16x64xf32> -> !tile.tile<16x64xf32, vec>
  %y = tile.load %f[%c0, %c0] : memref<16x64xf32> -> !tile.tile<16x64xf32, vec>
  %h = tile.load %g[%c0, %c0] : memref<16x64xf16> -> !tile.tile<16x64xf16, vec>
  %i = tile.load %n[%c0, %c0] : memref<16x64xi32> -> !tile.tile<16x64xi32, vec>
  %b = tile.load %bb[%c0, %c0] : memref<16x64xbf16> -> !tile.tile<16x64xbf16, vec>
  %m0 = tile.maximums %x, %s : (!tile.tile<16x64xf32, vec>, f32) -> !tile.tile<16x64xf32, vec>
  %m1 = tile.minimums %m0, %s : (!tile.tile<16x64xf32, vec>, f32) -> !tile.tile<16x64xf32, vec>
  %l = tile.lrelu %h, %s : (!tile.tile<16x64xf16, vec>, f32) -> !tile.tile<16x64xf16, vec>
  %a3 = tile.addc %x, %y, %m1 : (!tile.tile<16x64xf32, vec>, !tile.tile<16x64xf32, vec>, !tile.tile<16x64xf32, vec>) -> !tile.tile<16x64xf32, vec>
  %s3 = tile.subc %x, %y, %a3 : (!tile.tile<16x64xf32, vec>, !tile.tile<16x64xf32, vec>, !tile.tile<16x64xf32, vec>) -> !tile.tile<16x64xf32, vec>
  %c = tile.addsc %x, %s, %s3 : (!tile.tile<16x64xf32, vec>, f32, !tile.tile<16x64xf32, vec>) -> !tile.tile<16x64xf32, vec>
  %d = tile.subsc %c, %s, %y : (!tile.tile<16x64xf32, vec>, f32, !tile.tile<16x64xf32, vec>) -> !tile.tile<16x64xf32, vec>
  %i1 = tile.maximums %i, %k : (!tile.tile<16x64xi32, vec>, i32) -> !tile.tile<16x64xi32, vec>
  %b1 = tile.addc %b, %b, %b : (!tile.tile<16x64xbf16, vec>, !tile.tile<16x64xbf16, vec>, !tile.tile<16x64xbf16, vec>) -> !tile.tile<16x64xbf16, vec>
  tile.store %d, %o[%c0, %c0] : !tile.tile<16x64xf32, vec>, memref<16x64xf32>
  tile.store %l, %oh[%c0, %c0] : !tile.tile<16x64xf16, vec>, memref<16x64xf16>
  tile.store %i1, %on[%c0, %c0] : !tile.tile<16x64xi32, vec>, memref<16x64xi32>
  tile.store %b1, %ob[%c0, %c0] : !tile.tile<16x64xbf16, vec>, memref<16x64xbf16>
  func.return
}

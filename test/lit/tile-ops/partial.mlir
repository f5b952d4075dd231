// RUN: xdsl-opt %s | xdsl-opt | filecheck %s --check-prefix=RT
// RUN: xdsl-opt -p 'pto-plan-memory{backend=a3},convert-tile-to-pto' %s | filecheck %s --check-prefix=A3
// RUN: xdsl-opt -p 'pto-plan-memory{backend=a5},convert-tile-to-pto' %s | filecheck %s --check-prefix=A3

// The partial ops (issue 23, vector family): the result covers the union
// of the two sources' valid regions -- the op where both are valid, the
// valid one elsewhere --, so a source may have a smaller valid shape than
// the result (its tile_buf says so: v_row=8), one of them equal to it.
// a3 and a5 get the same plan and text.
// The three tiles have one shape and element type (ptoas: tpartmax /
// tpartmin "expects src0/src1/dst to have the same shape").

// RT-LABEL: func.func @partial
// RT:      %r0 = tile.part_add %x, %h : (!tile.tile<16x64xf32, vec>, !tile.tile<16x64xf32, vec, valid = 8x64>) -> !tile.tile<16x64xf32, vec>
// RT-NEXT: %r1 = tile.part_mul %h, %r0 : (!tile.tile<16x64xf32, vec, valid = 8x64>, !tile.tile<16x64xf32, vec>) -> !tile.tile<16x64xf32, vec>
// RT-NEXT: %r2 = tile.part_max %r1, %n : (!tile.tile<16x64xf32, vec>, !tile.tile<16x64xf32, vec, valid = 16x32>) -> !tile.tile<16x64xf32, vec>
// RT-NEXT: %r3 = tile.part_min %r2, %x : (!tile.tile<16x64xf32, vec>, !tile.tile<16x64xf32, vec>) -> !tile.tile<16x64xf32, vec>
// A3-LABEL: func.func @partial(
// A3: %x = pto.alloc_tile addr = %c0_i64 : [[F32_16X64:!pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>]]{{$}}
// A3-NEXT: %h = pto.alloc_tile addr = %c4096_i64 : [[F32_16X64_2:!pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=8, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>]]{{$}}
// A3-NEXT: %n = pto.alloc_tile addr = %c8192_i64 : [[F32_16X64_3:!pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=16, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>]]{{$}}
// A3-NEXT: %r0 = pto.alloc_tile addr = %c12288_i64 : [[F32_16X64]]{{$}}
// A3-NEXT: %r1 = pto.alloc_tile addr = %c4096_i64 : [[F32_16X64]]{{$}}
// A3: pto.tpartadd ins(%x, %h : [[F32_16X64]], [[F32_16X64_2]]) outs(%r0 : [[F32_16X64]]){{$}}
// A3-NEXT: pto.tpartmul ins(%h, %r0 : [[F32_16X64_2]], [[F32_16X64]]) outs(%r1 : [[F32_16X64]]){{$}}
// A3-NEXT: pto.tpartmax ins(%r1, %n : [[F32_16X64]], [[F32_16X64_3]]) outs(%r1 : [[F32_16X64]]){{$}}
// A3-NEXT: pto.tpartmin ins(%r1, %x : [[F32_16X64]], [[F32_16X64]]) outs(%x : [[F32_16X64]]){{$}}
func.func @partial(%a: memref<16x64xf32>, %o: memref<16x64xf32>) {
  %c0 = arith.constant 0 : index
  %x = tile.load %a[%c0, %c0] : memref<16x64xf32> -> !tile.tile<16x64xf32, vec>
  %h = tile.load %a[%c0, %c0] : memref<16x64xf32> -> !tile.tile<16x64xf32, vec, valid = 8x64>
  %n = tile.load %a[%c0, %c0] : memref<16x64xf32> -> !tile.tile<16x64xf32, vec, valid = 16x32>
  %r0 = tile.part_add %x, %h : (!tile.tile<16x64xf32, vec>, !tile.tile<16x64xf32, vec, valid = 8x64>) -> !tile.tile<16x64xf32, vec>
  %r1 = tile.part_mul %h, %r0 : (!tile.tile<16x64xf32, vec, valid = 8x64>, !tile.tile<16x64xf32, vec>) -> !tile.tile<16x64xf32, vec>
  %r2 = tile.part_max %r1, %n : (!tile.tile<16x64xf32, vec>, !tile.tile<16x64xf32, vec, valid = 16x32>) -> !tile.tile<16x64xf32, vec>
  %r3 = tile.part_min %r2, %x : (!tile.tile<16x64xf32, vec>, !tile.tile<16x64xf32, vec>) -> !tile.tile<16x64xf32, vec>
  tile.store %r3, %o[%c0, %c0] : !tile.tile<16x64xf32, vec>, memref<16x64xf32>
  func.return
}

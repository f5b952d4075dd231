// RUN: xdsl-opt %s | xdsl-opt | filecheck %s --check-prefix=RT
// RUN: xdsl-opt -p 'pto-plan-memory{backend=a3},convert-tile-to-pto' %s | filecheck %s --check-prefix=A3
// RUN: xdsl-opt -p 'pto-plan-memory{backend=a3 planner=ptoas},convert-tile-to-pto' %s | filecheck %s --check-prefix=PTOAS

// The bitwise and shift ops (issue 23, vector family): each prints back in
// the function-style form, operands in definition order (xor / xors: the
// tmp last; the scalar of ands/ors/xors/shls/shrs a signless i8/i16/i32),
// and lowers to its PTO op in the form ptoas v0.48 reads, every result
// stored so every op is planned and lowered.

// On a3 the results share no bytes with a live value; %r6 takes the dead
// tmp's buffer, %r8 and %r10 the buffers of %y and %x, which die there
// (shr and shrs run in place). ands/ors/xors never write over their source
// (not in place: ptoas refuses it), and on A2/A3 xor's result stays off its
// tmp (A2/A3 TXOR keeps a | b there).
// A3-LABEL: func.func @bitwise(
// A3: %x = pto.alloc_tile addr = %c0_i64 : [[I16_16X128:!pto.tile_buf<loc=vec, dtype=i16, rows=16, cols=128, v_row=16, v_col=128, blayout=row_major, slayout=none_box, fractal=512, pad=0>]]{{$}}
// A3-NEXT: %y = pto.alloc_tile addr = %c4096_i64 : [[I16_16X128]]{{$}}
// A3-NEXT: %t = pto.alloc_tile addr = %c8192_i64 : [[I16_16X128]]{{$}}
// A3-NEXT: %r0 = pto.alloc_tile addr = %c12288_i64 : [[I16_16X128]]{{$}}
// A3-NEXT: %r1 = pto.alloc_tile addr = %c16384_i64 : [[I16_16X128]]{{$}}
// A3-NEXT: %r2 = pto.alloc_tile addr = %c20480_i64 : [[I16_16X128]]{{$}}
// A3-NEXT: %r3 = pto.alloc_tile addr = %c24576_i64 : [[I16_16X128]]{{$}}
// A3-NEXT: %r4 = pto.alloc_tile addr = %c28672_i64 : [[I16_16X128]]{{$}}
// A3-NEXT: %r5 = pto.alloc_tile addr = %c32768_i64 : [[I16_16X128]]{{$}}
// A3-NEXT: %r7 = pto.alloc_tile addr = %c36864_i64 : [[I16_16X128]]{{$}}
// A3-NEXT: %r9 = pto.alloc_tile addr = %c40960_i64 : [[I16_16X128]]{{$}}
// A3: pto.tand ins(%x, %y : [[I16_16X128]], [[I16_16X128]]) outs(%r0 : [[I16_16X128]]){{$}}
// A3-NEXT: pto.tor ins(%x, %y : [[I16_16X128]], [[I16_16X128]]) outs(%r1 : [[I16_16X128]]){{$}}
// A3-NEXT: pto.txor ins(%x, %y, %t : [[I16_16X128]], [[I16_16X128]], [[I16_16X128]]) outs(%r2 : [[I16_16X128]]){{$}}
// A3-NEXT: pto.tands ins(%x, %s : [[I16_16X128]], i32) outs(%r3 : [[I16_16X128]]){{$}}
// A3-NEXT: pto.tors ins(%x, %s16 : [[I16_16X128]], i16) outs(%r4 : [[I16_16X128]]){{$}}
// A3-NEXT: pto.txors ins(%x, %s, %t : [[I16_16X128]], i32, [[I16_16X128]]) outs(%r5 : [[I16_16X128]]){{$}}
// A3-NEXT: pto.tnot ins(%x : [[I16_16X128]]) outs(%t : [[I16_16X128]]){{$}}
// A3-NEXT: pto.tshl ins(%x, %y : [[I16_16X128]], [[I16_16X128]]) outs(%r7 : [[I16_16X128]]){{$}}
// A3-NEXT: pto.tshr ins(%x, %y : [[I16_16X128]], [[I16_16X128]]) outs(%y : [[I16_16X128]]){{$}}
// A3-NEXT: pto.tshls ins(%x, %s : [[I16_16X128]], i32) outs(%r9 : [[I16_16X128]]){{$}}
// A3-NEXT: pto.tshrs ins(%x, %s : [[I16_16X128]], i32) outs(%x : [[I16_16X128]]){{$}}

// Under planner=ptoas every tile keeps a handle of its own (ptoas places them).
// PTOAS-LABEL: func.func @bitwise(
// PTOAS: %x = pto.alloc_tile : [[I16_16X128:!pto.tile_buf<loc=vec, dtype=i16, rows=16, cols=128, v_row=16, v_col=128, blayout=row_major, slayout=none_box, fractal=512, pad=0>]]{{$}}
// PTOAS: %y = pto.alloc_tile : [[I16_16X128]]{{$}}
// PTOAS: %r0 = pto.alloc_tile : [[I16_16X128]]{{$}}
// PTOAS-NEXT: pto.tand ins(%x, %y : [[I16_16X128]], [[I16_16X128]]) outs(%r0 : [[I16_16X128]]){{$}}
// PTOAS-NEXT: %r1 = pto.alloc_tile : [[I16_16X128]]{{$}}
// PTOAS-NEXT: pto.tor ins(%x, %y : [[I16_16X128]], [[I16_16X128]]) outs(%r1 : [[I16_16X128]]){{$}}
// PTOAS-NEXT: %t = pto.alloc_tile : [[I16_16X128]]{{$}}
// PTOAS-NEXT: %r2 = pto.alloc_tile : [[I16_16X128]]{{$}}
// PTOAS-NEXT: pto.txor ins(%x, %y, %t : [[I16_16X128]], [[I16_16X128]], [[I16_16X128]]) outs(%r2 : [[I16_16X128]]){{$}}
// PTOAS-NEXT: %r3 = pto.alloc_tile : [[I16_16X128]]{{$}}
// PTOAS-NEXT: pto.tands ins(%x, %s : [[I16_16X128]], i32) outs(%r3 : [[I16_16X128]]){{$}}
// PTOAS-NEXT: %r4 = pto.alloc_tile : [[I16_16X128]]{{$}}
// PTOAS-NEXT: pto.tors ins(%x, %s16 : [[I16_16X128]], i16) outs(%r4 : [[I16_16X128]]){{$}}
// PTOAS-NEXT: %r5 = pto.alloc_tile : [[I16_16X128]]{{$}}
// PTOAS-NEXT: pto.txors ins(%x, %s, %t : [[I16_16X128]], i32, [[I16_16X128]]) outs(%r5 : [[I16_16X128]]){{$}}
// PTOAS-NEXT: %r6 = pto.alloc_tile : [[I16_16X128]]{{$}}
// PTOAS-NEXT: pto.tnot ins(%x : [[I16_16X128]]) outs(%r6 : [[I16_16X128]]){{$}}
// PTOAS-NEXT: %r7 = pto.alloc_tile : [[I16_16X128]]{{$}}
// PTOAS-NEXT: pto.tshl ins(%x, %y : [[I16_16X128]], [[I16_16X128]]) outs(%r7 : [[I16_16X128]]){{$}}
// PTOAS-NEXT: %r8 = pto.alloc_tile : [[I16_16X128]]{{$}}
// PTOAS-NEXT: pto.tshr ins(%x, %y : [[I16_16X128]], [[I16_16X128]]) outs(%r8 : [[I16_16X128]]){{$}}
// PTOAS-NEXT: %r9 = pto.alloc_tile : [[I16_16X128]]{{$}}
// PTOAS-NEXT: pto.tshls ins(%x, %s : [[I16_16X128]], i32) outs(%r9 : [[I16_16X128]]){{$}}
// PTOAS-NEXT: %r10 = pto.alloc_tile : [[I16_16X128]]{{$}}
// PTOAS-NEXT: pto.tshrs ins(%x, %s : [[I16_16X128]], i32) outs(%r10 : [[I16_16X128]]){{$}}

// RT-LABEL: func.func @bitwise
// RT:      %r0 = tile.and %x, %y : (!tile.tile<16x128xi16, vec>, !tile.tile<16x128xi16, vec>) -> !tile.tile<16x128xi16, vec>
// RT-NEXT: %r1 = tile.or %x, %y : (!tile.tile<16x128xi16, vec>, !tile.tile<16x128xi16, vec>) -> !tile.tile<16x128xi16, vec>
// RT-NEXT: %r2 = tile.xor %x, %y, %t : (!tile.tile<16x128xi16, vec>, !tile.tile<16x128xi16, vec>, !tile.tile<16x128xi16, vec>) -> !tile.tile<16x128xi16, vec>
// RT-NEXT: %r3 = tile.ands %x, %s : (!tile.tile<16x128xi16, vec>, i32) -> !tile.tile<16x128xi16, vec>
// RT-NEXT: %r4 = tile.ors %x, %s16 : (!tile.tile<16x128xi16, vec>, i16) -> !tile.tile<16x128xi16, vec>
// RT-NEXT: %r5 = tile.xors %x, %s, %t : (!tile.tile<16x128xi16, vec>, i32, !tile.tile<16x128xi16, vec>) -> !tile.tile<16x128xi16, vec>
// RT-NEXT: %r6 = tile.not %x : (!tile.tile<16x128xi16, vec>) -> !tile.tile<16x128xi16, vec>
// RT-NEXT: %r7 = tile.shl %x, %y : (!tile.tile<16x128xi16, vec>, !tile.tile<16x128xi16, vec>) -> !tile.tile<16x128xi16, vec>
// RT-NEXT: %r8 = tile.shr %x, %y : (!tile.tile<16x128xi16, vec>, !tile.tile<16x128xi16, vec>) -> !tile.tile<16x128xi16, vec>
// RT-NEXT: %r9 = tile.shls %x, %s : (!tile.tile<16x128xi16, vec>, i32) -> !tile.tile<16x128xi16, vec>
// RT-NEXT: %r10 = tile.shrs %x, %s : (!tile.tile<16x128xi16, vec>, i32) -> !tile.tile<16x128xi16, vec>
func.func @bitwise(%a: memref<16x128xi16>, %s: i32, %s16: i16, %o: memref<176x128xi16>) {
  %c0 = arith.constant 0 : index
  %x = tile.load %a[%c0, %c0] : memref<16x128xi16> -> !tile.tile<16x128xi16, vec>
  %y = tile.load %a[%c0, %c0] : memref<16x128xi16> -> !tile.tile<16x128xi16, vec>
  %t = tile.create : !tile.tile<16x128xi16, vec>
  %r0 = tile.and %x, %y : (!tile.tile<16x128xi16, vec>, !tile.tile<16x128xi16, vec>) -> !tile.tile<16x128xi16, vec>
  %r1 = tile.or %x, %y : (!tile.tile<16x128xi16, vec>, !tile.tile<16x128xi16, vec>) -> !tile.tile<16x128xi16, vec>
  %r2 = tile.xor %x, %y, %t : (!tile.tile<16x128xi16, vec>, !tile.tile<16x128xi16, vec>, !tile.tile<16x128xi16, vec>) -> !tile.tile<16x128xi16, vec>
  %r3 = tile.ands %x, %s : (!tile.tile<16x128xi16, vec>, i32) -> !tile.tile<16x128xi16, vec>
  %r4 = tile.ors %x, %s16 : (!tile.tile<16x128xi16, vec>, i16) -> !tile.tile<16x128xi16, vec>
  %r5 = tile.xors %x, %s, %t : (!tile.tile<16x128xi16, vec>, i32, !tile.tile<16x128xi16, vec>) -> !tile.tile<16x128xi16, vec>
  %r6 = tile.not %x : (!tile.tile<16x128xi16, vec>) -> !tile.tile<16x128xi16, vec>
  %r7 = tile.shl %x, %y : (!tile.tile<16x128xi16, vec>, !tile.tile<16x128xi16, vec>) -> !tile.tile<16x128xi16, vec>
  %r8 = tile.shr %x, %y : (!tile.tile<16x128xi16, vec>, !tile.tile<16x128xi16, vec>) -> !tile.tile<16x128xi16, vec>
  %r9 = tile.shls %x, %s : (!tile.tile<16x128xi16, vec>, i32) -> !tile.tile<16x128xi16, vec>
  %r10 = tile.shrs %x, %s : (!tile.tile<16x128xi16, vec>, i32) -> !tile.tile<16x128xi16, vec>
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c48 = arith.constant 48 : index
  %c64 = arith.constant 64 : index
  %c80 = arith.constant 80 : index
  %c96 = arith.constant 96 : index
  %c112 = arith.constant 112 : index
  %c128 = arith.constant 128 : index
  %c144 = arith.constant 144 : index
  %c160 = arith.constant 160 : index
  tile.store %r0, %o[%c0, %c0] : !tile.tile<16x128xi16, vec>, memref<176x128xi16>
  tile.store %r1, %o[%c16, %c0] : !tile.tile<16x128xi16, vec>, memref<176x128xi16>
  tile.store %r2, %o[%c32, %c0] : !tile.tile<16x128xi16, vec>, memref<176x128xi16>
  tile.store %r3, %o[%c48, %c0] : !tile.tile<16x128xi16, vec>, memref<176x128xi16>
  tile.store %r4, %o[%c64, %c0] : !tile.tile<16x128xi16, vec>, memref<176x128xi16>
  tile.store %r5, %o[%c80, %c0] : !tile.tile<16x128xi16, vec>, memref<176x128xi16>
  tile.store %r6, %o[%c96, %c0] : !tile.tile<16x128xi16, vec>, memref<176x128xi16>
  tile.store %r7, %o[%c112, %c0] : !tile.tile<16x128xi16, vec>, memref<176x128xi16>
  tile.store %r8, %o[%c128, %c0] : !tile.tile<16x128xi16, vec>, memref<176x128xi16>
  tile.store %r9, %o[%c144, %c0] : !tile.tile<16x128xi16, vec>, memref<176x128xi16>
  tile.store %r10, %o[%c160, %c0] : !tile.tile<16x128xi16, vec>, memref<176x128xi16>
  func.return
}

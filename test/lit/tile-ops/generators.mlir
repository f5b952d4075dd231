// RUN: xdsl-opt %s | xdsl-opt | filecheck %s --check-prefix=RT
// RUN: xdsl-opt -p 'pto-plan-memory{backend=a5},convert-tile-to-pto' %s | filecheck %s --check-prefix=PTO
// RUN: xdsl-opt -p 'pto-plan-memory{backend=a5 planner=ptoas},convert-tile-to-pto' %s | filecheck %s --check-prefix=PTOAS
// RUN: not xdsl-opt -p 'pto-plan-memory{backend=a3},convert-tile-to-pto' %s 2>&1 | filecheck %s --check-prefix=A3

// The generators of issue 23 (tile-op-semantics.md section 4). ci's
// attribute is printed after outs, always (ptoas v0.48; inside ins it fails
// "expected ':'"); tri's inside ins (the grammar's custom form); random with
// 10 rounds is a plain ins/outs op, with 7 the generic form (the only one
// that takes rounds). A signless start for an unsigned tile goes through
// builtin.unrealized_conversion_cast, as the reference prints it. random is
// A5-only: a3 refuses it.

// RT-LABEL: func.func @generate
// RT:       %up = tile.ci %s {descending} : (i32) -> !tile.tile<1x64xi32, vec>
// RT-NEXT:  %idx = tile.ci %z : (i32) -> !tile.tile<1x512xui32, vec>
// RT-NEXT:  %lo = tile.tri %d : (i32) -> !tile.tile<16x64xf16, vec>
// RT-NEXT:  %hi = tile.tri %d {upper} : (i32) -> !tile.tile<16x64xf32, vec, valid = 12x40>
// RT-NEXT:  %r10 = tile.random %s, %s, %z, %z, %z, %z : (i32, i32, i32, i32, i32, i32) -> !tile.tile<16x256xui32, vec>
// RT-NEXT:  %r7 = tile.random %s, %z, %z, %z, %z, %s {rounds = 7 : i64} : (i32, i32, i32, i32, i32, i32) -> !tile.tile<8x256xi32, vec>

// PTO-LABEL: func.func @generate
// PTO:       %up = pto.alloc_tile addr = %c0_i64 : [[UP:!pto.tile_buf<loc=vec, dtype=i32, rows=1, cols=64, v_row=1, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>]]{{$}}
// PTO-NEXT:  %idx = pto.alloc_tile addr = %c256_i64 : [[IDX:!pto.tile_buf<loc=vec, dtype=ui32, rows=1, cols=512, v_row=1, v_col=512, blayout=row_major, slayout=none_box, fractal=512, pad=0>]]{{$}}
// PTO-NEXT:  %lo = pto.alloc_tile addr = %c2304_i64 : [[LO:!pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>]]{{$}}
// PTO-NEXT:  %hi = pto.alloc_tile addr = %c4352_i64 : [[HI:!pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=12, v_col=40, blayout=row_major, slayout=none_box, fractal=512, pad=0>]]{{$}}
// PTO-NEXT:  %r10 = pto.alloc_tile addr = %c4352_i64 : [[R10:!pto.tile_buf<loc=vec, dtype=ui32, rows=16, cols=256, v_row=16, v_col=256, blayout=row_major, slayout=none_box, fractal=512, pad=0>]]{{$}}
// PTO-NEXT:  %r7 = pto.alloc_tile addr = %c20736_i64 : [[R7:!pto.tile_buf<loc=vec, dtype=i32, rows=8, cols=256, v_row=8, v_col=256, blayout=row_major, slayout=none_box, fractal=512, pad=0>]]{{$}}
// PTO:       pto.tci ins(%s : i32) outs(%up : [[UP]]) {descending = true}{{$}}
// PTO-NEXT:  %z_1 = builtin.unrealized_conversion_cast %z : i32 to ui32{{$}}
// PTO-NEXT:  pto.tci ins(%z_1 : ui32) outs(%idx : [[IDX]]) {descending = false}{{$}}
// PTO-NEXT:  pto.ttri ins(%d {upperOrLower = 0 : i32} : i32) outs(%lo : [[LO]]){{$}}
// PTO-NEXT:  pto.ttri ins(%d {upperOrLower = 1 : i32} : i32) outs(%hi : [[HI]]){{$}}
// PTO-NEXT:  pto.trandom ins(%s, %s, %z, %z, %z, %z : i32, i32, i32, i32, i32, i32) outs(%r10 : [[R10]]){{$}}
// PTO-NEXT:  "pto.trandom"(%s, %z, %z, %z, %z, %s, %r7) {rounds = 7 : i32} : (i32, i32, i32, i32, i32, i32, [[R7]]) -> (){{$}}

// PTOAS-LABEL: func.func @generate
// PTOAS:       %r7 = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=i32, rows=8, cols=256
// PTOAS:       "pto.trandom"(%s, %z, %z, %z, %z, %s, %r7) {rounds = 7 : i32}

// A3: generators.mlir:[[# @LINE + 9]]:10: error: convert-tile-to-pto: tile.random on a3: the op is only supported on a5 ('pto.trandom' op trandom is only supported for A5 targets)
func.func @generate(%s: i32, %o1: memref<1x64xi32>, %o2: memref<1x512xui32>, %o3: memref<16x64xf16>, %o4: memref<16x64xf32>, %o5: memref<16x256xui32>, %o6: memref<8x256xi32>) {
  %c0 = arith.constant 0 : index
  %z = arith.constant 0 : i32
  %d = arith.constant -1 : i32
  %up = tile.ci %s {descending} : (i32) -> !tile.tile<1x64xi32, vec>
  %idx = tile.ci %z : (i32) -> !tile.tile<1x512xui32, vec>
  %lo = tile.tri %d : (i32) -> !tile.tile<16x64xf16, vec>
  %hi = tile.tri %d {upper} : (i32) -> !tile.tile<16x64xf32, vec, valid = 12x40>
  %r10 = tile.random %s, %s, %z, %z, %z, %z : (i32, i32, i32, i32, i32, i32) -> !tile.tile<16x256xui32, vec>
  %r7 = tile.random %s, %z, %z, %z, %z, %s {rounds = 7 : i64} : (i32, i32, i32, i32, i32, i32) -> !tile.tile<8x256xi32, vec>
  tile.store %up, %o1[%c0, %c0] : !tile.tile<1x64xi32, vec>, memref<1x64xi32>
  tile.store %idx, %o2[%c0, %c0] : !tile.tile<1x512xui32, vec>, memref<1x512xui32>
  tile.store %lo, %o3[%c0, %c0] : !tile.tile<16x64xf16, vec>, memref<16x64xf16>
  tile.store %r10, %o5[%c0, %c0] : !tile.tile<16x256xui32, vec>, memref<16x256xui32>
  tile.store %r7, %o6[%c0, %c0] : !tile.tile<8x256xi32, vec>, memref<8x256xi32>
  func.return
}

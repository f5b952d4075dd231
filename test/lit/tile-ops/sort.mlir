// RUN: xdsl-opt %s | xdsl-opt | filecheck %s --check-prefix=RT
// RUN: xdsl-opt -p 'pto-plan-memory{backend=a3},convert-tile-to-pto' %s | filecheck %s --check-prefix=PTO
// RUN: xdsl-opt -p 'pto-plan-memory{backend=a5},convert-tile-to-pto' %s | filecheck %s --check-prefix=PTO
// RUN: xdsl-opt -p 'pto-plan-memory{backend=a3 planner=ptoas},convert-tile-to-pto' %s | filecheck %s --check-prefix=PTOAS

// The sort ops of issue 23 (tile-op-semantics.md section 7): each op
// round-trips and lowers to ptoas v0.48's form: tsort32 ins(src, idx) (an
// f32 row doubles: one 8-byte record per element), tmrgsort format 1
// ins(src, blockLen : T, i32), format 2 ins(lists..., tmp {exhausted = ...})
// outs(dst, %executed : T, vector<4xi16>) with the executed-count vector a
// prologue constant. The text is the same on a3 and a5.

// RT-LABEL: func.func @sort
// RT:       %p = tile.sort32 %x, %i : (!tile.tile<1x512xf32, vec>, !tile.tile<1x512xui32, vec>) -> !tile.tile<1x1024xf32, vec>
// RT-NEXT:  %m = tile.mrgsort_format1 %p, %bl : (!tile.tile<1x1024xf32, vec>, i32) -> !tile.tile<1x1024xf32, vec>
// RT:       %two = tile.mrgsort_format2 %a, %b, %tmp : (!tile.tile<1x64xf32, vec>, !tile.tile<1x64xf32, vec>, !tile.tile<1x128xf32, vec>) -> !tile.tile<1x128xf32, vec>
// RT:       %four = tile.mrgsort_format2 %a, %b, %c, %d, %tmp4 {exhausted} : (!tile.tile<1x64xf32, vec>, !tile.tile<1x64xf32, vec>, !tile.tile<1x64xf32, vec>, !tile.tile<1x64xf32, vec>, !tile.tile<1x256xf32, vec>) -> !tile.tile<1x256xf32, vec>
// RT:       %h = tile.sort32 %xh, %ih : (!tile.tile<1x64xf16, vec>, !tile.tile<1x64xi32, vec>) -> !tile.tile<1x256xf16, vec>

// PTO-LABEL: func.func @sort
// PTO:       %executed = arith.constant dense<0> : vector<4xi16>
// PTO:       pto.tsort32 ins(%x, %i : [[X:!pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=512, v_row=1, v_col=512, blayout=row_major, slayout=none_box, fractal=512, pad=0>]], [[I:!pto.tile_buf<loc=vec, dtype=ui32, rows=1, cols=512, v_row=1, v_col=512, blayout=row_major, slayout=none_box, fractal=512, pad=0>]]) outs(%p : [[P:!pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=1024, v_row=1, v_col=1024, blayout=row_major, slayout=none_box, fractal=512, pad=0>]]){{$}}
// PTO-NEXT:  pto.tmrgsort ins(%p, %bl : [[P]], i32) outs(%m : [[P]]){{$}}
// PTO:       pto.tmrgsort ins(%a, %b, %tmp {exhausted = false} : [[L:!pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=64, v_row=1, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>]], [[L]], [[T:!pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=128, v_row=1, v_col=128, blayout=row_major, slayout=none_box, fractal=512, pad=0>]]) outs(%two, %executed : [[T]], vector<4xi16>){{$}}
// PTO:       pto.tmrgsort ins(%a, %b, %c, %d, %tmp4 {exhausted = true} : [[L]], [[L]], [[L]], [[L]], [[T4:!pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=256, v_row=1, v_col=256, blayout=row_major, slayout=none_box, fractal=512, pad=0>]]) outs(%four, %executed : [[T4]], vector<4xi16>){{$}}
// PTO:       pto.tsort32 ins(%xh, %ih : !pto.tile_buf<loc=vec, dtype=f16, rows=1, cols=64, v_row=1, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>, !pto.tile_buf<loc=vec, dtype=i32, rows=1, cols=64, v_row=1, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%h : !pto.tile_buf<loc=vec, dtype=f16, rows=1, cols=256, v_row=1, v_col=256, blayout=row_major, slayout=none_box, fractal=512, pad=0>){{$}}

// Under planner=ptoas no addr; the same ops.
// PTOAS-LABEL: func.func @sort
// PTOAS:       %x = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=512
// PTOAS:       pto.tsort32 ins(%x, %i :
// PTOAS:       pto.tmrgsort ins(%a, %b, %tmp {exhausted = false} :
func.func @sort(%g: memref<1x512xf32>, %gi: memref<1x512xui32>, %o: memref<1x1024xf32>, %g64: memref<1x64xf32>, %o2: memref<1x128xf32>, %o4: memref<1x256xf32>, %gh: memref<1x64xf16>, %gih: memref<1x64xi32>, %oh: memref<1x256xf16>) {
  %c0 = arith.constant 0 : index
  %bl = arith.constant 64 : i32
  %x = tile.load %g[%c0, %c0] : memref<1x512xf32> -> !tile.tile<1x512xf32, vec>
  %i = tile.load %gi[%c0, %c0] : memref<1x512xui32> -> !tile.tile<1x512xui32, vec>
  %p = tile.sort32 %x, %i : (!tile.tile<1x512xf32, vec>, !tile.tile<1x512xui32, vec>) -> !tile.tile<1x1024xf32, vec>
  %m = tile.mrgsort_format1 %p, %bl : (!tile.tile<1x1024xf32, vec>, i32) -> !tile.tile<1x1024xf32, vec>
  tile.store %m, %o[%c0, %c0] : !tile.tile<1x1024xf32, vec>, memref<1x1024xf32>
  %a = tile.load %g64[%c0, %c0] : memref<1x64xf32> -> !tile.tile<1x64xf32, vec>
  %b = tile.load %g64[%c0, %c0] : memref<1x64xf32> -> !tile.tile<1x64xf32, vec>
  %c = tile.load %g64[%c0, %c0] : memref<1x64xf32> -> !tile.tile<1x64xf32, vec>
  %d = tile.load %g64[%c0, %c0] : memref<1x64xf32> -> !tile.tile<1x64xf32, vec>
  %tmp = tile.create : !tile.tile<1x128xf32, vec>
  %two = tile.mrgsort_format2 %a, %b, %tmp : (!tile.tile<1x64xf32, vec>, !tile.tile<1x64xf32, vec>, !tile.tile<1x128xf32, vec>) -> !tile.tile<1x128xf32, vec>
  tile.store %two, %o2[%c0, %c0] : !tile.tile<1x128xf32, vec>, memref<1x128xf32>
  %tmp4 = tile.create : !tile.tile<1x256xf32, vec>
  %four = tile.mrgsort_format2 %a, %b, %c, %d, %tmp4 {exhausted} : (!tile.tile<1x64xf32, vec>, !tile.tile<1x64xf32, vec>, !tile.tile<1x64xf32, vec>, !tile.tile<1x64xf32, vec>, !tile.tile<1x256xf32, vec>) -> !tile.tile<1x256xf32, vec>
  tile.store %four, %o4[%c0, %c0] : !tile.tile<1x256xf32, vec>, memref<1x256xf32>
  %xh = tile.load %gh[%c0, %c0] : memref<1x64xf16> -> !tile.tile<1x64xf16, vec>
  %ih = tile.load %gih[%c0, %c0] : memref<1x64xi32> -> !tile.tile<1x64xi32, vec>
  %h = tile.sort32 %xh, %ih : (!tile.tile<1x64xf16, vec>, !tile.tile<1x64xi32, vec>) -> !tile.tile<1x256xf16, vec>
  tile.store %h, %oh[%c0, %c0] : !tile.tile<1x256xf16, vec>, memref<1x256xf16>
  func.return
}

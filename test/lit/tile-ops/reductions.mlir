// RUN: xdsl-opt %s | xdsl-opt | filecheck %s --check-prefix=RT
// RUN: xdsl-opt -p 'pto-plan-memory{backend=a3},convert-tile-to-pto' %s | filecheck %s --check-prefix=PTO
// RUN: xdsl-opt -p 'pto-plan-memory{backend=a5},convert-tile-to-pto' %s | filecheck %s --check-prefix=PTO
// RUN: xdsl-opt -p 'pto-plan-memory{backend=a3 planner=ptoas},convert-tile-to-pto' %s | filecheck %s --check-prefix=PTOAS

// The reductions of issue 23 (tile-op-semantics.md section 3): each op
// round-trips, and lowers to its pto op (ptoas v0.48's form: a row
// reduction's [R, 1] dst is col_major, a column reduction's [1, C] dst row
// major; col_sum's tmp goes with {isBinary = true} inside ins; the
// arg-reductions write i32 / ui32). The text is the same on a3 and a5.
// (Results with a partial valid shape are not stored: the store lowering's
// tstore wants the GM window to have the valid region's element count.)

// RT-LABEL: func.func @reduce
// RT:       %rp = tile.row_prod %x, %t : (!tile.tile<16x64xf32, vec, valid = 12x64>, !tile.tile<16x64xf32, vec>) -> !tile.tile<16x1xf32, vec, valid = 12x1>
// RT-NEXT:  %cs = tile.col_sum %x : (!tile.tile<16x64xf32, vec, valid = 12x64>) -> !tile.tile<1x64xf32, vec>
// RT-NEXT:  %cb = tile.col_sum %x, %t : (!tile.tile<16x64xf32, vec, valid = 12x64>, !tile.tile<16x64xf32, vec>) -> !tile.tile<1x64xf32, vec>
// RT-NEXT:  %cm = tile.col_max %x : (!tile.tile<16x64xf32, vec, valid = 12x64>) -> !tile.tile<1x64xf32, vec>
// RT-NEXT:  %cn = tile.col_min %x : (!tile.tile<16x64xf32, vec, valid = 12x64>) -> !tile.tile<1x64xf32, vec>
// RT-NEXT:  %cp = tile.col_prod %x : (!tile.tile<16x64xf32, vec, valid = 12x64>) -> !tile.tile<1x64xf32, vec>
// RT-NEXT:  %ra = tile.row_argmax %x, %t : (!tile.tile<16x64xf32, vec, valid = 12x64>, !tile.tile<16x64xf32, vec>) -> !tile.tile<16x1xi32, vec, valid = 12x1>
// RT-NEXT:  %rn = tile.row_argmin %x, %t : (!tile.tile<16x64xf32, vec, valid = 12x64>, !tile.tile<16x64xf32, vec>) -> !tile.tile<16x1xui32, vec, valid = 12x1>
// RT-NEXT:  %ca = tile.col_argmax %x, %t : (!tile.tile<16x64xf32, vec, valid = 12x64>, !tile.tile<16x64xf32, vec>) -> !tile.tile<1x64xi32, vec>
// RT-NEXT:  %cc = tile.col_argmin %x, %t : (!tile.tile<16x64xf32, vec, valid = 12x64>, !tile.tile<16x64xf32, vec>) -> !tile.tile<1x64xi32, vec>

// PTO-LABEL: func.func @reduce
// PTO:       %x = pto.alloc_tile addr = %c0_i64 : [[X:!pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=12, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>]]{{$}}
// PTO-NEXT:  %t = pto.alloc_tile addr = %c4096_i64 : [[T:!pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>]]{{$}}
// PTO-NEXT:  %rp = pto.alloc_tile addr = %c8192_i64 : [[RP:!pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=1, v_row=12, v_col=1, blayout=col_major, slayout=none_box, fractal=512, pad=0>]]{{$}}
// PTO-NEXT:  %cs = pto.alloc_tile addr = %c8192_i64 : [[CS:!pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=64, v_row=1, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>]]{{$}}
// PTO-NEXT:  %cb = pto.alloc_tile addr = %c8448_i64 : [[CS]]{{$}}
// PTO-NEXT:  %cm = pto.alloc_tile addr = %c8704_i64 : [[CS]]{{$}}
// PTO-NEXT:  %cn = pto.alloc_tile addr = %c8960_i64 : [[CS]]{{$}}
// PTO-NEXT:  %cp = pto.alloc_tile addr = %c9216_i64 : [[CS]]{{$}}
// PTO-NEXT:  %ra = pto.alloc_tile addr = %c9472_i64 : [[RA:!pto.tile_buf<loc=vec, dtype=i32, rows=16, cols=1, v_row=12, v_col=1, blayout=col_major, slayout=none_box, fractal=512, pad=0>]]{{$}}
// PTO-NEXT:  %rn = pto.alloc_tile addr = %c9472_i64 : [[RN:!pto.tile_buf<loc=vec, dtype=ui32, rows=16, cols=1, v_row=12, v_col=1, blayout=col_major, slayout=none_box, fractal=512, pad=0>]]{{$}}
// PTO-NEXT:  %ca = pto.alloc_tile addr = %c9472_i64 : [[CA:!pto.tile_buf<loc=vec, dtype=i32, rows=1, cols=64, v_row=1, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>]]{{$}}
// PTO-NEXT:  %cc = pto.alloc_tile addr = %c9728_i64 : [[CA]]{{$}}
// PTO:       pto.tload
// PTO-NEXT:  pto.trowprod ins(%x, %t : [[X]], [[T]]) outs(%rp : [[RP]]){{$}}
// PTO-NEXT:  pto.tcolsum ins(%x : [[X]]) outs(%cs : [[CS]]){{$}}
// PTO-NEXT:  pto.tcolsum ins(%x, %t {isBinary = true} : [[X]], [[T]]) outs(%cb : [[CS]]){{$}}
// PTO-NEXT:  pto.tcolmax ins(%x : [[X]]) outs(%cm : [[CS]]){{$}}
// PTO-NEXT:  pto.tcolmin ins(%x : [[X]]) outs(%cn : [[CS]]){{$}}
// PTO-NEXT:  pto.tcolprod ins(%x : [[X]]) outs(%cp : [[CS]]){{$}}
// PTO-NEXT:  pto.trowargmax ins(%x, %t : [[X]], [[T]]) outs(%ra : [[RA]]){{$}}
// PTO-NEXT:  pto.trowargmin ins(%x, %t : [[X]], [[T]]) outs(%rn : [[RN]]){{$}}
// PTO-NEXT:  pto.tcolargmax ins(%x, %t : [[X]], [[T]]) outs(%ca : [[CA]]){{$}}
// PTO-NEXT:  pto.tcolargmin ins(%x, %t : [[X]], [[T]]) outs(%cc : [[CA]]){{$}}

// Under planner=ptoas no addr; the same ops.
// PTOAS-LABEL: func.func @reduce
// PTOAS:       %x = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=12, v_col=64
// PTOAS:       pto.tcolsum ins(%x, %t {isBinary = true} :
// PTOAS:       pto.tcolargmin ins(%x, %t :
func.func @reduce(%a: memref<16x64xf32>, %o1: memref<16x1xf32>, %o2: memref<1x64xf32>, %o3: memref<16x1xi32>, %o4: memref<16x1xui32>, %o5: memref<1x64xi32>) {
  %c0 = arith.constant 0 : index
  %x = tile.load %a[%c0, %c0] : memref<16x64xf32> -> !tile.tile<16x64xf32, vec, valid = 12x64>
  %t = tile.create : !tile.tile<16x64xf32, vec>
  %rp = tile.row_prod %x, %t : (!tile.tile<16x64xf32, vec, valid = 12x64>, !tile.tile<16x64xf32, vec>) -> !tile.tile<16x1xf32, vec, valid = 12x1>
  %cs = tile.col_sum %x : (!tile.tile<16x64xf32, vec, valid = 12x64>) -> !tile.tile<1x64xf32, vec>
  %cb = tile.col_sum %x, %t : (!tile.tile<16x64xf32, vec, valid = 12x64>, !tile.tile<16x64xf32, vec>) -> !tile.tile<1x64xf32, vec>
  %cm = tile.col_max %x : (!tile.tile<16x64xf32, vec, valid = 12x64>) -> !tile.tile<1x64xf32, vec>
  %cn = tile.col_min %x : (!tile.tile<16x64xf32, vec, valid = 12x64>) -> !tile.tile<1x64xf32, vec>
  %cp = tile.col_prod %x : (!tile.tile<16x64xf32, vec, valid = 12x64>) -> !tile.tile<1x64xf32, vec>
  %ra = tile.row_argmax %x, %t : (!tile.tile<16x64xf32, vec, valid = 12x64>, !tile.tile<16x64xf32, vec>) -> !tile.tile<16x1xi32, vec, valid = 12x1>
  %rn = tile.row_argmin %x, %t : (!tile.tile<16x64xf32, vec, valid = 12x64>, !tile.tile<16x64xf32, vec>) -> !tile.tile<16x1xui32, vec, valid = 12x1>
  %ca = tile.col_argmax %x, %t : (!tile.tile<16x64xf32, vec, valid = 12x64>, !tile.tile<16x64xf32, vec>) -> !tile.tile<1x64xi32, vec>
  %cc = tile.col_argmin %x, %t : (!tile.tile<16x64xf32, vec, valid = 12x64>, !tile.tile<16x64xf32, vec>) -> !tile.tile<1x64xi32, vec>
  tile.store %cs, %o2[%c0, %c0] : !tile.tile<1x64xf32, vec>, memref<1x64xf32>
  tile.store %cb, %o2[%c0, %c0] : !tile.tile<1x64xf32, vec>, memref<1x64xf32>
  tile.store %cm, %o2[%c0, %c0] : !tile.tile<1x64xf32, vec>, memref<1x64xf32>
  tile.store %cn, %o2[%c0, %c0] : !tile.tile<1x64xf32, vec>, memref<1x64xf32>
  tile.store %cp, %o2[%c0, %c0] : !tile.tile<1x64xf32, vec>, memref<1x64xf32>
  tile.store %ca, %o5[%c0, %c0] : !tile.tile<1x64xi32, vec>, memref<1x64xi32>
  tile.store %cc, %o5[%c0, %c0] : !tile.tile<1x64xi32, vec>, memref<1x64xi32>
  func.return
}

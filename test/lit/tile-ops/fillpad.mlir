// RUN: xdsl-opt %s | xdsl-opt | filecheck %s --check-prefix=RT
// RUN: xdsl-opt -p 'pto-plan-memory{backend=a3},convert-tile-to-pto' %s | filecheck %s --check-prefix=PTO
// RUN: xdsl-opt -p 'pto-plan-memory{backend=a5 planner=ptoas},convert-tile-to-pto' %s | filecheck %s --check-prefix=PTOAS

// The fills of issue 23 (tile-op-semantics.md section 5): the pad value is
// the dst type's pad field (1 zero, 2 max, 3 min); the src keeps its own
// smaller valid shape. fillpad_inplace is reuses(0), rw(0): one handle in ins
// and outs (pto.tfillpad_inplace, a separate op in ptoas v0.48).
// fillpad_expand is not in-place safe: a buffer of its own (here on %x's
// bytes, dead by then). (planning.mlir shows fillpad taking its input's bytes.)

// RT-LABEL: func.func @fill
// RT:       %f = tile.fillpad %x : (!tile.tile<16x64xf32, vec, valid = 16x50>) -> !tile.tile<16x64xf32, vec, pad = 3>
// RT-NEXT:  %p = tile.fillpad_inplace %y : (!tile.tile<16x64xf32, vec, valid = 10x64, pad = 2>) -> !tile.tile<16x64xf32, vec, valid = 10x64, pad = 2>
// RT-NEXT:  %e = tile.fillpad_expand %p : (!tile.tile<16x64xf32, vec, valid = 10x64, pad = 2>) -> !tile.tile<32x128xf32, vec, pad = 1>

// PTO-LABEL: func.func @fill
// PTO:       %x = pto.alloc_tile addr = %c8192_i64 : [[X:!pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=16, v_col=50, blayout=row_major, slayout=none_box, fractal=512, pad=0>]]{{$}}
// PTO-NEXT:  %y = pto.alloc_tile addr = %c0_i64 : [[Y:!pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=10, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=2>]]{{$}}
// PTO-NEXT:  %f = pto.alloc_tile addr = %c4096_i64 : [[F:!pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=3>]]{{$}}
// PTO-NEXT:  %e = pto.alloc_tile addr = %c8192_i64 : [[E:!pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=128, v_row=32, v_col=128, blayout=row_major, slayout=none_box, fractal=512, pad=1>]]{{$}}
// PTO:       pto.tfillpad ins(%x : [[X]]) outs(%f : [[F]]){{$}}
// PTO:       pto.tfillpad_inplace ins(%y : [[Y]]) outs(%y : [[Y]]){{$}}
// PTO-NEXT:  pto.tfillpad_expand ins(%y : [[Y]]) outs(%e : [[E]]){{$}}

// PTOAS-LABEL: func.func @fill
// PTOAS:       pto.tfillpad_inplace ins(%y : [[Y:!pto.tile_buf<[^>]*>]]) outs(%y : [[Y]]){{$}}
func.func @fill(%a: memref<16x64xf32>, %o: memref<16x64xf32>, %q: memref<32x128xf32>) {
  %c0 = arith.constant 0 : index
  %x = tile.load %a[%c0, %c0] : memref<16x64xf32> -> !tile.tile<16x64xf32, vec, valid = 16x50>
  %y = tile.load %a[%c0, %c0] : memref<16x64xf32> -> !tile.tile<16x64xf32, vec, valid = 10x64, pad = 2>
  %f = tile.fillpad %x : (!tile.tile<16x64xf32, vec, valid = 16x50>) -> !tile.tile<16x64xf32, vec, pad = 3>
  %p = tile.fillpad_inplace %y : (!tile.tile<16x64xf32, vec, valid = 10x64, pad = 2>) -> !tile.tile<16x64xf32, vec, valid = 10x64, pad = 2>
  %e = tile.fillpad_expand %p : (!tile.tile<16x64xf32, vec, valid = 10x64, pad = 2>) -> !tile.tile<32x128xf32, vec, pad = 1>
  tile.store %f, %o[%c0, %c0] : !tile.tile<16x64xf32, vec, pad = 3>, memref<16x64xf32>
  tile.store %e, %q[%c0, %c0] : !tile.tile<32x128xf32, vec, pad = 1>, memref<32x128xf32>
  func.return
}

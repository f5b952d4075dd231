// RUN: xdsl-opt %s | xdsl-opt | filecheck %s --check-prefix=RT
// RUN: xdsl-opt -p 'pto-plan-memory{backend=a3},convert-tile-to-pto' %s | filecheck %s --check-prefix=PTO
// RUN: xdsl-opt -p 'pto-plan-memory{backend=a3 planner=ptoas},convert-tile-to-pto' %s | filecheck %s --check-prefix=PTOAS
// RUN: xdsl-pto run %s --backend a3 --seed 3 | filecheck %s --check-prefix=EXEC

// The gemv family of issue 23 (tile-op-semantics.md section 8, A2/A3): a
// one-row Left [1, K] times Right [K, N] into an Acc of 16 physical rows,
// valid 1xN. gemv_acc is in place on its accumulator (the PTO ins name the
// result's buffer); acc_phase "partial" / "final" becomes accPhase after
// outs, "unspecified" (or none) nothing. A store writes the valid row.

// PTO-LABEL: func.func @gemv
// PTO:  %am = pto.alloc_tile addr = %c0_i64 : !pto.tile_buf<loc=mat, dtype=f16, rows=1, cols=64, v_row=1, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>{{$}}
// PTO:  %bm = pto.alloc_tile addr = %c128_i64 : !pto.tile_buf<loc=mat, dtype=f16, rows=64, cols=32, v_row=64, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>{{$}}
// PTO:  %biasm = pto.alloc_tile addr = %c4224_i64 : !pto.tile_buf<loc=mat, dtype=f32, rows=1, cols=32, v_row=1, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>{{$}}
// PTO:  %l = pto.alloc_tile addr = %c0_i64 : !pto.tile_buf<loc=left, dtype=f16, rows=1, cols=64, v_row=1, v_col=64, blayout=row_major, slayout=row_major, fractal=512, pad=0>{{$}}
// PTO:  %r = pto.alloc_tile addr = %c0_i64 : !pto.tile_buf<loc=right, dtype=f16, rows=64, cols=32, v_row=64, v_col=32, blayout=row_major, slayout=col_major, fractal=512, pad=0>{{$}}
// PTO:  %bt = pto.alloc_tile addr = %c0_i64 : !pto.tile_buf<loc=bias, dtype=f32, rows=1, cols=32, v_row=1, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>{{$}}
// PTO:  %acc0 = pto.alloc_tile addr = %c0_i64 : !pto.tile_buf<loc=acc, dtype=f32, rows=16, cols=32, v_row=1, v_col=32, blayout=col_major, slayout=row_major, fractal=1024, pad=0>{{$}}
// PTO:  %acc2 = pto.alloc_tile addr = %c2048_i64 : !pto.tile_buf<loc=acc, dtype=f32, rows=16, cols=32, v_row=1, v_col=32, blayout=col_major, slayout=row_major, fractal=1024, pad=0>{{$}}
// PTO:  pto.tgemv ins(%l, %r : !pto.tile_buf<loc=left, dtype=f16, rows=1, cols=64, v_row=1, v_col=64, blayout=row_major, slayout=row_major, fractal=512, pad=0>, !pto.tile_buf<loc=right, dtype=f16, rows=64, cols=32, v_row=64, v_col=32, blayout=row_major, slayout=col_major, fractal=512, pad=0>) outs(%acc0 : !pto.tile_buf<loc=acc, dtype=f32, rows=16, cols=32, v_row=1, v_col=32, blayout=col_major, slayout=row_major, fractal=1024, pad=0>) {accPhase = #pto<acc_phase partial>}{{$}}
// PTO:  pto.tgemv.acc ins(%acc0, %l, %r : !pto.tile_buf<loc=acc, dtype=f32, rows=16, cols=32, v_row=1, v_col=32, blayout=col_major, slayout=row_major, fractal=1024, pad=0>, !pto.tile_buf<loc=left, dtype=f16, rows=1, cols=64, v_row=1, v_col=64, blayout=row_major, slayout=row_major, fractal=512, pad=0>, !pto.tile_buf<loc=right, dtype=f16, rows=64, cols=32, v_row=64, v_col=32, blayout=row_major, slayout=col_major, fractal=512, pad=0>) outs(%acc0 : !pto.tile_buf<loc=acc, dtype=f32, rows=16, cols=32, v_row=1, v_col=32, blayout=col_major, slayout=row_major, fractal=1024, pad=0>) {accPhase = #pto<acc_phase final>}{{$}}
// PTO:  pto.tgemv.bias ins(%l, %r, %bt : !pto.tile_buf<loc=left, dtype=f16, rows=1, cols=64, v_row=1, v_col=64, blayout=row_major, slayout=row_major, fractal=512, pad=0>, !pto.tile_buf<loc=right, dtype=f16, rows=64, cols=32, v_row=64, v_col=32, blayout=row_major, slayout=col_major, fractal=512, pad=0>, !pto.tile_buf<loc=bias, dtype=f32, rows=1, cols=32, v_row=1, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%acc2 : !pto.tile_buf<loc=acc, dtype=f32, rows=16, cols=32, v_row=1, v_col=32, blayout=col_major, slayout=row_major, fractal=1024, pad=0>){{$}}
// PTO:  pto.tgemv.acc ins(%acc2, %l, %r : !pto.tile_buf<loc=acc, dtype=f32, rows=16, cols=32, v_row=1, v_col=32, blayout=col_major, slayout=row_major, fractal=1024, pad=0>, !pto.tile_buf<loc=left, dtype=f16, rows=1, cols=64, v_row=1, v_col=64, blayout=row_major, slayout=row_major, fractal=512, pad=0>, !pto.tile_buf<loc=right, dtype=f16, rows=64, cols=32, v_row=64, v_col=32, blayout=row_major, slayout=col_major, fractal=512, pad=0>) outs(%acc2 : !pto.tile_buf<loc=acc, dtype=f32, rows=16, cols=32, v_row=1, v_col=32, blayout=col_major, slayout=row_major, fractal=1024, pad=0>){{$}}

// Under planner=ptoas no addresses; the same ops.
// PTOAS-LABEL: func.func @gemv
// PTOAS:  pto.tgemv ins(%l, %r : !pto.tile_buf<loc=left, dtype=f16, rows=1, cols=64, v_row=1, v_col=64, blayout=row_major, slayout=row_major, fractal=512, pad=0>, !pto.tile_buf<loc=right, dtype=f16, rows=64, cols=32, v_row=64, v_col=32, blayout=row_major, slayout=col_major, fractal=512, pad=0>) outs(%acc0 : !pto.tile_buf<loc=acc, dtype=f32, rows=16, cols=32, v_row=1, v_col=32, blayout=col_major, slayout=row_major, fractal=1024, pad=0>) {accPhase = #pto<acc_phase partial>}{{$}}
// PTOAS:  pto.tgemv.acc ins(%acc0, %l, %r : !pto.tile_buf<loc=acc, dtype=f32, rows=16, cols=32, v_row=1, v_col=32, blayout=col_major, slayout=row_major, fractal=1024, pad=0>, !pto.tile_buf<loc=left, dtype=f16, rows=1, cols=64, v_row=1, v_col=64, blayout=row_major, slayout=row_major, fractal=512, pad=0>, !pto.tile_buf<loc=right, dtype=f16, rows=64, cols=32, v_row=64, v_col=32, blayout=row_major, slayout=col_major, fractal=512, pad=0>) outs(%acc0 : !pto.tile_buf<loc=acc, dtype=f32, rows=16, cols=32, v_row=1, v_col=32, blayout=col_major, slayout=row_major, fractal=1024, pad=0>) {accPhase = #pto<acc_phase final>}{{$}}
// PTOAS:  pto.tgemv.bias ins(%l, %r, %bt : !pto.tile_buf<loc=left, dtype=f16, rows=1, cols=64, v_row=1, v_col=64, blayout=row_major, slayout=row_major, fractal=512, pad=0>, !pto.tile_buf<loc=right, dtype=f16, rows=64, cols=32, v_row=64, v_col=32, blayout=row_major, slayout=col_major, fractal=512, pad=0>, !pto.tile_buf<loc=bias, dtype=f32, rows=1, cols=32, v_row=1, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%acc2 : !pto.tile_buf<loc=acc, dtype=f32, rows=16, cols=32, v_row=1, v_col=32, blayout=col_major, slayout=row_major, fractal=1024, pad=0>){{$}}
// PTOAS:  pto.tgemv.acc ins(%acc2, %l, %r : !pto.tile_buf<loc=acc, dtype=f32, rows=16, cols=32, v_row=1, v_col=32, blayout=col_major, slayout=row_major, fractal=1024, pad=0>, !pto.tile_buf<loc=left, dtype=f16, rows=1, cols=64, v_row=1, v_col=64, blayout=row_major, slayout=row_major, fractal=512, pad=0>, !pto.tile_buf<loc=right, dtype=f16, rows=64, cols=32, v_row=64, v_col=32, blayout=row_major, slayout=col_major, fractal=512, pad=0>) outs(%acc2 : !pto.tile_buf<loc=acc, dtype=f32, rows=16, cols=32, v_row=1, v_col=32, blayout=col_major, slayout=row_major, fractal=1024, pad=0>){{$}}

// EXEC: gemv.mlir: logical and physical runs agree (seed 3)

// RT-LABEL: func.func @gemv
// RT:       %acc0 = tile.gemv %l, %r {acc_phase = "partial"} : (!tile.tile<1x64xf16, left>, !tile.tile<64x32xf16, right>) -> !tile.tile<16x32xf32, acc, valid = 1x32>
// RT-NEXT:  %acc1 = tile.gemv_acc %acc0, %l, %r {acc_phase = "final"} : (!tile.tile<16x32xf32, acc, valid = 1x32>, !tile.tile<1x64xf16, left>, !tile.tile<64x32xf16, right>) -> !tile.tile<16x32xf32, acc, valid = 1x32>
// RT-NEXT:  %acc2 = tile.gemv_bias %l, %r, %bt : (!tile.tile<1x64xf16, left>, !tile.tile<64x32xf16, right>, !tile.tile<1x32xf32, bias>) -> !tile.tile<16x32xf32, acc, valid = 1x32>
// RT-NEXT:  %acc3 = tile.gemv_acc %acc2, %l, %r : (!tile.tile<16x32xf32, acc, valid = 1x32>, !tile.tile<1x64xf16, left>, !tile.tile<64x32xf16, right>) -> !tile.tile<16x32xf32, acc, valid = 1x32>

func.func @gemv(%a: memref<1x64xf16>, %b: memref<64x32xf16>, %bias: memref<1x32xf32>, %c: memref<16x32xf32>) {
  %c0 = arith.constant 0 : index
  %am = tile.load %a[%c0, %c0] : memref<1x64xf16> -> !tile.tile<1x64xf16, mat, blayout = row_major, slayout = none_box>
  %bm = tile.load %b[%c0, %c0] : memref<64x32xf16> -> !tile.tile<64x32xf16, mat>
  %biasm = tile.load %bias[%c0, %c0] : memref<1x32xf32> -> !tile.tile<1x32xf32, mat, blayout = row_major, slayout = none_box>
  %l = tile.move %am : (!tile.tile<1x64xf16, mat, blayout = row_major, slayout = none_box>) -> !tile.tile<1x64xf16, left>
  %r = tile.move %bm : (!tile.tile<64x32xf16, mat>) -> !tile.tile<64x32xf16, right>
  %bt = tile.move %biasm : (!tile.tile<1x32xf32, mat, blayout = row_major, slayout = none_box>) -> !tile.tile<1x32xf32, bias>
  %acc0 = tile.gemv %l, %r {acc_phase = "partial"} : (!tile.tile<1x64xf16, left>, !tile.tile<64x32xf16, right>) -> !tile.tile<16x32xf32, acc, valid = 1x32>
  %acc1 = tile.gemv_acc %acc0, %l, %r {acc_phase = "final"} : (!tile.tile<16x32xf32, acc, valid = 1x32>, !tile.tile<1x64xf16, left>, !tile.tile<64x32xf16, right>) -> !tile.tile<16x32xf32, acc, valid = 1x32>
  %acc2 = tile.gemv_bias %l, %r, %bt : (!tile.tile<1x64xf16, left>, !tile.tile<64x32xf16, right>, !tile.tile<1x32xf32, bias>) -> !tile.tile<16x32xf32, acc, valid = 1x32>
  %acc3 = tile.gemv_acc %acc2, %l, %r : (!tile.tile<16x32xf32, acc, valid = 1x32>, !tile.tile<1x64xf16, left>, !tile.tile<64x32xf16, right>) -> !tile.tile<16x32xf32, acc, valid = 1x32>
  tile.store %acc1, %c[%c0, %c0] : !tile.tile<16x32xf32, acc, valid = 1x32>, memref<16x32xf32>
  tile.store %acc3, %c[%c0, %c0] : !tile.tile<16x32xf32, acc, valid = 1x32>, memref<16x32xf32>
  func.return
}

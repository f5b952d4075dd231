// RUN: xdsl-opt %s | xdsl-opt | filecheck %s --check-prefix=RT
// RUN: xdsl-opt -p 'pto-plan-memory{backend=a5},convert-tile-to-pto' %s | filecheck %s --check-prefix=PTO
// RUN: xdsl-opt -p 'pto-plan-memory{backend=a5 planner=ptoas},convert-tile-to-pto' %s | filecheck %s --check-prefix=PTOAS
// RUN: xdsl-pto run %s --backend a5 --seed 3 | filecheck %s --check-prefix=EXEC
// RUN: xdsl-opt -p 'pto-plan-memory{backend=a5},convert-tile-to-pto' %s | xdsl-pto validate - --backend a5 | filecheck %s --check-prefix=VALID

// The lowered module's buffers checked by the validator (a !pto.f8E8M0
// scale element is one byte; the fuzz campaign found the validator crashing
// on it):
// VALID: <stdin>: plan valid: @mx (12 pto buffers)

// The MX (block-scaled) matmuls of issue 23 and the scale binding
// (tile-op-semantics.md section 8; A5 only): f8E4M3FN Left [M, K] and Right
// [K, N], each with f8E8M0FNU scales in LeftScale [M, K/32] (row_major,
// row_major, fractal 32) and RightScale [K/32, N] (col_major, col_major, 32),
// into f32 Acc. Both scale spaces are ptoas's loc=scaling; e8m0 is
// !pto.f8E8M0; the GM scale tensors are mx_a_zz / mx_b_nn (ptoas infers
// them from the scale tile's layout and refuses nd). tget_scale_addr binds a
// scale tile to its data tile: ins(data) outs(scale), in place on the scale.

// RT-LABEL: func.func @mx
// RT:       %ls = tile.tget_scale_addr %ls0, %l : (!tile.tile<32x2xf8E8M0FNU, left_scale>, !tile.tile<32x64xf8E4M3FN, left>) -> !tile.tile<32x2xf8E8M0FNU, left_scale>
// RT:       %acc1 = tile.matmul_mx_acc %acc0, %l, %ls, %r, %rs : (!tile.tile<32x32xf32, acc>, !tile.tile<32x64xf8E4M3FN, left>, !tile.tile<32x2xf8E8M0FNU, left_scale>, !tile.tile<64x32xf8E4M3FN, right>, !tile.tile<2x32xf8E8M0FNU, right_scale>) -> !tile.tile<32x32xf32, acc>

// PTO-LABEL:  func.func @mx(%a: !pto.ptr<f8E4M3FN>, %sa: !pto.ptr<!pto.f8E8M0>, %b: !pto.ptr<f8E4M3FN>, %sb: !pto.ptr<!pto.f8E8M0>, %bias: !pto.ptr<f32>, %c: !pto.ptr<f32>) attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
// PTO:  %1 = pto.make_tensor_view %sa, shape = [%c32_index, %c2_index], strides = [%c2_index, %c1_index] {layout = #pto.layout<mx_a_zz>} : !pto.tensor_view<?x?x!pto.f8E8M0>{{$}}
// PTO:  %3 = pto.make_tensor_view %sb, shape = [%c2_index, %c32_index], strides = [%c32_index, %c1_index] {layout = #pto.layout<mx_b_nn>} : !pto.tensor_view<?x?x!pto.f8E8M0>{{$}}
// PTO:  %am = pto.alloc_tile addr = %c0_i64 : !pto.tile_buf<loc=mat, dtype=f8E4M3FN, rows=32, cols=64, v_row=32, v_col=64, blayout=col_major, slayout=row_major, fractal=512, pad=0>{{$}}
// PTO:  %bm = pto.alloc_tile addr = %c2048_i64 : !pto.tile_buf<loc=mat, dtype=f8E4M3FN, rows=64, cols=32, v_row=64, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>{{$}}
// PTO:  %sam = pto.alloc_tile addr = %c4096_i64 : !pto.tile_buf<loc=mat, dtype=!pto.f8E8M0, rows=32, cols=2, v_row=32, v_col=2, blayout=row_major, slayout=row_major, fractal=32, pad=0>{{$}}
// PTO:  %sbm = pto.alloc_tile addr = %c4160_i64 : !pto.tile_buf<loc=mat, dtype=!pto.f8E8M0, rows=2, cols=32, v_row=2, v_col=32, blayout=col_major, slayout=col_major, fractal=32, pad=0>{{$}}
// PTO:  %biasm = pto.alloc_tile addr = %c4224_i64 : !pto.tile_buf<loc=mat, dtype=f32, rows=1, cols=32, v_row=1, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>{{$}}
// PTO:  %l = pto.alloc_tile addr = %c0_i64 : !pto.tile_buf<loc=left, dtype=f8E4M3FN, rows=32, cols=64, v_row=32, v_col=64, blayout=row_major, slayout=row_major, fractal=512, pad=0>{{$}}
// PTO:  %r = pto.alloc_tile addr = %c0_i64 : !pto.tile_buf<loc=right, dtype=f8E4M3FN, rows=64, cols=32, v_row=64, v_col=32, blayout=row_major, slayout=col_major, fractal=512, pad=0>{{$}}
// PTO:  %ls0 = pto.alloc_tile addr = %c0_i64 : !pto.tile_buf<loc=scaling, dtype=!pto.f8E8M0, rows=32, cols=2, v_row=32, v_col=2, blayout=row_major, slayout=row_major, fractal=32, pad=0>{{$}}
// PTO:  %rs0 = pto.alloc_tile addr = %c0_i64 : !pto.tile_buf<loc=scaling, dtype=!pto.f8E8M0, rows=2, cols=32, v_row=2, v_col=32, blayout=col_major, slayout=col_major, fractal=32, pad=0>{{$}}
// PTO:  %bt = pto.alloc_tile addr = %c0_i64 : !pto.tile_buf<loc=bias, dtype=f32, rows=1, cols=32, v_row=1, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>{{$}}
// PTO:  %acc0 = pto.alloc_tile addr = %c0_i64 : !pto.tile_buf<loc=acc, dtype=f32, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=1024, pad=0>{{$}}
// PTO:  %acc2 = pto.alloc_tile addr = %c4096_i64 : !pto.tile_buf<loc=acc, dtype=f32, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=1024, pad=0>{{$}}
// PTO:  pto.tmov ins(%sam : !pto.tile_buf<loc=mat, dtype=!pto.f8E8M0, rows=32, cols=2, v_row=32, v_col=2, blayout=row_major, slayout=row_major, fractal=32, pad=0>) outs(%ls0 : !pto.tile_buf<loc=scaling, dtype=!pto.f8E8M0, rows=32, cols=2, v_row=32, v_col=2, blayout=row_major, slayout=row_major, fractal=32, pad=0>){{$}}
// PTO:  pto.tget_scale_addr ins(%l : !pto.tile_buf<loc=left, dtype=f8E4M3FN, rows=32, cols=64, v_row=32, v_col=64, blayout=row_major, slayout=row_major, fractal=512, pad=0>) outs(%ls0 : !pto.tile_buf<loc=scaling, dtype=!pto.f8E8M0, rows=32, cols=2, v_row=32, v_col=2, blayout=row_major, slayout=row_major, fractal=32, pad=0>){{$}}
// PTO:  pto.tget_scale_addr ins(%r : !pto.tile_buf<loc=right, dtype=f8E4M3FN, rows=64, cols=32, v_row=64, v_col=32, blayout=row_major, slayout=col_major, fractal=512, pad=0>) outs(%rs0 : !pto.tile_buf<loc=scaling, dtype=!pto.f8E8M0, rows=2, cols=32, v_row=2, v_col=32, blayout=col_major, slayout=col_major, fractal=32, pad=0>){{$}}
// PTO:  pto.tmatmul.mx ins(%l, %ls0, %r, %rs0 : !pto.tile_buf<loc=left, dtype=f8E4M3FN, rows=32, cols=64, v_row=32, v_col=64, blayout=row_major, slayout=row_major, fractal=512, pad=0>, !pto.tile_buf<loc=scaling, dtype=!pto.f8E8M0, rows=32, cols=2, v_row=32, v_col=2, blayout=row_major, slayout=row_major, fractal=32, pad=0>, !pto.tile_buf<loc=right, dtype=f8E4M3FN, rows=64, cols=32, v_row=64, v_col=32, blayout=row_major, slayout=col_major, fractal=512, pad=0>, !pto.tile_buf<loc=scaling, dtype=!pto.f8E8M0, rows=2, cols=32, v_row=2, v_col=32, blayout=col_major, slayout=col_major, fractal=32, pad=0>) outs(%acc0 : !pto.tile_buf<loc=acc, dtype=f32, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=1024, pad=0>){{$}}
// PTO:  pto.tmatmul.mx.acc ins(%acc0, %l, %ls0, %r, %rs0 : !pto.tile_buf<loc=acc, dtype=f32, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=1024, pad=0>, !pto.tile_buf<loc=left, dtype=f8E4M3FN, rows=32, cols=64, v_row=32, v_col=64, blayout=row_major, slayout=row_major, fractal=512, pad=0>, !pto.tile_buf<loc=scaling, dtype=!pto.f8E8M0, rows=32, cols=2, v_row=32, v_col=2, blayout=row_major, slayout=row_major, fractal=32, pad=0>, !pto.tile_buf<loc=right, dtype=f8E4M3FN, rows=64, cols=32, v_row=64, v_col=32, blayout=row_major, slayout=col_major, fractal=512, pad=0>, !pto.tile_buf<loc=scaling, dtype=!pto.f8E8M0, rows=2, cols=32, v_row=2, v_col=32, blayout=col_major, slayout=col_major, fractal=32, pad=0>) outs(%acc0 : !pto.tile_buf<loc=acc, dtype=f32, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=1024, pad=0>){{$}}
// PTO:  pto.tmatmul.mx.bias ins(%l, %ls0, %r, %rs0, %bt : !pto.tile_buf<loc=left, dtype=f8E4M3FN, rows=32, cols=64, v_row=32, v_col=64, blayout=row_major, slayout=row_major, fractal=512, pad=0>, !pto.tile_buf<loc=scaling, dtype=!pto.f8E8M0, rows=32, cols=2, v_row=32, v_col=2, blayout=row_major, slayout=row_major, fractal=32, pad=0>, !pto.tile_buf<loc=right, dtype=f8E4M3FN, rows=64, cols=32, v_row=64, v_col=32, blayout=row_major, slayout=col_major, fractal=512, pad=0>, !pto.tile_buf<loc=scaling, dtype=!pto.f8E8M0, rows=2, cols=32, v_row=2, v_col=32, blayout=col_major, slayout=col_major, fractal=32, pad=0>, !pto.tile_buf<loc=bias, dtype=f32, rows=1, cols=32, v_row=1, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%acc2 : !pto.tile_buf<loc=acc, dtype=f32, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=1024, pad=0>){{$}}

// Under planner=ptoas no addresses; the same ops.
// PTOAS-LABEL: func.func @mx
// PTOAS:  pto.tget_scale_addr ins(%l : !pto.tile_buf<loc=left, dtype=f8E4M3FN, rows=32, cols=64, v_row=32, v_col=64, blayout=row_major, slayout=row_major, fractal=512, pad=0>) outs(%ls0 : !pto.tile_buf<loc=scaling, dtype=!pto.f8E8M0, rows=32, cols=2, v_row=32, v_col=2, blayout=row_major, slayout=row_major, fractal=32, pad=0>){{$}}
// PTOAS:  pto.tget_scale_addr ins(%r : !pto.tile_buf<loc=right, dtype=f8E4M3FN, rows=64, cols=32, v_row=64, v_col=32, blayout=row_major, slayout=col_major, fractal=512, pad=0>) outs(%rs0 : !pto.tile_buf<loc=scaling, dtype=!pto.f8E8M0, rows=2, cols=32, v_row=2, v_col=32, blayout=col_major, slayout=col_major, fractal=32, pad=0>){{$}}
// PTOAS:  pto.tmatmul.mx ins(%l, %ls0, %r, %rs0 : !pto.tile_buf<loc=left, dtype=f8E4M3FN, rows=32, cols=64, v_row=32, v_col=64, blayout=row_major, slayout=row_major, fractal=512, pad=0>, !pto.tile_buf<loc=scaling, dtype=!pto.f8E8M0, rows=32, cols=2, v_row=32, v_col=2, blayout=row_major, slayout=row_major, fractal=32, pad=0>, !pto.tile_buf<loc=right, dtype=f8E4M3FN, rows=64, cols=32, v_row=64, v_col=32, blayout=row_major, slayout=col_major, fractal=512, pad=0>, !pto.tile_buf<loc=scaling, dtype=!pto.f8E8M0, rows=2, cols=32, v_row=2, v_col=32, blayout=col_major, slayout=col_major, fractal=32, pad=0>) outs(%acc0 : !pto.tile_buf<loc=acc, dtype=f32, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=1024, pad=0>){{$}}
// PTOAS:  pto.tmatmul.mx.acc ins(%acc0, %l, %ls0, %r, %rs0 : !pto.tile_buf<loc=acc, dtype=f32, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=1024, pad=0>, !pto.tile_buf<loc=left, dtype=f8E4M3FN, rows=32, cols=64, v_row=32, v_col=64, blayout=row_major, slayout=row_major, fractal=512, pad=0>, !pto.tile_buf<loc=scaling, dtype=!pto.f8E8M0, rows=32, cols=2, v_row=32, v_col=2, blayout=row_major, slayout=row_major, fractal=32, pad=0>, !pto.tile_buf<loc=right, dtype=f8E4M3FN, rows=64, cols=32, v_row=64, v_col=32, blayout=row_major, slayout=col_major, fractal=512, pad=0>, !pto.tile_buf<loc=scaling, dtype=!pto.f8E8M0, rows=2, cols=32, v_row=2, v_col=32, blayout=col_major, slayout=col_major, fractal=32, pad=0>) outs(%acc0 : !pto.tile_buf<loc=acc, dtype=f32, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=1024, pad=0>){{$}}
// PTOAS:  pto.tmatmul.mx.bias ins(%l, %ls0, %r, %rs0, %bt : !pto.tile_buf<loc=left, dtype=f8E4M3FN, rows=32, cols=64, v_row=32, v_col=64, blayout=row_major, slayout=row_major, fractal=512, pad=0>, !pto.tile_buf<loc=scaling, dtype=!pto.f8E8M0, rows=32, cols=2, v_row=32, v_col=2, blayout=row_major, slayout=row_major, fractal=32, pad=0>, !pto.tile_buf<loc=right, dtype=f8E4M3FN, rows=64, cols=32, v_row=64, v_col=32, blayout=row_major, slayout=col_major, fractal=512, pad=0>, !pto.tile_buf<loc=scaling, dtype=!pto.f8E8M0, rows=2, cols=32, v_row=2, v_col=32, blayout=col_major, slayout=col_major, fractal=32, pad=0>, !pto.tile_buf<loc=bias, dtype=f32, rows=1, cols=32, v_row=1, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%acc2 : !pto.tile_buf<loc=acc, dtype=f32, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=1024, pad=0>){{$}}

// EXEC: mx.mlir: logical and physical runs agree (seed 3)

func.func @mx(%a: memref<32x64xf8E4M3FN>, %sa: memref<32x2xf8E8M0FNU>, %b: memref<64x32xf8E4M3FN>, %sb: memref<2x32xf8E8M0FNU>, %bias: memref<1x32xf32>, %c: memref<32x32xf32>) {
  %c0 = arith.constant 0 : index
  %am = tile.load %a[%c0, %c0] : memref<32x64xf8E4M3FN> -> !tile.tile<32x64xf8E4M3FN, mat>
  %bm = tile.load %b[%c0, %c0] : memref<64x32xf8E4M3FN> -> !tile.tile<64x32xf8E4M3FN, mat>
  %sam = tile.load %sa[%c0, %c0] : memref<32x2xf8E8M0FNU> -> !tile.tile<32x2xf8E8M0FNU, mat, blayout = row_major, slayout = row_major, fractal = 32>
  %sbm = tile.load %sb[%c0, %c0] : memref<2x32xf8E8M0FNU> -> !tile.tile<2x32xf8E8M0FNU, mat, blayout = col_major, slayout = col_major, fractal = 32>
  %biasm = tile.load %bias[%c0, %c0] : memref<1x32xf32> -> !tile.tile<1x32xf32, mat, blayout = row_major, slayout = none_box>
  %l = tile.move %am : (!tile.tile<32x64xf8E4M3FN, mat>) -> !tile.tile<32x64xf8E4M3FN, left>
  %r = tile.move %bm : (!tile.tile<64x32xf8E4M3FN, mat>) -> !tile.tile<64x32xf8E4M3FN, right>
  %ls0 = tile.move %sam : (!tile.tile<32x2xf8E8M0FNU, mat, blayout = row_major, slayout = row_major, fractal = 32>) -> !tile.tile<32x2xf8E8M0FNU, left_scale>
  %rs0 = tile.move %sbm : (!tile.tile<2x32xf8E8M0FNU, mat, blayout = col_major, slayout = col_major, fractal = 32>) -> !tile.tile<2x32xf8E8M0FNU, right_scale>
  %bt = tile.move %biasm : (!tile.tile<1x32xf32, mat, blayout = row_major, slayout = none_box>) -> !tile.tile<1x32xf32, bias>
  %ls = tile.tget_scale_addr %ls0, %l : (!tile.tile<32x2xf8E8M0FNU, left_scale>, !tile.tile<32x64xf8E4M3FN, left>) -> !tile.tile<32x2xf8E8M0FNU, left_scale>
  %rs = tile.tget_scale_addr %rs0, %r : (!tile.tile<2x32xf8E8M0FNU, right_scale>, !tile.tile<64x32xf8E4M3FN, right>) -> !tile.tile<2x32xf8E8M0FNU, right_scale>
  %acc0 = tile.matmul_mx %l, %ls, %r, %rs : (!tile.tile<32x64xf8E4M3FN, left>, !tile.tile<32x2xf8E8M0FNU, left_scale>, !tile.tile<64x32xf8E4M3FN, right>, !tile.tile<2x32xf8E8M0FNU, right_scale>) -> !tile.tile<32x32xf32, acc>
  %acc1 = tile.matmul_mx_acc %acc0, %l, %ls, %r, %rs : (!tile.tile<32x32xf32, acc>, !tile.tile<32x64xf8E4M3FN, left>, !tile.tile<32x2xf8E8M0FNU, left_scale>, !tile.tile<64x32xf8E4M3FN, right>, !tile.tile<2x32xf8E8M0FNU, right_scale>) -> !tile.tile<32x32xf32, acc>
  %acc2 = tile.matmul_mx_bias %l, %ls, %r, %rs, %bt : (!tile.tile<32x64xf8E4M3FN, left>, !tile.tile<32x2xf8E8M0FNU, left_scale>, !tile.tile<64x32xf8E4M3FN, right>, !tile.tile<2x32xf8E8M0FNU, right_scale>, !tile.tile<1x32xf32, bias>) -> !tile.tile<32x32xf32, acc>
  tile.store %acc1, %c[%c0, %c0] : !tile.tile<32x32xf32, acc>, memref<32x32xf32>
  tile.store %acc2, %c[%c0, %c0] : !tile.tile<32x32xf32, acc>, memref<32x32xf32>
  func.return
}

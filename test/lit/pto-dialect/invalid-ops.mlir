// RUN: xdsl-opt %s --split-input-file --verify-diagnostics | filecheck %s

// Ops whose operands do not fit the op are rejected by their verifiers.

!dyn = !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>
%t = pto.alloc_tile : !dyn
// CHECK: Operation does not verify: pto.alloc_tile: 'valid_row' operand is required because the tile type has v_row=?

// -----

!vec = !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>
%c16 = arith.constant 16 : index
%t = pto.alloc_tile valid_row = %c16 valid_col = %c16 : !vec
// CHECK: Operation does not verify: pto.alloc_tile: 'valid_row' operand is only allowed when the tile type has v_row=? (it has v_row=16)

// -----

!dyn = !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>
%c16 = arith.constant 16 : index
%m = pto.alloc_multi_tile valid_row = %c16 : !pto.multi_tile_buf<!dyn, count=2>
// CHECK: Operation does not verify: pto.alloc_multi_tile: 'valid_col' operand is required because the tile type has v_col=?

// -----

!vec = !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>
!acc = !pto.tile_buf<loc=acc, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>
%c0 = arith.constant 0 : index
%m = pto.alloc_multi_tile : !pto.multi_tile_buf<!vec, count=2>
%x = pto.multi_tile_get %m[%c0] : !pto.multi_tile_buf<!vec, count=2> -> !acc
// CHECK: Operation does not verify: pto.multi_tile_get: result type !pto.tile_buf<loc=acc, {{.*}}> differs from the slot type !pto.tile_buf<loc=vec, {{.*}}>

// -----

// A constant slot must lie within the multi_tile_buf's count: 2 of count=2 ...
!vec = !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>
%c2 = arith.constant 2 : index
%m = pto.alloc_multi_tile : !pto.multi_tile_buf<!vec, count=2>
%x = pto.multi_tile_get %m[%c2] : !pto.multi_tile_buf<!vec, count=2> -> !vec
// CHECK: Operation does not verify: pto.multi_tile_get: slot 2 is out of range for a multi_tile_buf of count=2 (expected 0 <= slot < 2){{$}}

// -----

// ... and a negative one never does.
!vec = !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>
%cm1 = arith.constant -1 : index
%m = pto.alloc_multi_tile : !pto.multi_tile_buf<!vec, count=3>
%x = pto.multi_tile_get %m[%cm1] : !pto.multi_tile_buf<!vec, count=3> -> !vec
// CHECK: Operation does not verify: pto.multi_tile_get: slot -1 is out of range for a multi_tile_buf of count=3 (expected 0 <= slot < 3){{$}}

// -----

// The last slot, and a slot known only at run time, are fine.
!vec = !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>
%c2 = arith.constant 2 : index
%m = pto.alloc_multi_tile : !pto.multi_tile_buf<!vec, count=3>
%x = pto.multi_tile_get %m[%c2] : !pto.multi_tile_buf<!vec, count=3> -> !vec
%s = "test.op"() : () -> index
%y = pto.multi_tile_get %m[%s] : !pto.multi_tile_buf<!vec, count=3> -> !vec
// CHECK: %x = pto.multi_tile_get %m[%c2] : !pto.multi_tile_buf<{{.*}}, count=3> -> !pto.tile_buf<{{.*}}>{{$}}
// CHECK: %y = pto.multi_tile_get %m[%s] : !pto.multi_tile_buf<{{.*}}, count=3> -> !pto.tile_buf<{{.*}}>{{$}}

// -----

!vec = !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>
%a = pto.alloc_tile : !vec
pto.tadd ins(%a : !vec) outs(%a : !vec)
// CHECK: Operation does not verify: pto.tadd: expected 2 'ins' operands (src0, src1), got 1

// -----

!vec = !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>
%a = pto.alloc_tile : !vec
pto.tmatmul ins(%a, %a : !vec, !vec) outs(%a : !vec)
// CHECK: Operation does not verify: pto.tmatmul: 'ins' operand #0 (lhs) must be a tile with loc=left, got loc=vec

// -----

!vec = !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>
%a = pto.alloc_tile : !vec
%i = arith.constant 3 : i32
pto.tadds ins(%i, %a : i32, !vec) outs(%a : !vec)
// CHECK: Operation does not verify: pto.tadds: 'ins' operand #0 (src) must be a !pto.tile_buf, got i32

// -----

!vec = !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>
!sub = !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=16, v_row=8, v_col=16, blayout=col_major, slayout=none_box, fractal=512, pad=0>
%c0 = arith.constant 0 : index
%a = pto.alloc_tile : !vec
%s = pto.subview %a[%c0, %c0] sizes [8, 16] : !vec -> !sub
// CHECK: Operation does not verify: pto.subview: result blayout=col_major differs from the source's blayout=row_major

// -----

%p = "test.op"() : () -> !pto.ptr<f16>
%c1 = arith.constant 1 : index
%v = pto.make_tensor_view %p, shape = [%c1], strides = [%c1] : !pto.tensor_view<?xf16>
%w = pto.partition_view %v, offsets = [%c1], sizes = [%c1] : !pto.tensor_view<?xf16> -> !pto.partition_tensor_view<1x1xf16>
// CHECK: Operation does not verify: pto.partition_view: source rank 1 differs from result rank 2

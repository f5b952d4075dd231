// RUN: xdsl-opt -p 'pto-plan-memory{backend=a3},convert-tile-to-pto' %s | filecheck %s

// A cube kernel (only mat/left/right/acc tiles): kind cube, the ptoas cube
// layouts, each space with its own addresses from 0. tile.matmul_acc is in
// place on the accumulator; its init_cond picks the PTO form:
//   constant true  -> pto.tmatmul (fresh accumulation, acc not read)
//   runtime %first -> scf.if %first { tmatmul } else { tmatmul.acc }
//   constant false -> pto.tmatmul.acc ins(acc, lhs, rhs)
// CHECK:      func.func @cube(%a: !pto.ptr<f16>, %c: !pto.ptr<f32>, %first: i1) attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
// CHECK:      %m = pto.alloc_tile addr = %c0_i64 : !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>
// CHECK-NEXT: %l = pto.alloc_tile addr = %c0_i64 : !pto.tile_buf<loc=left, dtype=f16, rows=32, cols=32, v_row=32, v_col=32, blayout=row_major, slayout=row_major, fractal=512, pad=0>
// CHECK-NEXT: %r = pto.alloc_tile addr = %c0_i64 : !pto.tile_buf<loc=right, dtype=f16, rows=32, cols=32, v_row=32, v_col=32, blayout=row_major, slayout=col_major, fractal=512, pad=0>
// CHECK-NEXT: %acc0 = pto.alloc_tile addr = %c0_i64 : !pto.tile_buf<loc=acc, dtype=f32, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=1024, pad=0>
// CHECK-NOT:  pto.alloc_tile
// CHECK:      pto.tmov ins(%m : !pto.tile_buf<loc=mat, {{.*}}>) outs(%l : !pto.tile_buf<loc=left, {{.*}}>)
// CHECK-NEXT: pto.tmov ins(%m : !pto.tile_buf<loc=mat, {{.*}}>) outs(%r : !pto.tile_buf<loc=right, {{.*}}>)
// CHECK-NEXT: pto.tmatmul ins(%l, %r : !pto.tile_buf<loc=left, dtype=f16, rows=32, cols=32, v_row=32, v_col=32, blayout=row_major, slayout=row_major, fractal=512, pad=0>, !pto.tile_buf<loc=right, dtype=f16, rows=32, cols=32, v_row=32, v_col=32, blayout=row_major, slayout=col_major, fractal=512, pad=0>) outs(%acc0 : !pto.tile_buf<loc=acc, dtype=f32, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=1024, pad=0>)
// CHECK-NEXT: scf.if %first {
// CHECK-NEXT:   pto.tmatmul ins(%l, %r : {{.*}}) outs(%acc0 : {{.*}})
// CHECK-NEXT: } else {
// CHECK-NEXT:   pto.tmatmul.acc ins(%acc0, %l, %r : !pto.tile_buf<loc=acc, {{.*}}>, !pto.tile_buf<loc=left, {{.*}}>, !pto.tile_buf<loc=right, {{.*}}>) outs(%acc0 : !pto.tile_buf<loc=acc, {{.*}}>)
// CHECK-NEXT: }
// CHECK-NEXT: pto.tmatmul.acc ins(%acc0, %l, %r : !pto.tile_buf<loc=acc, dtype=f32, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=1024, pad=0>, !pto.tile_buf<loc=left, dtype=f16, rows=32, cols=32, v_row=32, v_col=32, blayout=row_major, slayout=row_major, fractal=512, pad=0>, !pto.tile_buf<loc=right, dtype=f16, rows=32, cols=32, v_row=32, v_col=32, blayout=row_major, slayout=col_major, fractal=512, pad=0>) outs(%acc0 : !pto.tile_buf<loc=acc, dtype=f32, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=1024, pad=0>)
// CHECK-NEXT: %[[P:[0-9]+]] = pto.partition_view
// CHECK-NEXT: pto.tstore ins(%acc0 : !pto.tile_buf<loc=acc, {{.*}}>) outs(%[[P]] : !pto.partition_tensor_view<32x32xf32>)
func.func @cube(%a: memref<32x32xf16>, %c: memref<32x32xf32>, %first: i1) {
  %c0 = arith.constant 0 : index
  %t = arith.constant true
  %f = arith.constant false
  %m = tile.load %a[%c0, %c0] : memref<32x32xf16> -> !tile.tile<32x32xf16, mat>
  %l = tile.move %m : (!tile.tile<32x32xf16, mat>) -> !tile.tile<32x32xf16, left>
  %r = tile.move %m : (!tile.tile<32x32xf16, mat>) -> !tile.tile<32x32xf16, right>
  %acc0 = tile.create : !tile.tile<32x32xf32, acc>
  %acc1 = tile.matmul_acc %acc0, %l, %r, %t : (!tile.tile<32x32xf32, acc>, !tile.tile<32x32xf16, left>, !tile.tile<32x32xf16, right>, i1) -> !tile.tile<32x32xf32, acc>
  %acc2 = tile.matmul_acc %acc1, %l, %r, %first : (!tile.tile<32x32xf32, acc>, !tile.tile<32x32xf16, left>, !tile.tile<32x32xf16, right>, i1) -> !tile.tile<32x32xf32, acc>
  %acc3 = tile.matmul_acc %acc2, %l, %r, %f : (!tile.tile<32x32xf32, acc>, !tile.tile<32x32xf16, left>, !tile.tile<32x32xf16, right>, i1) -> !tile.tile<32x32xf32, acc>
  tile.store %acc3, %c[%c0, %c0] : !tile.tile<32x32xf32, acc>, memref<32x32xf32>
  func.return
}

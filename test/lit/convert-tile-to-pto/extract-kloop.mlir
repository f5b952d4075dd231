// RUN: xdsl-opt -p 'lower-pipeline-loops,pto-plan-memory{backend=a3},convert-tile-to-pto' %s | filecheck %s

// A K-loop in the form pypto-docs/15-auto_tile_matmul_l0.md gives: per
// iteration, tile.extract takes the [64x64] slabs A[0, ko] and B[ko, 0] of
// the Mat operands into Left/Right (runtime offsets: ko = k * 64) and
// tile.matmul_acc accumulates. The 2-stage pipeline gives each of the two
// unrolled copies its own Left/Right buffers (addresses 0 and 8192, the
// extracts are fresh buffers: not_inplace_safe); the Mat sources stay put.

// CHECK:      %am = pto.alloc_tile addr = %c0_i64 : !pto.tile_buf<loc=mat, dtype=f16, rows=64, cols=256, {{.*}}>
// CHECK-NEXT: %bm = pto.alloc_tile addr = %c32768_i64 : !pto.tile_buf<loc=mat, dtype=f16, rows=256, cols=64, {{.*}}>
// CHECK-NEXT: %acc0 = pto.alloc_tile addr = %c0_i64 : !pto.tile_buf<loc=acc, {{.*}}>
// CHECK-NEXT: %l = pto.alloc_tile addr = %c0_i64 : !pto.tile_buf<loc=left, dtype=f16, rows=64, cols=64, {{.*}}>
// CHECK-NEXT: %r = pto.alloc_tile addr = %c0_i64 : !pto.tile_buf<loc=right, dtype=f16, rows=64, cols=64, {{.*}}>
// CHECK-NEXT: %l_1 = pto.alloc_tile addr = %c8192_i64 : !pto.tile_buf<loc=left, dtype=f16, rows=64, cols=64, {{.*}}>
// CHECK-NEXT: %r_1 = pto.alloc_tile addr = %c8192_i64 : !pto.tile_buf<loc=right, dtype=f16, rows=64, cols=64, {{.*}}>
// CHECK-NOT:  pto.alloc_tile
// CHECK:      scf.for %k = %c0 to %{{.*}} step %c2 {
// CHECK-NEXT:   %ko = arith.muli %k, %c64 : index
// CHECK-NEXT:   pto.textract ins(%am, %c0, %ko : !pto.tile_buf<loc=mat, dtype=f16, rows=64, cols=256, v_row=64, v_col=256, blayout=col_major, slayout=row_major, fractal=512, pad=0>, index, index) outs(%l : !pto.tile_buf<loc=left, dtype=f16, rows=64, cols=64, v_row=64, v_col=64, blayout=row_major, slayout=row_major, fractal=512, pad=0>)
// CHECK-NEXT:   pto.textract ins(%bm, %ko, %c0 : !pto.tile_buf<loc=mat, dtype=f16, rows=256, cols=64, v_row=256, v_col=64, blayout=col_major, slayout=row_major, fractal=512, pad=0>, index, index) outs(%r : !pto.tile_buf<loc=right, dtype=f16, rows=64, cols=64, v_row=64, v_col=64, blayout=row_major, slayout=col_major, fractal=512, pad=0>)
// CHECK:        pto.tmatmul.acc ins(%acc0, %l, %r : {{.*}}) outs(%acc0 : {{.*}})
// CHECK:        %ko_1 = arith.muli %k_1, %c64 : index
// CHECK-NEXT:   pto.textract ins(%am, %c0, %ko_1 : !pto.tile_buf<loc=mat, {{.*}}>, index, index) outs(%l_1 : !pto.tile_buf<loc=left, {{.*}}>)
// CHECK-NEXT:   pto.textract ins(%bm, %ko_1, %c0 : !pto.tile_buf<loc=mat, {{.*}}>, index, index) outs(%r_1 : !pto.tile_buf<loc=right, {{.*}}>)
// CHECK:        pto.tmatmul.acc ins(%acc0, %l_1, %r_1 : {{.*}}) outs(%acc0 : {{.*}})
func.func @kloop(%a: memref<64x256xf16>, %b: memref<256x64xf16>, %c: memref<64x64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c64 = arith.constant 64 : index
  %am = tile.load %a[%c0, %c0] : memref<64x256xf16> -> !tile.tile<64x256xf16, mat>
  %bm = tile.load %b[%c0, %c0] : memref<256x64xf16> -> !tile.tile<256x64xf16, mat>
  %acc0 = tile.create : !tile.tile<64x64xf32, acc>
  %out = scf.for %k = %c0 to %c4 step %c1 iter_args(%acc = %acc0) -> (!tile.tile<64x64xf32, acc>) {
    %ko = arith.muli %k, %c64 : index
    %l = tile.extract %am, %c0, %ko : (!tile.tile<64x256xf16, mat>, index, index) -> !tile.tile<64x64xf16, left>
    %r = tile.extract %bm, %ko, %c0 : (!tile.tile<256x64xf16, mat>, index, index) -> !tile.tile<64x64xf16, right>
    %first = arith.cmpi eq, %k, %c0 : index
    %next = tile.matmul_acc %acc, %l, %r, %first : (!tile.tile<64x64xf32, acc>, !tile.tile<64x64xf16, left>, !tile.tile<64x64xf16, right>, i1) -> !tile.tile<64x64xf32, acc>
    scf.yield %next : !tile.tile<64x64xf32, acc>
  } {tile.pipeline_stages = 2 : i64}
  tile.store %out, %c[%c0, %c0] : !tile.tile<64x64xf32, acc>, memref<64x64xf32>
  func.return
}

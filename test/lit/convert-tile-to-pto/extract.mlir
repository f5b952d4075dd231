// RUN: xdsl-opt -p 'pto-plan-memory{backend=a3},convert-tile-to-pto' %s | filecheck %s
// RUN: xdsl-opt -p 'pto-plan-memory{backend=a3},convert-tile-to-pto' %s | xdsl-opt | filecheck %s
// RUN: xdsl-opt -p 'pto-plan-memory{backend=a3 planner=ptoas},convert-tile-to-pto{planner=ptoas}' %s | filecheck %s --check-prefix=PTOAS

// A cube kernel whose L0 operands are extracted from Mat (L1) tiles:
// A[64x128] and B[128x64] are loaded into mat, the [64x64] windows A[0:64,
// 64:128] and B[64:128, 0:64] are extracted into left and right, multiplied
// into acc and stored. Each tile.extract is a pto.textract: ins the Mat
// source's buffer and the row and column offsets (index values, as the
// kernel computes them), outs the fresh Left/Right buffer. The two Mat tiles
// are live together (both loaded before the first extract), so they get
// different Mat addresses; each L0 space starts at 0. The PTO text, parsed
// and printed again, passes the same checks (second RUN line).

// CHECK:      func.func @extract_mm(%a: !pto.ptr<f16>, %b: !pto.ptr<f16>, %c: !pto.ptr<f32>) attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
// CHECK:      %c0_i64 = arith.constant 0 : i64
// CHECK-NEXT: %c16384_i64 = arith.constant 16384 : i64
// CHECK:      %am = pto.alloc_tile addr = %c0_i64 : !pto.tile_buf<loc=mat, dtype=f16, rows=64, cols=128, v_row=64, v_col=128, blayout=col_major, slayout=row_major, fractal=512, pad=0>
// CHECK-NEXT: %bm = pto.alloc_tile addr = %c16384_i64 : !pto.tile_buf<loc=mat, dtype=f16, rows=128, cols=64, v_row=128, v_col=64, blayout=col_major, slayout=row_major, fractal=512, pad=0>
// CHECK-NEXT: %l = pto.alloc_tile addr = %c0_i64 : !pto.tile_buf<loc=left, dtype=f16, rows=64, cols=64, v_row=64, v_col=64, blayout=row_major, slayout=row_major, fractal=512, pad=0>
// CHECK-NEXT: %r = pto.alloc_tile addr = %c0_i64 : !pto.tile_buf<loc=right, dtype=f16, rows=64, cols=64, v_row=64, v_col=64, blayout=row_major, slayout=col_major, fractal=512, pad=0>
// CHECK-NEXT: %acc = pto.alloc_tile addr = %c0_i64 : !pto.tile_buf<loc=acc, dtype=f32, rows=64, cols=64, v_row=64, v_col=64, blayout=col_major, slayout=row_major, fractal=1024, pad=0>
// CHECK-NOT:  pto.alloc_tile
// CHECK:      %c0 = arith.constant 0 : index
// CHECK-NEXT: %c64 = arith.constant 64 : index
// CHECK:      pto.tload ins(%{{[0-9]+}} : !pto.partition_tensor_view<64x128xf16>) outs(%am : !pto.tile_buf<loc=mat, {{.*}}>)
// CHECK:      pto.tload ins(%{{[0-9]+}} : !pto.partition_tensor_view<128x64xf16>) outs(%bm : !pto.tile_buf<loc=mat, {{.*}}>)
// CHECK-NEXT: pto.textract ins(%am, %c0, %c64 : !pto.tile_buf<loc=mat, dtype=f16, rows=64, cols=128, v_row=64, v_col=128, blayout=col_major, slayout=row_major, fractal=512, pad=0>, index, index) outs(%l : !pto.tile_buf<loc=left, dtype=f16, rows=64, cols=64, v_row=64, v_col=64, blayout=row_major, slayout=row_major, fractal=512, pad=0>)
// CHECK-NEXT: pto.textract ins(%bm, %c64, %c0 : !pto.tile_buf<loc=mat, dtype=f16, rows=128, cols=64, v_row=128, v_col=64, blayout=col_major, slayout=row_major, fractal=512, pad=0>, index, index) outs(%r : !pto.tile_buf<loc=right, dtype=f16, rows=64, cols=64, v_row=64, v_col=64, blayout=row_major, slayout=col_major, fractal=512, pad=0>)
// CHECK-NEXT: pto.tmatmul ins(%l, %r : !pto.tile_buf<loc=left, {{.*}}>, !pto.tile_buf<loc=right, {{.*}}>) outs(%acc : !pto.tile_buf<loc=acc, {{.*}}>)
// CHECK-NEXT: %[[P:[0-9]+]] = pto.partition_view
// CHECK-NEXT: pto.tstore ins(%acc : !pto.tile_buf<loc=acc, {{.*}}>) outs(%[[P]] : !pto.partition_tensor_view<64x64xf32>)
// CHECK-NOT:  tile.

// Under planner=ptoas the same ops, on alloc_tiles without addr (ptoas
// places them), each right before the tile's first use.
// PTOAS:      func.func @extract_mm(%a: !pto.ptr<f16>, %b: !pto.ptr<f16>, %c: !pto.ptr<f32>) attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
// PTOAS-NOT:  addr =
// PTOAS:      %am = pto.alloc_tile : !pto.tile_buf<loc=mat, dtype=f16, rows=64, cols=128, v_row=64, v_col=128, blayout=col_major, slayout=row_major, fractal=512, pad=0>
// PTOAS-NEXT: pto.tload ins(%{{[0-9]+}} : !pto.partition_tensor_view<64x128xf16>) outs(%am : !pto.tile_buf<loc=mat, dtype=f16, rows=64, cols=128, v_row=64, v_col=128, blayout=col_major, slayout=row_major, fractal=512, pad=0>)
// PTOAS:      %bm = pto.alloc_tile : !pto.tile_buf<loc=mat, dtype=f16, rows=128, cols=64, v_row=128, v_col=64, blayout=col_major, slayout=row_major, fractal=512, pad=0>
// PTOAS-NEXT: pto.tload ins(%{{[0-9]+}} : !pto.partition_tensor_view<128x64xf16>) outs(%bm : !pto.tile_buf<loc=mat, dtype=f16, rows=128, cols=64, v_row=128, v_col=64, blayout=col_major, slayout=row_major, fractal=512, pad=0>)
// PTOAS-NEXT: %l = pto.alloc_tile : !pto.tile_buf<loc=left, dtype=f16, rows=64, cols=64, v_row=64, v_col=64, blayout=row_major, slayout=row_major, fractal=512, pad=0>
// PTOAS-NEXT: pto.textract ins(%am, %c0, %c64 : !pto.tile_buf<loc=mat, dtype=f16, rows=64, cols=128, v_row=64, v_col=128, blayout=col_major, slayout=row_major, fractal=512, pad=0>, index, index) outs(%l : !pto.tile_buf<loc=left, dtype=f16, rows=64, cols=64, v_row=64, v_col=64, blayout=row_major, slayout=row_major, fractal=512, pad=0>)
// PTOAS-NEXT: %r = pto.alloc_tile : !pto.tile_buf<loc=right, dtype=f16, rows=64, cols=64, v_row=64, v_col=64, blayout=row_major, slayout=col_major, fractal=512, pad=0>
// PTOAS-NEXT: pto.textract ins(%bm, %c64, %c0 : !pto.tile_buf<loc=mat, dtype=f16, rows=128, cols=64, v_row=128, v_col=64, blayout=col_major, slayout=row_major, fractal=512, pad=0>, index, index) outs(%r : !pto.tile_buf<loc=right, dtype=f16, rows=64, cols=64, v_row=64, v_col=64, blayout=row_major, slayout=col_major, fractal=512, pad=0>)
// PTOAS-NEXT: %acc = pto.alloc_tile : !pto.tile_buf<loc=acc, dtype=f32, rows=64, cols=64, v_row=64, v_col=64, blayout=col_major, slayout=row_major, fractal=1024, pad=0>
// PTOAS-NEXT: pto.tmatmul ins(%l, %r : !pto.tile_buf<loc=left, {{.*}}>, !pto.tile_buf<loc=right, {{.*}}>) outs(%acc : !pto.tile_buf<loc=acc, {{.*}}>)
// PTOAS-NOT:  addr =
func.func @extract_mm(%a: memref<64x128xf16>, %b: memref<128x64xf16>, %c: memref<64x64xf32>) {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %am = tile.load %a[%c0, %c0] : memref<64x128xf16> -> !tile.tile<64x128xf16, mat>
  %bm = tile.load %b[%c0, %c0] : memref<128x64xf16> -> !tile.tile<128x64xf16, mat>
  %l = tile.extract %am, %c0, %c64 : (!tile.tile<64x128xf16, mat>, index, index) -> !tile.tile<64x64xf16, left>
  %r = tile.extract %bm, %c64, %c0 : (!tile.tile<128x64xf16, mat>, index, index) -> !tile.tile<64x64xf16, right>
  %acc = tile.matmul %l, %r : (!tile.tile<64x64xf16, left>, !tile.tile<64x64xf16, right>) -> !tile.tile<64x64xf32, acc>
  tile.store %acc, %c[%c0, %c0] : !tile.tile<64x64xf32, acc>, memref<64x64xf32>
  func.return
}

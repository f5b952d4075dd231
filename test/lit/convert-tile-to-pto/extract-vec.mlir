// RUN: xdsl-opt -p 'pto-plan-memory{backend=a3},convert-tile-to-pto' %s | filecheck %s
// RUN: xdsl-opt -p 'pto-plan-memory{backend=a5 planner=ptoas},convert-tile-to-pto{planner=ptoas}' %s | filecheck %s --check-prefix=PTOAS

// A Vec -> Vec tile.extract (the real kernels' row extract, issue 24): row
// %i, columns [64, 128) of a [16, 128] Vec tile copied into a fresh [1, 64]
// Vec tile. It is a pto.textract from vec to vec, the form the reference
// emits and ptoas v0.48 takes on a3 and a5. The extract reads its source
// while it writes (not_inplace_safe), so the window never lands on the
// source's bytes although the source dies there: %row is at 8192, above the
// 8 KiB source; the add that follows may reuse the source's bytes (0).

// CHECK:      %vm = pto.alloc_tile addr = %c0_i64 : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=128, v_row=16, v_col=128, blayout=row_major, slayout=none_box, fractal=512, pad=0>
// CHECK-NEXT: %row = pto.alloc_tile addr = %c8192_i64 : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=64, v_row=1, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>
// CHECK-NEXT: %d = pto.alloc_tile addr = %c0_i64 : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=64, v_row=1, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>
// CHECK:      pto.textract ins(%vm, %i, %c64 : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=128, v_row=16, v_col=128, blayout=row_major, slayout=none_box, fractal=512, pad=0>, index, index) outs(%row : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=64, v_row=1, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
// CHECK-NEXT: pto.tadd ins(%row, %row : {{.*}}) outs(%d : {{.*}})

// PTOAS:      %row = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=64, v_row=1, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>
// PTOAS-NEXT: pto.textract ins(%vm, %i, %c64 : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=128, v_row=16, v_col=128, blayout=row_major, slayout=none_box, fractal=512, pad=0>, index, index) outs(%row : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=64, v_row=1, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
func.func @row_window(%v: memref<16x128xf32>, %o: memref<16x64xf32>, %i: index) {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %vm = tile.load %v[%c0, %c0] : memref<16x128xf32> -> !tile.tile<16x128xf32, vec>
  %row = tile.extract %vm, %i, %c64 : (!tile.tile<16x128xf32, vec>, index, index) -> !tile.tile<1x64xf32, vec>
  %d = tile.add %row, %row : (!tile.tile<1x64xf32, vec>, !tile.tile<1x64xf32, vec>) -> !tile.tile<1x64xf32, vec>
  tile.store %d, %o[%i, %c0] : !tile.tile<1x64xf32, vec>, memref<16x64xf32>
  func.return
}

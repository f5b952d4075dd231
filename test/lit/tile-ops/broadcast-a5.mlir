// RUN: xdsl-opt -p 'pto-plan-memory{backend=a5},convert-tile-to-pto' %s | filecheck %s

// A5 fills a column vector ([M, 1], column-major) with texpands; a2/a3
// writes row-major tiles only and refuses it (err-target.mlir).
// CHECK-LABEL: func.func @fill_column(
// CHECK: %v = pto.alloc_tile addr = %c0_i64 : [[F32_16X1:!pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=1, v_row=16, v_col=1, blayout=col_major, slayout=none_box, fractal=512, pad=0>]]{{$}}
// CHECK: pto.texpands ins(%s : f32) outs(%v : [[F32_16X1]]){{$}}
func.func @fill_column(%a: memref<16x1xf32>, %s: f32) {
  %c0 = arith.constant 0 : index
  %v = tile.load %a[%c0, %c0] : memref<16x1xf32> -> !tile.tile<16x1xf32, vec>
  %f = tile.expands %v, %s : (!tile.tile<16x1xf32, vec>, f32) -> !tile.tile<16x1xf32, vec>
  tile.store %f, %a[%c0, %c0] : !tile.tile<16x1xf32, vec>, memref<16x1xf32>
  func.return
}

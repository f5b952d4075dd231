// RUN: xdsl-opt -p 'pto-plan-memory{backend=a3},convert-tile-to-pto' %s | filecheck %s --check-prefixes=CHECK,A3
// RUN: xdsl-opt -p 'pto-plan-memory{backend=a5},convert-tile-to-pto' %s | filecheck %s --check-prefixes=CHECK,A5
// RUN: xdsl-opt -p 'pto-plan-memory{backend=a3 planner=ptoas},convert-tile-to-pto' %s | filecheck %s --check-prefixes=CHECK,A3

// ptoas (v0.48) reads and writes the tiles of elementwise ops (tadd, tmax,
// texp, ...) row-major, and on a2/a3 fills (texpands) only row-major tiles. A
// column vector [64, 1] is column-major (one element is no 32-byte row), as
// is any tile written with blayout = col_major. Elementwise ops do not care
// which element is which, so the lowering runs them on the transposed views
// of those tiles: `pto.treshape` to [1, 64] row_major (the same bytes; the
// valid extents swapped, a boxed stripe layout flipped), right before the op.
// On a5 texpands takes the column vector as it is.

// CHECK-LABEL: func.func @column_vectors
// A3:          %m_t = pto.treshape %m : [[COL:!pto.tile_buf<loc=vec, dtype=f32, rows=64, cols=1, v_row=64, v_col=1, blayout=col_major, slayout=none_box, fractal=512, pad=0>]] -> [[ROW:!pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=64, v_row=1, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>]]
// A3-NEXT:     pto.texpands ins(%neg : f32) outs(%m_t : [[ROW]])
// A5:          pto.texpands ins(%neg : f32) outs(%m : [[COL:!pto.tile_buf<loc=vec, dtype=f32, rows=64, cols=1, v_row=64, v_col=1, blayout=col_major, slayout=none_box, fractal=512, pad=0>]])
// CHECK:       %[[A:.+]] = pto.treshape %m : [[COL]] -> [[ROW:!pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=64, v_row=1, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>]]
// CHECK:       %[[B:.+]] = pto.treshape %x : [[COL]] -> [[ROW]]
// CHECK:       %[[C:.+]] = pto.treshape %{{.+}} : [[COL]] -> [[ROW]]
// CHECK-NEXT:  pto.tmax ins(%[[A]], %[[B]] : [[ROW]], [[ROW]]) outs(%[[C]] : [[ROW]])
// CHECK:       pto.texp ins(%{{.+}} : [[ROW]]) outs(%{{.+}} : [[ROW]])
// CHECK-NOT:   pto.texp ins(%{{.+}} : [[COL]]
func.func @column_vectors(%a: memref<64x1xf32>, %o: memref<64x1xf32>) {
  %c0 = arith.constant 0 : index
  %neg = arith.constant -1.0e+30 : f32
  %m = tile.full %neg : (f32) -> !tile.tile<64x1xf32, vec>
  %x = tile.load %a[%c0, %c0] : memref<64x1xf32> -> !tile.tile<64x1xf32, vec>
  %y = tile.maximum %m, %x : (!tile.tile<64x1xf32, vec>, !tile.tile<64x1xf32, vec>) -> !tile.tile<64x1xf32, vec>
  %e = tile.exp %y : (!tile.tile<64x1xf32, vec>) -> !tile.tile<64x1xf32, vec>
  tile.store %e, %o[%c0, %c0] : !tile.tile<64x1xf32, vec>, memref<64x1xf32>
  func.return
}

// A boxed column-major (NZ) tile is seen as the row-major ZN one.
// CHECK-LABEL: func.func @nz_add
// CHECK:       %[[X:.+]] = pto.treshape %x : [[NZ:!pto.tile_buf<loc=vec, dtype=f32, rows=64, cols=32, v_row=64, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>]] -> [[ZN:!pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=64, v_row=32, v_col=64, blayout=row_major, slayout=col_major, fractal=512, pad=0>]]
// CHECK:       %[[Y:.+]] = pto.treshape %x : [[NZ]] -> [[ZN]]
// CHECK:       %[[Z:.+]] = pto.treshape %{{.+}} : [[NZ]] -> [[ZN]]
// CHECK-NEXT:  pto.tadd ins(%[[X]], %[[Y]] : [[ZN]], [[ZN]]) outs(%[[Z]] : [[ZN]])
func.func @nz_add(%a: memref<64x32xf32>, %o: memref<64x32xf32>) {
  %c0 = arith.constant 0 : index
  %x = tile.load %a[%c0, %c0] : memref<64x32xf32> -> !tile.tile<64x32xf32, vec, blayout = col_major, slayout = row_major>
  %y = tile.add %x, %x : (!tile.tile<64x32xf32, vec, blayout = col_major, slayout = row_major>, !tile.tile<64x32xf32, vec, blayout = col_major, slayout = row_major>) -> !tile.tile<64x32xf32, vec, blayout = col_major, slayout = row_major>
  %z = tile.move %y : (!tile.tile<64x32xf32, vec, blayout = col_major, slayout = row_major>) -> !tile.tile<64x32xf32, vec>
  tile.store %z, %o[%c0, %c0] : !tile.tile<64x32xf32, vec>, memref<64x32xf32>
  func.return
}

// tsel and tsels also read their mask and data row-major: on column vectors
// they run on the [1, 64] views of the mask, the data and the result; the
// tsels tmp, a workspace, stays as it is (the tsel one too). The compares
// take the column vectors.
// CHECK-LABEL: func.func @column_selects
// CHECK:       pto.tcmps ins(%x, %zero {cmpMode = #pto<cmp lt>} : [[COL:!pto.tile_buf<loc=vec, dtype=f32, rows=64, cols=1, v_row=64, v_col=1, blayout=col_major, slayout=none_box, fractal=512, pad=0>]], f32) outs(%k : [[MCOL:!pto.tile_buf<loc=vec, dtype=i8, rows=64, cols=1, v_row=64, v_col=1, blayout=col_major, slayout=none_box, fractal=512, pad=0>]])
// CHECK:       %[[K:.+]] = pto.treshape %k : [[MCOL]] -> [[MROW:!pto.tile_buf<loc=vec, dtype=i8, rows=1, cols=64, v_row=1, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>]]
// CHECK-NEXT:  %[[X:.+]] = pto.treshape %x : [[COL]] -> [[ROW:!pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=64, v_row=1, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>]]
// CHECK:       %[[R:.+]] = pto.treshape %{{.+}} : [[COL]] -> [[ROW]]
// CHECK:       pto.tsels ins(%[[K]], %[[X]], %t, %zero : [[MROW]], [[ROW]], [[COL]], f32) outs(%[[R]] : [[ROW]])
// CHECK:       pto.tsel ins(%{{.+}}, %{{.+}}, %{{.+}}, %t2 : [[MROW]], [[ROW]], [[ROW]], [[COL]]) outs(%{{.+}} : [[ROW]])
func.func @column_selects(%a: memref<64x1xf32>, %o: memref<64x1xf32>, %o2: memref<64x1xf32>) {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f32
  %x = tile.load %a[%c0, %c0] : memref<64x1xf32> -> !tile.tile<64x1xf32, vec>
  %k = tile.cmps %x, %zero {cmp_mode = "lt"} : (!tile.tile<64x1xf32, vec>, f32) -> !tile.tile<64x1xi8, vec>
  %t = tile.create : !tile.tile<64x1xf32, vec>
  %r = tile.sels %k, %x, %t, %zero : (!tile.tile<64x1xi8, vec>, !tile.tile<64x1xf32, vec>, !tile.tile<64x1xf32, vec>, f32) -> !tile.tile<64x1xf32, vec>
  %t2 = tile.create : !tile.tile<64x1xf32, vec>
  %s = tile.sel %k, %x, %r, %t2 : (!tile.tile<64x1xi8, vec>, !tile.tile<64x1xf32, vec>, !tile.tile<64x1xf32, vec>, !tile.tile<64x1xf32, vec>) -> !tile.tile<64x1xf32, vec>
  tile.store %r, %o[%c0, %c0] : !tile.tile<64x1xf32, vec>, memref<64x1xf32>
  tile.store %s, %o2[%c0, %c0] : !tile.tile<64x1xf32, vec>, memref<64x1xf32>
  func.return
}

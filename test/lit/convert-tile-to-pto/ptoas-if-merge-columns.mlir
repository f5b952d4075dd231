// planner=ptoas: an scf.if merging two column slices of a column-major Vec
// tile. The merged window (column 0) is one handle for the result and both
// arms -- a prologue pto.subview of the root's tile -- and the other arm's
// slice is copied into it (the carry move init-memref made).
// RUN: xdsl-opt -p 'pto-plan-memory{planner=ptoas backend=a3},convert-tile-to-pto' %s | filecheck %s
// CHECK:      %x = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f32, rows=64, cols=2, v_row=64, v_col=2, blayout=col_major, slayout=none_box, fractal=512, pad=0>
// CHECK-NEXT: %[[R:.+]] = pto.subview %x[%c0_index, %c0_index] sizes [64, 1] : {{.*}} -> !pto.tile_buf<loc=vec, dtype=f32, rows=64, cols=1, v_row=64, v_col=1, blayout=col_major, slayout=none_box, fractal=512, pad=0>
// CHECK:      scf.if %c {
// CHECK-NEXT: } else {
// CHECK-NEXT:   %second = pto.subview %x[%c0, %c1] sizes [64, 1] : {{.*}}
// CHECK-NEXT:   pto.tmov ins(%second : {{.*}}) outs(%[[R]] : {{.*}})
// CHECK-NEXT: }
// CHECK:      pto.tstore ins(%[[R]] : {{.*}})
func.func @colvec(%a: memref<64x2xf32>, %o: memref<64x1xf32>, %c: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %x = tile.load %a[%c0, %c0] : memref<64x2xf32> -> !tile.tile<64x2xf32, vec, blayout = col_major>
  %r = scf.if %c -> (!tile.tile<64x1xf32, vec>) {
    %first = tile.slice %x, %c0, %c0 : (!tile.tile<64x2xf32, vec, blayout = col_major>, index, index) -> !tile.tile<64x1xf32, vec>
    scf.yield %first : !tile.tile<64x1xf32, vec>
  } else {
    %second = tile.slice %x, %c0, %c1 : (!tile.tile<64x2xf32, vec, blayout = col_major>, index, index) -> !tile.tile<64x1xf32, vec>
    scf.yield %second : !tile.tile<64x1xf32, vec>
  }
  tile.store %r, %o[%c0, %c0] : !tile.tile<64x1xf32, vec>, memref<64x1xf32>
  func.return
}

// planner=ptoas: an scf.if merging two reshapes of one column vector. The
// merged window is the whole root in another shape, so its one handle is a
// prologue pto.treshape of the root's tile, shared by both arms' reshapes.
// RUN: xdsl-opt -p 'pto-plan-memory{planner=ptoas backend=a3},convert-tile-to-pto' %s | filecheck %s
// CHECK:      %x = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=1, v_row=32, v_col=1, blayout=col_major, slayout=none_box, fractal=512, pad=0>
// CHECK-NEXT: %[[R:.+]] = pto.treshape %x : !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=1, {{.*}}> -> !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=32, v_row=1, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>
// CHECK-NOT:  pto.treshape
// CHECK:      scf.if %c {
// CHECK-NEXT:   pto.texp ins(%[[R]] : {{.*}}) outs(%[[R]] : {{.*}})
// CHECK-NEXT: } else {
// CHECK-NEXT: }
// CHECK:      pto.tstore ins(%[[R]] : {{.*}})
func.func @reshape_merge(%a: memref<32x1xf32>, %o: memref<1x32xf32>, %c: i1) {
  %c0 = arith.constant 0 : index
  %x = tile.load %a[%c0, %c0] : memref<32x1xf32> -> !tile.tile<32x1xf32, vec>
  %r = scf.if %c -> (!tile.tile<1x32xf32, vec>) {
    %row = tile.reshape %x : (!tile.tile<32x1xf32, vec>) -> !tile.tile<1x32xf32, vec>
    %e = tile.exp %row : (!tile.tile<1x32xf32, vec>) -> !tile.tile<1x32xf32, vec>
    scf.yield %e : !tile.tile<1x32xf32, vec>
  } else {
    %flat = tile.reshape %x : (!tile.tile<32x1xf32, vec>) -> !tile.tile<1x32xf32, vec>
    scf.yield %flat : !tile.tile<1x32xf32, vec>
  }
  tile.store %r, %o[%c0, %c0] : !tile.tile<1x32xf32, vec>, memref<1x32xf32>
  func.return
}

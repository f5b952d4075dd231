// The seed's "Generated PTO IR", end to end: a stage=2 prefetch loop over
// 64x64 f32 tiles, slotted by lower-pipeline-to-slots and lowered under
// planner=ptoas, is one body whose load writes slot iv mod 2 of the region
// @pipe_t, selected by the literal arith.remsi of the induction variable.
// The compute tile is an ordinary alloc_tile without addr, in the loop body
// where it is used: ptoas plans it.
// RUN: xdsl-opt -p 'lower-pipeline-to-slots{planner=ptoas backend=a3},lower-pipeline-loops,pto-plan-memory,convert-tile-to-pto' %s | filecheck %s

// CHECK:      %pipe_t_mb = pto.alloc_multi_tile valid_row = %c64_index valid_col = %c64_index : !pto.multi_tile_buf<!pto.tile_buf<loc=vec, dtype=f32, rows=64, cols=64, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>, count=2>
// CHECK:      scf.for %i = %c0 to %c4 step %c1 {
// CHECK-NEXT:   %row = arith.muli %i, %c64 : index
// CHECK-NEXT:   %[[SLOT:.+]] = arith.remsi %i, %c2_index : index
// CHECK-NEXT:   %t = pto.multi_tile_get %pipe_t_mb[%[[SLOT]]] : !pto.multi_tile_buf<!pto.tile_buf<loc=vec, dtype=f32, rows=64, cols=64, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>, count=2> -> !pto.tile_buf<loc=vec, dtype=f32, rows=64, cols=64, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>
// CHECK-NEXT:   %[[PV:.+]] = pto.partition_view %{{.+}}, offsets = [%row, %c0], sizes = [%c64_index, %c64_index] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<64x64xf32>
// CHECK-NEXT:   pto.tload ins(%[[PV]] : !pto.partition_tensor_view<64x64xf32>) outs(%t : !pto.tile_buf<loc=vec, dtype=f32, rows=64, cols=64, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
// CHECK-NEXT:   %u = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f32, rows=64, cols=64, v_row=64, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>
// CHECK-NEXT:   pto.tmuls ins(%t, %s : {{.*}}) outs(%u : {{.*}})
// CHECK:        pto.tstore ins(%u : {{.*}})
// CHECK-NEXT: }
// CHECK-NOT:  scf.for
// CHECK-NOT:  addr
func.func @prefetch(%a: memref<256x64xf32>, %o: memref<256x64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c64 = arith.constant 64 : index
  %s = arith.constant 2.0 : f32
  scf.for %i = %c0 to %c4 step %c1 {
    %row = arith.muli %i, %c64 : index
    %t = tile.load %a[%row, %c0] : memref<256x64xf32> -> !tile.tile<64x64xf32, vec>
    %u = tile.muls %t, %s : (!tile.tile<64x64xf32, vec>, f32) -> !tile.tile<64x64xf32, vec>
    tile.store %u, %o[%row, %c0] : !tile.tile<64x64xf32, vec>, memref<256x64xf32>
  } {tile.pipeline_stages = 2 : i64}
  func.return
}

// A store writes the tile's valid region: the partition view has the static
// valid shape (ptoas v0.48 refuses a tstore whose dst holds more elements
// than the src's valid shape: "expects dst static element count (256) to
// match src valid_shape static element count (192)"). A load keeps the
// tile's whole shape. Found by a fresh user; the output is accepted by ptoas
// for a3 and under planner=ptoas.
// RUN: xdsl-opt -p 'pto-compile{backend=a3}' %s | filecheck %s
// RUN: xdsl-opt -p 'pto-compile{backend=a3 planner=ptoas}' %s | filecheck %s
func.func @k(%a: memref<16x16xf32>, %o: memref<16x16xf32>) {
  %c0 = arith.constant 0 : index
  %t = tile.load %a[%c0, %c0] : memref<16x16xf32> -> !tile.tile<16x16xf32, vec, valid = 12x16>
  %u = tile.exp %t : (!tile.tile<16x16xf32, vec, valid = 12x16>) -> !tile.tile<16x16xf32, vec, valid = 12x16>
  tile.store %u, %o[%c0, %c0] : !tile.tile<16x16xf32, vec, valid = 12x16>, memref<16x16xf32>
  func.return
}
// CHECK: pto.partition_view %{{.*}}, offsets = [%c0, %c0], sizes = [%c16_index, %c16_index] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<16x16xf32>
// CHECK: pto.tload ins(%{{.*}} : !pto.partition_tensor_view<16x16xf32>) outs(%t : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16, v_row=12, v_col=16,
// CHECK: %[[PV:.+]] = pto.partition_view %{{.*}}, offsets = [%c0, %c0], sizes = [%c12_index, %c16_index] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<12x16xf32>
// CHECK-NEXT: pto.tstore ins(%{{[tu]}} : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16, v_row=12, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%[[PV]] : !pto.partition_tensor_view<12x16xf32>)

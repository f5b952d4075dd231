// planner=ptoas: a 2-slot Vec prefetch loop. The declaration becomes one
// pto.alloc_multi_tile in the function head (no addr, the valid shape as
// constant operands, v_row=?/v_col=? in the slot type), each iteration
// selects slot iv mod 2 with the literal arith.remsi %iv, %c2 -- the slot
// index, never a byte offset -- and every other tile is a pto.alloc_tile
// without addr (ptoas plans it) in the narrowest scope holding its uses,
// right before the first: %y in the loop body.
// RUN: xdsl-opt -p 'pto-plan-memory{planner=ptoas backend=a3},convert-tile-to-pto' %s | filecheck %s
// RUN: xdsl-opt -p 'pto-plan-memory{planner=ptoas backend=a3},convert-tile-to-pto' %s | xdsl-opt | filecheck %s

// CHECK:      builtin.module attributes {pto.target_arch = "a3"} {
// CHECK:        %c2_index = arith.constant 2 : index
// CHECK:        %pipe_x_mb = pto.alloc_multi_tile valid_row = %c64_index valid_col = %c64_index : !pto.multi_tile_buf<!pto.tile_buf<loc=vec, dtype=f32, rows=64, cols=64, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>, count=2>
// CHECK-NOT:    pto.alloc_tile
// CHECK:        scf.for %i = %c0 to %c4 step %c1 {
// CHECK-NEXT:     %row = arith.muli %i, %c64 : index
// CHECK-NEXT:     %[[SLOT:.+]] = arith.remsi %i, %c2_index : index
// CHECK-NEXT:     %x = pto.multi_tile_get %pipe_x_mb[%[[SLOT]]] : !pto.multi_tile_buf<!pto.tile_buf<loc=vec, dtype=f32, rows=64, cols=64, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>, count=2> -> !pto.tile_buf<loc=vec, dtype=f32, rows=64, cols=64, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>
// CHECK-NEXT:     %[[PV:.+]] = pto.partition_view
// CHECK-NEXT:     pto.tload ins(%[[PV]] : !pto.partition_tensor_view<64x64xf32>) outs(%x : !pto.tile_buf<loc=vec, dtype=f32, rows=64, cols=64, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
// CHECK-NEXT:     %y = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f32, rows=64, cols=64, v_row=64, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>
// CHECK-NEXT:     pto.texp ins(%x : !pto.tile_buf<loc=vec, dtype=f32, rows=64, cols=64, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%y : !pto.tile_buf<loc=vec, dtype=f32, rows=64, cols=64, v_row=64, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
// CHECK-NOT:    addr
// CHECK-NOT:    tile.memory_planner

func.func @prefetch(%a: memref<256x64xf32>, %o: memref<256x64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c64 = arith.constant 64 : index
  scf.for %i = %c0 to %c4 step %c1 {
    %row = arith.muli %i, %c64 : index
    %x = tile.load %a[%row, %c0] : memref<256x64xf32> -> !tile.tile<64x64xf32, vec, alloc = <@pipe_x, slots = 2, slot = iv>>
    %y = tile.exp %x : (!tile.tile<64x64xf32, vec, alloc = <@pipe_x, slots = 2, slot = iv>>) -> !tile.tile<64x64xf32, vec>
    tile.store %y, %o[%row, %c0] : !tile.tile<64x64xf32, vec>, memref<256x64xf32>
  }
  func.return
}

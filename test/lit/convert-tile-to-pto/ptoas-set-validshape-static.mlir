// RUN: xdsl-opt -p 'pto-plan-memory{planner=ptoas backend=a3},convert-tile-to-pto' %s | filecheck %s --check-prefix=PTOAS
// RUN: xdsl-opt -p 'pto-plan-memory{backend=a3},convert-tile-to-pto' %s | filecheck %s --check-prefix=PYPTO

// A tile.set_validshape whose extents are constants has a static result
// type (valid = 5x64 here; the real kernels' Mat operands of a matmul say
// 16x512, their whole shape). Under planner=ptoas no second alloc_tile can
// share the source's bytes, so the result is the source's own v_row=?
// handle, which pto.set_validshape changes in place; the store reads that
// handle and writes the 5 valid rows. With baked addresses the result has
// an alloc_tile of its static type at the source's address. Both outputs
// were fed to ptoas v0.48 (level2 / level3).

// PTOAS:      %y = pto.alloc_tile valid_row = %c16_index valid_col = %c64_index : [[Y:!pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=\?, v_col=\?, blayout=row_major, slayout=none_box, fractal=512, pad=0>]]
// PTOAS-NEXT: pto.tmuls ins(%x, %two : {{.*}}, f32) outs(%y : [[Y]])
// PTOAS-NEXT: pto.set_validshape %y, %c5, %c64 : [[Y]]{{$}}
// PTOAS-NEXT: %[[PV:.+]] = pto.partition_view %{{.+}}, offsets = [%c0, %c0], sizes = [%c5_index, %c64_index] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<5x64xf32>
// PTOAS-NEXT: pto.tstore ins(%y : [[Y]]) outs(%[[PV]] : !pto.partition_tensor_view<5x64xf32>)

// PYPTO:      %v = pto.alloc_tile addr = %c0_i64 : [[V:!pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=5, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>]]
// PYPTO:      pto.set_validshape %y, %c5, %c64 : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=?, v_col=?,
// PYPTO:      pto.tstore ins(%v : [[V]])
func.func @static_extents(%a: memref<16x64xf32>, %o: memref<16x64xf32>) {
  %c0 = arith.constant 0 : index
  %c5 = arith.constant 5 : index
  %c64 = arith.constant 64 : index
  %two = arith.constant 2.0 : f32
  %x = tile.load %a[%c0, %c0] : memref<16x64xf32> -> !tile.tile<16x64xf32, vec>
  %y = tile.muls %x, %two : (!tile.tile<16x64xf32, vec>, f32) -> !tile.tile<16x64xf32, vec>
  %v = tile.set_validshape %y, %c5, %c64 : (!tile.tile<16x64xf32, vec>, index, index) -> !tile.tile<16x64xf32, vec, valid = 5x64>
  tile.store %v, %o[%c0, %c0] : !tile.tile<16x64xf32, vec, valid = 5x64>, memref<16x64xf32>
  func.return
}

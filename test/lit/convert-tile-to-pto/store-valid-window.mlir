// A tile.store writes the tile's valid window only (tile-op-semantics.md,
// section 0, "Valid region"), so a 16x64 tile of static valid shape 12x64
// fits a 12x64 tensor: the verifier bounds the window by the static valid
// extents (a runtime one keeps the tile's extent as its bound), and the
// lowering's partition view has the valid sizes. ptoas v0.48 accepts the
// pypto and ptoas outputs (level3 / level2, a3). The run writes the 12 rows.
// RUN: xdsl-opt -p 'pto-compile{backend=a3 planner=pypto}' %s | filecheck %s
// RUN: xdsl-opt -p 'pto-compile{backend=a3 planner=ptoas}' %s | filecheck %s --check-prefix=PTOAS
// RUN: xdsl-pto run %s | filecheck %s --check-prefix=EXEC
// RUN: sed -e 's/memref<12x64xf32>/memref<11x64xf32>/g' %s | not xdsl-opt 2>&1 | filecheck %s --check-prefix=SHORT
// RUN: sed -e 's/valid = 12x64/valid = ?x64/g' %s | not xdsl-opt 2>&1 | filecheck %s --check-prefix=RUNTIME

// CHECK:      %1 = pto.make_tensor_view %out, shape = [%c12_index, %c64_index], strides = [%c64_index, %c1_index] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf32>
// CHECK:      %3 = pto.partition_view %1, offsets = [%c0, %c0], sizes = [%c12_index, %c64_index] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<12x64xf32>
// CHECK-NEXT: pto.tstore ins(%v : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=12, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%3 : !pto.partition_tensor_view<12x64xf32>)
// PTOAS:      %3 = pto.partition_view %1, offsets = [%c0, %c0], sizes = [%c12_index, %c64_index] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<12x64xf32>
// PTOAS-NEXT: pto.tstore ins(%x : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%3 : !pto.partition_tensor_view<12x64xf32>)
// EXEC: {{.*}}store-valid-window.mlir: logical and physical runs agree (seed 0){{$}}
// SHORT:   <stdin>:[[# @LINE + 8]]:3: error: 'tile.store' op the window [12, 64] the store writes (the tile's valid shape; a runtime valid extent counts as the tile's) does not fit in tensor shape [11, 64]{{$}}
// RUNTIME: <stdin>:[[# @LINE + 7]]:3: error: 'tile.store' op tile shape [16, 64] does not fit in tensor shape [12, 64]{{$}}
func.func @k(%in: memref<16x64xf32>, %out: memref<12x64xf32>) {
  %c0 = arith.constant 0 : index
  %c12 = arith.constant 12 : index
  %c64 = arith.constant 64 : index
  %x = tile.load %in[%c0, %c0] : memref<16x64xf32> -> !tile.tile<16x64xf32, vec>
  %v = tile.set_validshape %x, %c12, %c64 : (!tile.tile<16x64xf32, vec>, index, index) -> !tile.tile<16x64xf32, vec, valid = 12x64>
  tile.store %v, %out[%c0, %c0] : !tile.tile<16x64xf32, vec, valid = 12x64>, memref<12x64xf32>
  func.return
}

// RUN: xdsl-opt -p 'pto-plan-memory{backend=a3},convert-tile-to-pto' %s | filecheck %s --check-prefix=PYPTO
// RUN: xdsl-opt -p 'pto-plan-memory{planner=ptoas backend=a3},convert-tile-to-pto' %s | filecheck %s --check-prefix=PTOAS

// A tile.set_validshape inside an scf.if branch of its source's block
// (qwen3_14b/greedy_sample and greedy_select: the last chunk of the
// vocabulary is trimmed to 384 of 512 columns, then fillpad): the source's
// v_row=? handle is declared before the if and changed in place in the
// branch, as the reference does; the other branch reads the source with
// its full valid shape. Before (issue 24) the lowering refused any source
// defined in another block ("tile.set_validshape changes the valid shape
// of ..."). ptoas v0.48 takes both outputs (test/ptoas: level3 / level2).

// PYPTO:      %t = pto.alloc_tile addr = %c0_i64 valid_row = %c1_index valid_col = %c64_index : [[T:!pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=64, v_row=\?, v_col=\?, blayout=row_major, slayout=none_box, fractal=512, pad=0>]]
// PYPTO-NEXT: %2 = pto.partition_view %0, offsets = [%c0, %c0], sizes = [%c1_index, %c64_index] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<1x64xf32>
// PYPTO-NEXT: pto.tload ins(%2 : !pto.partition_tensor_view<1x64xf32>) outs(%t : [[T]])
// PYPTO-NEXT: scf.if %last {
// PYPTO-NEXT:   pto.set_validshape %t, %c1, %c48 : [[T]]
// PYPTO-NEXT:   pto.tfillpad ins(%v : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=64, v_row=1, v_col=48, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%p : {{.*}}pad=3>)
// PYPTO:      } else {
// PYPTO-NEXT:   pto.texp ins(%t : [[T]]) outs(%e : {{.*}})

// PTOAS:      %t = pto.alloc_tile valid_row = %c1_index valid_col = %c64_index : [[T:!pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=64, v_row=\?, v_col=\?, blayout=row_major, slayout=none_box, fractal=512, pad=0>]]
// PTOAS-NEXT: %2 = pto.partition_view %0, offsets = [%c0, %c0], sizes = [%c1_index, %c64_index] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<1x64xf32>
// PTOAS-NEXT: pto.tload ins(%2 : !pto.partition_tensor_view<1x64xf32>) outs(%t : [[T]])
// PTOAS-NEXT: scf.if %last {
// PTOAS-NEXT:   pto.set_validshape %t, %c1, %c48 : [[T]]
// PTOAS-NEXT:   %p = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=64, v_row=1, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=3>
// PTOAS-NEXT:   pto.tfillpad ins(%t : [[T]]) outs(%p : {{.*}}pad=3>)
// PTOAS:      } else {
// PTOAS-NEXT:   %e = pto.alloc_tile : {{.*}}
// PTOAS-NEXT:   pto.texp ins(%t : [[T]]) outs(%e : {{.*}})
func.func @trim_in_if(%x: memref<1x64xf32>, %o: memref<1x64xf32>, %last: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c48 = arith.constant 48 : index
  %t = tile.load %x[%c0, %c0] : memref<1x64xf32> -> !tile.tile<1x64xf32, vec>
  scf.if %last {
    %v = tile.set_validshape %t, %c1, %c48 : (!tile.tile<1x64xf32, vec>, index, index) -> !tile.tile<1x64xf32, vec, valid = 1x48>
    %p = tile.fillpad %v : (!tile.tile<1x64xf32, vec, valid = 1x48>) -> !tile.tile<1x64xf32, vec, pad = 3>
    tile.store %p, %o[%c0, %c0] : !tile.tile<1x64xf32, vec, pad = 3>, memref<1x64xf32>
  } else {
    %e = tile.exp %t : (!tile.tile<1x64xf32, vec>) -> !tile.tile<1x64xf32, vec>
    tile.store %e, %o[%c0, %c0] : !tile.tile<1x64xf32, vec>, memref<1x64xf32>
  }
  func.return
}

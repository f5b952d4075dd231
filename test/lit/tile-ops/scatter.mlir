// RUN: xdsl-opt %s | xdsl-opt | filecheck %s --check-prefix=RT
// RUN: xdsl-opt -p 'pto-plan-memory{backend=a3},convert-tile-to-pto' %s | filecheck %s --check-prefix=PTO
// RUN: xdsl-opt -p 'pto-plan-memory{backend=a5},convert-tile-to-pto' %s | filecheck %s --check-prefix=PTO
// RUN: xdsl-opt -p 'pto-plan-memory{backend=a3 planner=ptoas},convert-tile-to-pto' %s | filecheck %s --check-prefix=PTOAS

// The scatter ops of issue 23 (tile-op-semantics.md section 6) in ptoas
// v0.48's forms (/work/notes/pto-op-forms §6): tscatter's index form
// ins(src, idx) outs(dst) and its mask form with the pattern inside ins and
// the wide tile as the source (v0.48: "src valid cols to equal dst valid cols
// times the mask expansion factor"); the result of both is the destination's
// buffer (in place: one handle); mscatter into a full-extent partition of the
// GM tensor.

// RT-LABEL: func.func @scatter
// RT:       %s = tile.scatter %d, %src, %i : (!tile.tile<16x64xf32, vec>, !tile.tile<8x64xf32, vec>, !tile.tile<8x64xi32, vec>) -> !tile.tile<16x64xf32, vec>
// RT:       %sm = tile.scatter_mask %n, %s {mask_pattern = "P0001"} : (!tile.tile<16x16xf32, vec>, !tile.tile<16x64xf32, vec>) -> !tile.tile<16x16xf32, vec>
// RT:       tile.mscatter %src, %i, %g : (!tile.tile<8x64xf32, vec>, !tile.tile<8x64xi32, vec>, memref<256x64xf32>)

// PTO-LABEL: func.func @scatter
// PTO:       pto.tscatter ins(%src, %i : [[S:!pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=64, v_row=8, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>]], !pto.tile_buf<loc=vec, dtype=i32, rows=8, cols=64, v_row=8, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%d : [[D:!pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>]]){{$}}
// PTO:       pto.tscatter ins(%d, {maskPattern = #pto.mask_pattern<P0001>} : [[D]]) outs(%n : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>){{$}}
// PTO:       %[[PV:.*]] = pto.partition_view %{{.*}}, offsets = [%c0_index, %c0_index], sizes = [%c256_index, %c64_index] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<256x64xf32>
// PTO-NEXT:  pto.mscatter ins(%src, %i : [[S]], !pto.tile_buf<loc=vec, dtype=i32, rows=8, cols=64, v_row=8, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%[[PV]] : !pto.partition_tensor_view<256x64xf32>){{$}}

// PTOAS-LABEL: func.func @scatter
// PTOAS:       pto.tscatter ins(%src, %i : {{.*}}) outs(%d :
// PTOAS:       pto.tscatter ins(%d, {maskPattern = #pto.mask_pattern<P0001>} : {{.*}}) outs(%n :
// PTOAS:       pto.mscatter ins(%src, %i :
func.func @scatter(%a: memref<16x64xf32>, %as: memref<8x64xf32>, %ai: memref<8x64xi32>, %o: memref<16x64xf32>, %o16: memref<16x16xf32>, %g: memref<256x64xf32>) {
  %c0 = arith.constant 0 : index
  %d = tile.load %a[%c0, %c0] : memref<16x64xf32> -> !tile.tile<16x64xf32, vec>
  %src = tile.load %as[%c0, %c0] : memref<8x64xf32> -> !tile.tile<8x64xf32, vec>
  %i = tile.load %ai[%c0, %c0] : memref<8x64xi32> -> !tile.tile<8x64xi32, vec>
  %s = tile.scatter %d, %src, %i : (!tile.tile<16x64xf32, vec>, !tile.tile<8x64xf32, vec>, !tile.tile<8x64xi32, vec>) -> !tile.tile<16x64xf32, vec>
  tile.store %s, %o[%c0, %c0] : !tile.tile<16x64xf32, vec>, memref<16x64xf32>
  %n = tile.load %a[%c0, %c0] : memref<16x64xf32> -> !tile.tile<16x16xf32, vec>
  %sm = tile.scatter_mask %n, %s {mask_pattern = "P0001"} : (!tile.tile<16x16xf32, vec>, !tile.tile<16x64xf32, vec>) -> !tile.tile<16x16xf32, vec>
  tile.store %sm, %o16[%c0, %c0] : !tile.tile<16x16xf32, vec>, memref<16x16xf32>
  tile.mscatter %src, %i, %g : (!tile.tile<8x64xf32, vec>, !tile.tile<8x64xi32, vec>, memref<256x64xf32>)
  func.return
}


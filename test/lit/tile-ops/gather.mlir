// RUN: xdsl-opt %s | xdsl-opt | filecheck %s --check-prefix=RT
// RUN: xdsl-opt -p 'pto-plan-memory{backend=a3},convert-tile-to-pto' %s | filecheck %s --check-prefix=PTO
// RUN: xdsl-opt -p 'pto-plan-memory{backend=a5},convert-tile-to-pto' %s | filecheck %s --check-prefix=PTO
// RUN: xdsl-opt -p 'pto-plan-memory{backend=a3 planner=ptoas},convert-tile-to-pto' %s | filecheck %s --check-prefix=PTOAS

// The gather ops of issue 23 (tile-op-semantics.md section 6): each op
// round-trips and lowers to ptoas v0.48's form (/work/notes/pto-op-forms §6):
// tgather's index form ins(src, idx, tmp); its mask form with the pattern
// inside ins after a comma and no "row" token; its compare form with two outs
// and {cmpMode, offset} after them; tgatherb; mgather over a full-extent
// partition of the tensor with {coalesce[, gatherOob]} after outs (v0.48
// requires coalesce); gather_row as a subview of the destination, the source
// window's partition and a tload. The text is the same on a3 and a5.

// RT-LABEL: func.func @gather
// RT:       %g1 = tile.gather %x, %i, %t : (!tile.tile<16x64xf32, vec>, !tile.tile<16x64xi32, vec>, !tile.tile<16x64xi32, vec>) -> !tile.tile<16x64xf32, vec>
// RT:       %gb = tile.gatherb %x, %off : (!tile.tile<16x64xf32, vec>, !tile.tile<16x8xi32, vec>) -> !tile.tile<16x64xf32, vec>
// RT:       %gm = tile.gather_mask %x {mask_pattern = "P0101"} : (!tile.tile<16x64xf32, vec>) -> !tile.tile<16x32xf32, vec>
// RT:       %gi = tile.gather_mask %x {mask_pattern = "P1010"} : (!tile.tile<16x64xf32, vec>) -> !tile.tile<16x32xi32, vec>
// RT:       %d, %n = tile.gather_compare %x, %kv, %u8 {cmp_mode = "gt", offset = 0 : i32} : (!tile.tile<16x64xf32, vec>, f32, !tile.tile<32x256xui8, vec>) -> (!tile.tile<16x64xi32, vec>, !tile.tile<1x16xi32, vec>)
// RT:       %mg = tile.mgather %g, %ri {coalesce = "row", gather_oob = "clamp"} : (memref<1024x64xf32>, !tile.tile<1x16xi32, vec>) -> !tile.tile<16x64xf32, vec>
// RT:       %me = tile.mgather %g, %i {coalesce = "elem"} : (memref<1024x64xf32>, !tile.tile<16x64xi32, vec>) -> !tile.tile<16x64xf32, vec>
// RT:       %gr = tile.gather_row %x, %g, %c8, %c0, %sr, %c0 {window = array<i64: 4, 64>} : (!tile.tile<16x64xf32, vec>, memref<1024x64xf32>, index, index, index, index) -> !tile.tile<16x64xf32, vec>

// PTO-LABEL: func.func @gather
// gather_compare's two results are two buffers (the op writes both).
// PTO:       %d = pto.alloc_tile addr = %c8192_i64 : [[I:!pto.tile_buf<loc=vec, dtype=i32, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>]]{{$}}
// PTO-NEXT:  %n = pto.alloc_tile addr = %c20480_i64 : [[N:!pto.tile_buf<loc=vec, dtype=i32, rows=1, cols=16, v_row=1, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>]]{{$}}
// PTO:       pto.tgather ins(%x, %i, %t : [[X:!pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>]], [[I]], [[I]]) outs(%g1 : [[X]]){{$}}
// PTO:       pto.tgatherb ins(%x, %off : [[X]], !pto.tile_buf<loc=vec, dtype=i32, rows=16, cols=8, v_row=16, v_col=8, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%gb : [[X]]){{$}}
// PTO:       pto.tgather ins(%x, {maskPattern = #pto.mask_pattern<P0101>} : [[X]]) outs(%gm : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=32, v_row=16, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>){{$}}
// PTO:       pto.tgather ins(%x, {maskPattern = #pto.mask_pattern<P1010>} : [[X]]) outs(%gi : !pto.tile_buf<loc=vec, dtype=i32, rows=16, cols=32, v_row=16, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>){{$}}
// PTO:       pto.tgather ins(%x, %kv, %u8 : [[X]], f32, !pto.tile_buf<loc=vec, dtype=ui8, rows=32, cols=256, v_row=32, v_col=256, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%d, %n : [[I]], [[N]]) {cmpMode = #pto<cmp gt>, offset = 0 : i32}{{$}}
// PTO:       %[[PV:.*]] = pto.partition_view %{{.*}}, offsets = [%c0_index, %c0_index], sizes = [%c1024_index, %c64_index] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<1024x64xf32>
// PTO-NEXT:  pto.mgather ins(%[[PV]], %ri : !pto.partition_tensor_view<1024x64xf32>, [[N]]) outs(%{{.*}} : [[X]]) {coalesce = #pto<coalesce row>, gatherOob = #pto<gather_oob clamp>}{{$}}
// PTO:       %[[PE:.*]] = pto.partition_view %{{.*}}, offsets = [%c0_index, %c0_index], sizes = [%c1024_index, %c64_index]
// PTO-NEXT:  pto.mgather ins(%[[PE]], %i : !pto.partition_tensor_view<1024x64xf32>, [[I]]) outs(%{{.*}} : [[X]]) {coalesce = #pto<coalesce elem>}{{$}}
// PTO:       %x_win = pto.subview %x[%c8_index, %c0_index] sizes [4, 64] : [[X]] -> [[W:!pto.tile_buf<loc=vec, dtype=f32, rows=4, cols=64, v_row=4, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>]]{{$}}
// PTO-NEXT:  %[[PR:.*]] = pto.partition_view %{{.*}}, offsets = [%sr, %c0], sizes = [%c4_index, %c64_index] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<4x64xf32>
// PTO-NEXT:  pto.tload ins(%[[PR]] : !pto.partition_tensor_view<4x64xf32>) outs(%x_win : [[W]]){{$}}
// PTO-NEXT:  %[[PS:.*]] = pto.partition_view
// PTO-NEXT:  pto.tstore ins(%x : [[X]]) outs(%[[PS]] :


// Under planner=ptoas no addr; the same ops (the window a subview of dst's handle).
// PTOAS-LABEL: func.func @gather
// PTOAS:       %x = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64
// PTOAS:       pto.tgather ins(%x, {maskPattern = #pto.mask_pattern<P0101>} :
// PTOAS:       pto.tgather ins(%x, %kv, %u8 :
// PTOAS:       pto.mgather ins(
// PTOAS:       %x_win = pto.subview %x[%c8_index, %c0_index] sizes [4, 64]
func.func @gather(%a: memref<16x64xf32>, %ai: memref<16x64xi32>, %g: memref<1024x64xf32>, %o: memref<16x64xf32>, %oi: memref<16x64xi32>, %oc: memref<1x16xi32>, %o32: memref<16x32xf32>, %o32i: memref<16x32xi32>, %kv: f32, %sr: index) {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %x = tile.load %a[%c0, %c0] : memref<16x64xf32> -> !tile.tile<16x64xf32, vec>
  %i = tile.load %ai[%c0, %c0] : memref<16x64xi32> -> !tile.tile<16x64xi32, vec>
  %t = tile.create : !tile.tile<16x64xi32, vec>
  %g1 = tile.gather %x, %i, %t : (!tile.tile<16x64xf32, vec>, !tile.tile<16x64xi32, vec>, !tile.tile<16x64xi32, vec>) -> !tile.tile<16x64xf32, vec>
  tile.store %g1, %o[%c0, %c0] : !tile.tile<16x64xf32, vec>, memref<16x64xf32>
  %off = tile.load %ai[%c0, %c0] : memref<16x64xi32> -> !tile.tile<16x8xi32, vec>
  %gb = tile.gatherb %x, %off : (!tile.tile<16x64xf32, vec>, !tile.tile<16x8xi32, vec>) -> !tile.tile<16x64xf32, vec>
  tile.store %gb, %o[%c0, %c0] : !tile.tile<16x64xf32, vec>, memref<16x64xf32>
  %gm = tile.gather_mask %x {mask_pattern = "P0101"} : (!tile.tile<16x64xf32, vec>) -> !tile.tile<16x32xf32, vec>
  tile.store %gm, %o32[%c0, %c0] : !tile.tile<16x32xf32, vec>, memref<16x32xf32>
  %gi = tile.gather_mask %x {mask_pattern = "P1010"} : (!tile.tile<16x64xf32, vec>) -> !tile.tile<16x32xi32, vec>
  tile.store %gi, %o32i[%c0, %c0] : !tile.tile<16x32xi32, vec>, memref<16x32xi32>
  %u8 = tile.create : !tile.tile<32x256xui8, vec>
  %d, %n = tile.gather_compare %x, %kv, %u8 {cmp_mode = "gt", offset = 0 : i32} : (!tile.tile<16x64xf32, vec>, f32, !tile.tile<32x256xui8, vec>) -> (!tile.tile<16x64xi32, vec>, !tile.tile<1x16xi32, vec>)
  tile.store %d, %oi[%c0, %c0] : !tile.tile<16x64xi32, vec>, memref<16x64xi32>
  tile.store %n, %oc[%c0, %c0] : !tile.tile<1x16xi32, vec>, memref<1x16xi32>
  %ri = tile.load %ai[%c0, %c0] : memref<16x64xi32> -> !tile.tile<1x16xi32, vec>
  %mg = tile.mgather %g, %ri {coalesce = "row", gather_oob = "clamp"} : (memref<1024x64xf32>, !tile.tile<1x16xi32, vec>) -> !tile.tile<16x64xf32, vec>
  tile.store %mg, %o[%c0, %c0] : !tile.tile<16x64xf32, vec>, memref<16x64xf32>
  %me = tile.mgather %g, %i {coalesce = "elem"} : (memref<1024x64xf32>, !tile.tile<16x64xi32, vec>) -> !tile.tile<16x64xf32, vec>
  tile.store %me, %o[%c0, %c0] : !tile.tile<16x64xf32, vec>, memref<16x64xf32>
  %gr = tile.gather_row %x, %g, %c8, %c0, %sr, %c0 {window = array<i64: 4, 64>} : (!tile.tile<16x64xf32, vec>, memref<1024x64xf32>, index, index, index, index) -> !tile.tile<16x64xf32, vec>
  tile.store %gr, %o[%c0, %c0] : !tile.tile<16x64xf32, vec>, memref<16x64xf32>
  func.return
}

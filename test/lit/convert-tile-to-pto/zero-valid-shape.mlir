// RUN: xdsl-opt -p 'pto-plan-memory{backend=a3},convert-tile-to-pto' %s | filecheck %s --check-prefixes=CHECK,PLANNED --match-full-lines
// RUN: xdsl-opt -p 'pto-plan-memory{backend=a3 planner=ptoas},convert-tile-to-pto' %s | filecheck %s --check-prefixes=CHECK,PTOAS --match-full-lines

// A tile whose valid shape has a 0 (the reference's idle second vector
// sub-core, pl.TileView(valid_shape=[0, 0])) is declared with a dynamic
// valid shape, as pypto emits it: v_row=?, v_col=? in the type and the
// extents as index operands -- `valid_row = %vr valid_col = %vc` after `addr`
// on pto.alloc_tile, `(%vr, %vc)` on a pop; a treshape view keeps the `?`.
// ptoas parses a static v_row=0, but the C++ it generates for it does not
// compile. (A slice of such a tile is refused: err-zero-valid-slice.mlir.) A 1-D tile [64] with valid [0] is 1x64 with valid 1x0;
// a 16x0 valid shape (one zero) is dynamic too. Tiles on one address with
// different valid shapes keep separate handles (the type no longer tells
// them apart). Every use carries the `?` type. Under planner=ptoas each
// pto.alloc_tile comes right before the tile's first use (ptoas plans it
// from there). The pipe's cube side is @peer, as ptoas needs.

// CHECK:      func.func @idle(%x: !pto.ptr<f32>, %y: !pto.ptr<f32>, %w: !pto.ptr<f32>, %z: !pto.ptr<f32>, %gm: !pto.ptr<f32>) attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
// CHECK:          %c0_index = arith.constant 0 : index
// PLANNED:        %a = pto.alloc_tile addr = %c4096_i64 valid_row = %c0_index valid_col = %c0_index : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>
// PLANNED-NEXT:   %g = pto.alloc_tile addr = %c8192_i64 valid_row = %c0_index valid_col = %c0_index : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=128, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>
// PLANNED-NEXT:   %r = pto.alloc_tile addr = %c8192_i64 valid_row = %c1_index valid_col = %c0_index : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=64, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>
// PLANNED-NEXT:   %h = pto.alloc_tile addr = %c4096_i64 valid_row = %c16_index valid_col = %c0_index : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>
// PTOAS:          %a = pto.alloc_tile valid_row = %c0_index valid_col = %c0_index : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>
// CHECK:          pto.tload ins(%4 : !pto.partition_tensor_view<16x64xf32>) outs(%a : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
// PTOAS-NEXT:     %e = pto.alloc_tile valid_row = %c0_index valid_col = %c0_index : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>
// CHECK:          %p = pto.tpop_from_aic(%c0_index, %c0_index) {split = 0} -> !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>
// CHECK-NEXT:     %flat = pto.treshape %p : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0> -> !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=128, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>
// PTOAS-NEXT:     %g = pto.alloc_tile valid_row = %c0_index valid_col = %c0_index : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=128, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>
// CHECK-NEXT:     pto.texp ins(%flat : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=128, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%g : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=128, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
// PTOAS:          %r = pto.alloc_tile valid_row = %c1_index valid_col = %c0_index : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=64, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>
// PTOAS:          %h = pto.alloc_tile valid_row = %c16_index valid_col = %c0_index : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>
// CHECK-NOT: v_row=0

func.func @idle(%x: memref<16x64xf32>, %y: memref<16x64xf32> {tile.out}, %w: memref<64xf32>, %z: memref<64xf32> {tile.out}, %gm: memref<1xf32> {tile.out}) attributes {tile.function_kind = "aiv"} {
  %c2v = tile.reserve_buffer "idle_c2v" size 4096 in vec
  %v2c = tile.import_peer_buffer "idle_v2c" from @peer
  tile.aiv_initialize_pipe %c2v, %v2c gm_slot_buffer(%gm : memref<1xf32>) {dir_mask = 3 : i64, slot_size = 4096 : i64, slot_num = 1 : i64}
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %one = arith.constant 1.0 : f32
  %a = tile.load %x[%c0, %c0] : memref<16x64xf32> -> !tile.tile<16x64xf32, vec, valid = 0x0>
  %e = tile.exp %a : (!tile.tile<16x64xf32, vec, valid = 0x0>) -> !tile.tile<16x64xf32, vec, valid = 0x0>
  %p = tile.tpop_from_aic {split = 0 : i64} : !tile.tile<16x64xf32, vec, valid = 0x0>
  %flat = tile.reshape %p : (!tile.tile<16x64xf32, vec, valid = 0x0>) -> !tile.tile<8x128xf32, vec, valid = 0x0>
  %g = tile.exp %flat : (!tile.tile<8x128xf32, vec, valid = 0x0>) -> !tile.tile<8x128xf32, vec, valid = 0x0>
  tile.tpush_to_aic %g {split = 0 : i64} : !tile.tile<8x128xf32, vec, valid = 0x0>
  tile.tfree_to_aic %p {split = 0 : i64} : !tile.tile<16x64xf32, vec, valid = 0x0>
  %r = tile.load %w[%c0] : memref<64xf32> -> !tile.tile<64xf32, vec, valid = 0>
  tile.store %e, %y[%c0, %c0] : !tile.tile<16x64xf32, vec, valid = 0x0>, memref<16x64xf32>
  %h = tile.full %one : (f32) -> !tile.tile<16x64xf32, vec, valid = 16x0>
  tile.store %h, %y[%c0, %c0] : !tile.tile<16x64xf32, vec, valid = 16x0>, memref<16x64xf32>
  tile.store %r, %z[%c0] : !tile.tile<64xf32, vec, valid = 0>, memref<64xf32>
  func.return
}

// The cube side of the pipe (ptoas pairs the two kernels of a pipe).
func.func @peer(%gm: memref<1xf32> {tile.out}) attributes {tile.function_kind = "aic"} {
  %c2v = tile.import_peer_buffer "idle_c2v" from @idle
  %v2c = tile.reserve_buffer "idle_v2c" size 4096 in mat
  tile.aic_initialize_pipe %c2v, %v2c gm_slot_buffer(%gm : memref<1xf32>) {dir_mask = 3 : i64, slot_size = 4096 : i64, slot_num = 1 : i64}
  func.return
}

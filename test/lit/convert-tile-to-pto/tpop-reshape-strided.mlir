// RUN: xdsl-opt -p 'pto-plan-memory{backend=a3},convert-tile-to-pto' %s | filecheck %s --check-prefixes=CHECK,PYPTO
// RUN: xdsl-opt -p 'pto-plan-memory{backend=a3 planner=ptoas},convert-tile-to-pto' %s | filecheck %s --check-prefixes=CHECK,PTOAS

// A reshape of a strided slice of a tpop tile (a column window: the right
// half of each row): ptoas takes no pto.treshape of a column window, so
// pto-plan-memory copies the window into a tile of its own first (a
// tile.extract, pto.textract Vec -> Vec), and the reshape views the copy
// (under pypto an alloc_tile on the copy's address).
// Before issue 24 (item 4) the lowering refused it ("tile.reshape of a
// strided view ... is not supported"; found by a fresh-user breaker).
// CHECK:      %p = pto.tpop_from_aic {split = 0} -> [[POP:!pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>]]
// CHECK:      pto.textract ins(%p, %c0, %c32 : [[POP]], index, index) outs(%v : [[HALF:!pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=32, v_row=16, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>]])
// PTOAS-NEXT: %r = pto.treshape %v : [[HALF]] -> [[FLAT:!pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=16, v_row=32, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>]]
// PTOAS:      pto.texp ins(%r : [[FLAT]])
// PYPTO:      pto.texp ins(%r : !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=16, v_row=32, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
func.func @pop_reshape_strided(%o: memref<32x16xf32> {tile.out}, %gm: memref<1xf32> {tile.out}) attributes {tile.function_kind = "aiv"} {
  %c2v = tile.reserve_buffer "strided_c2v" size 4096 in vec
  %v2c = tile.import_peer_buffer "strided_v2c" from @peer
  tile.aiv_initialize_pipe %c2v, %v2c gm_slot_buffer(%gm : memref<1xf32>) {dir_mask = 3 : i64, slot_size = 4096 : i64, slot_num = 1 : i64}
  %c0 = arith.constant 0 : index
  %c32 = arith.constant 32 : index
  %p = tile.tpop_from_aic {split = 0 : i64} : !tile.tile<16x64xf32, vec>
  %v = tile.slice %p, %c0, %c32 : (!tile.tile<16x64xf32, vec>, index, index) -> !tile.tile<16x32xf32, vec>
  %r = tile.reshape %v : (!tile.tile<16x32xf32, vec>) -> !tile.tile<32x16xf32, vec>
  %e = tile.exp %r : (!tile.tile<32x16xf32, vec>) -> !tile.tile<32x16xf32, vec>
  tile.tfree_to_aic %p {split = 0 : i64} : !tile.tile<16x64xf32, vec>
  tile.store %e, %o[%c0, %c0] : !tile.tile<32x16xf32, vec>, memref<32x16xf32>
  func.return
}

// The cube side of the pipe (ptoas pairs the two kernels of a pipe).
func.func @peer(%gm: memref<1xf32> {tile.out}) attributes {tile.function_kind = "aic"} {
  %c2v = tile.import_peer_buffer "strided_c2v" from @pop_reshape_strided
  %v2c = tile.reserve_buffer "strided_v2c" size 4096 in mat
  tile.aic_initialize_pipe %c2v, %v2c gm_slot_buffer(%gm : memref<1xf32>) {dir_mask = 3 : i64, slot_size = 4096 : i64, slot_num = 1 : i64}
  func.return
}

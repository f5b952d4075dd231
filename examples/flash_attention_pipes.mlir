// One flash-attention block, cube and vector functions joined by cross-core
// pipes: softmax(Q K^T * scale) V for 64 query rows against 256 keys/values,
// as 4 K/V blocks of 64 (head dim 128).
//
// A hand-written Tile version of the reference kernel FlashAttnBlockPlainMove
// (examples/pypto/e2_flash_attn_plainmove.py), with the same pipe setup:
//
//   @kernel_aic (cube, tile.function_kind = "aic"): reserves the
//     vector-to-cube ring in its own L1 (mat), imports the cube-to-vector ring
//     the vector function reserves, initializes both directions
//     (dir_mask = 3), then per block j:
//       S_j = Q x K^T_j (acc)            -> tpush_to_aiv
//       P_j (mat, f16)                   <- tpop_from_aiv, moved to Left, freed
//       O_part_j = P_j x V_j (acc)       -> tpush_to_aiv
//     (K is given pre-transposed as kt[128, 256].)
//   @kernel_aiv (vector, "aiv"): imports the vector-to-cube ring, reserves
//     the cube-to-vector ring in its UB (vec), initializes the pipe, then
//     branches on its sub-core index. Sub-core 0 runs the online softmax
//     (running max m, sum l and output o carried by the loop), popping S_j
//     and O_part_j from the cube and pushing P_j (f16) back; sub-core 1 does
//     the same pipe traffic on tiles whose valid shape is [0, 0] (the
//     reference's idle second vector core).
//   @kernel ("group"): the entry, calling both.
//
// Both rings are AUTO reservations (no `at`): pto-plan-memory puts each at
// base 0 of its space and every tile of that space above it. Both sides name
// the GM slot buffer %gm_pipe (the reference's __gm_pipe_buffer), which ptoas
// needs on a2/a3.
//
// Plan memory for A2/A3 and print PTO for ptoas:
//   xdsl-opt -p 'pto-compile{backend=a3}' examples/flash_attention_pipes.mlir

func.func @kernel_aic(%q: memref<64x128xf16>, %kt: memref<128x256xf16>, %v: memref<256x128xf16>, %out: memref<64x128xf32>, %gm_pipe: memref<1xf32> {tile.out}) attributes {tile.function_kind = "aic"} {
  %v2c = tile.reserve_buffer "kernel_v2c_slot_buffer" size 65536 in mat
  %c2v = tile.import_peer_buffer "kernel_c2v_slot_buffer" from @kernel_aiv
  tile.aic_initialize_pipe %c2v, %v2c gm_slot_buffer(%gm_pipe : memref<1xf32>) {dir_mask = 3 : i64, slot_size = 32768 : i64, slot_num = 2 : i64}
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c64 = arith.constant 64 : index
  %q_mat = tile.load %q[%c0, %c0] : memref<64x128xf16> -> !tile.tile<64x128xf16, mat>
  %q_left = tile.move %q_mat : (!tile.tile<64x128xf16, mat>) -> !tile.tile<64x128xf16, left>
  scf.for %j = %c0 to %c4 step %c1 {
    %j0 = arith.muli %j, %c64 : index
    %kt_mat = tile.load %kt[%c0, %j0] : memref<128x256xf16> -> !tile.tile<128x64xf16, mat>
    %kt_right = tile.move %kt_mat : (!tile.tile<128x64xf16, mat>) -> !tile.tile<128x64xf16, right>
    %s_acc = tile.matmul %q_left, %kt_right : (!tile.tile<64x128xf16, left>, !tile.tile<128x64xf16, right>) -> !tile.tile<64x64xf32, acc>
    tile.tpush_to_aiv %s_acc {split = 0 : i64} : !tile.tile<64x64xf32, acc>
    %p_mat = tile.tpop_from_aiv {split = 0 : i64} : !tile.tile<64x64xf16, mat>
    %p_left = tile.move %p_mat : (!tile.tile<64x64xf16, mat>) -> !tile.tile<64x64xf16, left>
    tile.tfree_to_aiv %p_mat {split = 0 : i64} : !tile.tile<64x64xf16, mat>
    %v_mat = tile.load %v[%j0, %c0] : memref<256x128xf16> -> !tile.tile<64x128xf16, mat>
    %v_right = tile.move %v_mat : (!tile.tile<64x128xf16, mat>) -> !tile.tile<64x128xf16, right>
    %pv_acc = tile.matmul %p_left, %v_right : (!tile.tile<64x64xf16, left>, !tile.tile<64x128xf16, right>) -> !tile.tile<64x128xf32, acc>
    tile.tpush_to_aiv %pv_acc {split = 0 : i64} : !tile.tile<64x128xf32, acc>
    scf.yield
  }
  func.return
}

func.func @kernel_aiv(%q: memref<64x128xf16>, %kt: memref<128x256xf16>, %v: memref<256x128xf16>, %out: memref<64x128xf32> {tile.out}, %gm_pipe: memref<1xf32> {tile.out}) attributes {tile.function_kind = "aiv", tile.func_attrs = {dual_aiv_dispatch = true}} {
  %sub = tile.get_subblock_idx : index
  %v2c = tile.import_peer_buffer "kernel_v2c_slot_buffer" from @kernel_aic
  %c2v = tile.reserve_buffer "kernel_c2v_slot_buffer" size 65536 in vec
  tile.aiv_initialize_pipe %c2v, %v2c gm_slot_buffer(%gm_pipe : memref<1xf32>) {dir_mask = 3 : i64, slot_size = 32768 : i64, slot_num = 2 : i64}
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %neg_big = arith.constant -1.000000e+30 : f32
  %zero = arith.constant 0.000000e+00 : f32
  %scale = arith.constant 0.0883883461 : f32
  %first = arith.cmpi eq, %sub, %c0 : index
  scf.if %first {
    %m_init = tile.full %neg_big : (f32) -> !tile.tile<64x1xf32, vec>
    %l_init = tile.full %zero : (f32) -> !tile.tile<64x1xf32, vec>
    %o_init = tile.full %zero : (f32) -> !tile.tile<64x128xf32, vec>
    %m, %l, %o = scf.for %j = %c0 to %c4 step %c1 iter_args(%m_i = %m_init, %l_i = %l_init, %o_i = %o_init) -> (!tile.tile<64x1xf32, vec>, !tile.tile<64x1xf32, vec>, !tile.tile<64x128xf32, vec>) {
      %s_vec = tile.tpop_from_aic {split = 0 : i64} : !tile.tile<64x64xf32, vec>
      %s_scaled = tile.muls %s_vec, %scale : (!tile.tile<64x64xf32, vec>, f32) -> !tile.tile<64x64xf32, vec>
      tile.tfree_to_aic %s_vec {split = 0 : i64} : !tile.tile<64x64xf32, vec>
      %tmp = tile.create : !tile.tile<64x64xf32, vec>
      %m_j = tile.row_max %s_scaled, %tmp : (!tile.tile<64x64xf32, vec>, !tile.tile<64x64xf32, vec>) -> !tile.tile<64x1xf32, vec>
      %m_new = tile.maximum %m_i, %m_j : (!tile.tile<64x1xf32, vec>, !tile.tile<64x1xf32, vec>) -> !tile.tile<64x1xf32, vec>
      %m_diff = tile.sub %m_i, %m_new : (!tile.tile<64x1xf32, vec>, !tile.tile<64x1xf32, vec>) -> !tile.tile<64x1xf32, vec>
      %alpha = tile.exp %m_diff : (!tile.tile<64x1xf32, vec>) -> !tile.tile<64x1xf32, vec>
      %shifted = tile.row_expand_sub %s_scaled, %m_new : (!tile.tile<64x64xf32, vec>, !tile.tile<64x1xf32, vec>) -> !tile.tile<64x64xf32, vec>
      %p_j = tile.exp %shifted : (!tile.tile<64x64xf32, vec>) -> !tile.tile<64x64xf32, vec>
      %l_j = tile.row_sum %p_j, %tmp : (!tile.tile<64x64xf32, vec>, !tile.tile<64x64xf32, vec>) -> !tile.tile<64x1xf32, vec>
      %l_scaled = tile.mul %alpha, %l_i : (!tile.tile<64x1xf32, vec>, !tile.tile<64x1xf32, vec>) -> !tile.tile<64x1xf32, vec>
      %l_new = tile.add %l_scaled, %l_j : (!tile.tile<64x1xf32, vec>, !tile.tile<64x1xf32, vec>) -> !tile.tile<64x1xf32, vec>
      %p16 = tile.cast %p_j {mode = "round"} : (!tile.tile<64x64xf32, vec>) -> !tile.tile<64x64xf16, vec>
      tile.tpush_to_aic %p16 {split = 0 : i64} : !tile.tile<64x64xf16, vec>
      %pv = tile.tpop_from_aic {split = 0 : i64} : !tile.tile<64x128xf32, vec>
      %o_scaled = tile.row_expand_mul %o_i, %alpha : (!tile.tile<64x128xf32, vec>, !tile.tile<64x1xf32, vec>) -> !tile.tile<64x128xf32, vec>
      %o_new = tile.add %o_scaled, %pv : (!tile.tile<64x128xf32, vec>, !tile.tile<64x128xf32, vec>) -> !tile.tile<64x128xf32, vec>
      tile.tfree_to_aic %pv {split = 0 : i64} : !tile.tile<64x128xf32, vec>
      scf.yield %m_new, %l_new, %o_new : !tile.tile<64x1xf32, vec>, !tile.tile<64x1xf32, vec>, !tile.tile<64x128xf32, vec>
    }
    %o_fin = tile.row_expand_div %o, %l : (!tile.tile<64x128xf32, vec>, !tile.tile<64x1xf32, vec>) -> !tile.tile<64x128xf32, vec>
    tile.store %o_fin, %out[%c0, %c0] : !tile.tile<64x128xf32, vec>, memref<64x128xf32>
    scf.yield
  } else {
    %o_init1 = tile.full %zero : (f32) -> !tile.tile<64x128xf32, vec, valid = 0x0>
    %o1 = scf.for %j = %c0 to %c4 step %c1 iter_args(%o_i = %o_init1) -> (!tile.tile<64x128xf32, vec, valid = 0x0>) {
      %s_vec = tile.tpop_from_aic {split = 0 : i64} : !tile.tile<64x64xf32, vec, valid = 0x0>
      %s_scaled = tile.muls %s_vec, %scale : (!tile.tile<64x64xf32, vec, valid = 0x0>, f32) -> !tile.tile<64x64xf32, vec, valid = 0x0>
      tile.tfree_to_aic %s_vec {split = 0 : i64} : !tile.tile<64x64xf32, vec, valid = 0x0>
      %p16 = tile.cast %s_scaled {mode = "round"} : (!tile.tile<64x64xf32, vec, valid = 0x0>) -> !tile.tile<64x64xf16, vec, valid = 0x0>
      tile.tpush_to_aic %p16 {split = 0 : i64} : !tile.tile<64x64xf16, vec, valid = 0x0>
      %pv = tile.tpop_from_aic {split = 0 : i64} : !tile.tile<64x128xf32, vec, valid = 0x0>
      %o_new = tile.add %o_i, %pv : (!tile.tile<64x128xf32, vec, valid = 0x0>, !tile.tile<64x128xf32, vec, valid = 0x0>) -> !tile.tile<64x128xf32, vec, valid = 0x0>
      tile.tfree_to_aic %pv {split = 0 : i64} : !tile.tile<64x128xf32, vec, valid = 0x0>
      scf.yield %o_new : !tile.tile<64x128xf32, vec, valid = 0x0>
    }
    scf.yield
  }
  func.return
}

func.func @kernel(%q: memref<64x128xf16>, %kt: memref<128x256xf16>, %v: memref<256x128xf16>, %out: memref<64x128xf32> {tile.out}, %gm_pipe: memref<1xf32> {tile.out}) attributes {tile.function_kind = "group"} {
  func.call @kernel_aic(%q, %kt, %v, %out, %gm_pipe) : (memref<64x128xf16>, memref<128x256xf16>, memref<256x128xf16>, memref<64x128xf32>, memref<1xf32>) -> ()
  func.call @kernel_aiv(%q, %kt, %v, %out, %gm_pipe) : (memref<64x128xf16>, memref<128x256xf16>, memref<256x128xf16>, memref<64x128xf32>, memref<1xf32>) -> ()
  func.return
}

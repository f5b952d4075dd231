// One flash-attention block: softmax(Q K^T * scale) V for 64 query rows against
// 256 keys/values, processed as 4 K/V blocks of 64 (head dim 128).
//
// Counterpart of the reference kernel FlashAttnBlockPlainMove
// (examples/pypto/e2_flash_attn_plainmove.py). As there, the work is
// split into a cube (AIC) function and a vector (AIV) function, since one kernel
// runs on one core kind. The reference joins them with cross-core pipes
// (tpush/tpop); this version exchanges the blocks through GM tensors instead
// (examples/flash_attention_pipes.mlir is the one with the pipes):
//
//   @flash_attn_cube (AIC), per block j:
//     S_j      = Q x K^T_j                      [64,64] f32 -> s[0, 64j]
//     O_part_j = P_j x V_j                      [64,128] f32 -> o_part[64j, 0]
//     (Q is loaded and moved to Left once; K is given pre-transposed as
//      kt[128, 256], so K^T_j is the [128, 64] window at kt[0, 64j].)
//   @flash_attn_vec (AIV), online softmax with Vec carries
//     m_i [64,1] (running row max), l_i [64,1] (running row sum),
//     o_i [64,128] (running output), seeded with tile.full (-1e30, 0, 0);
//     an scf.for over the 4 blocks does, per block j:
//       s      = load(s[0, 64j]) * scale               scale = 1/sqrt(128)
//       m_j    = row_max(s, tmp)
//       m_new  = maximum(m_i, m_j)
//       alpha  = exp(m_i - m_new)
//       p      = exp(row_expand_sub(s, m_new))
//       p16    = cast(p -> f16)                        -> p[0, 64j] (read by the cube)
//       l_j    = row_sum(p, tmp)
//       l_new  = alpha * l_i + l_j
//       o_new  = row_expand_mul(o_i, alpha) + load(o_part[64j, 0])
//     then out = row_expand_div(o, l).
//   One difference from the reference's vector body: P is cast and stored
//   before row_sum reads it again (the reference casts after row_sum), since
//   the cube is waiting for P. (Either way the narrowing f32 -> f16 cast gets
//   a buffer of its own: A2/A3 forbids it to overwrite its input, and the
//   planner never lets a width-changing cast do so.)
//
// Run the whole pipeline (plan memory for A2/A3, then print PTO for ptoas):
//   xdsl-opt -p 'pto-compile{backend=a3}' examples/flash_attention.mlir
// Only the planned Tile IR (allocations with addresses):
//   xdsl-opt -p 'pto-plan-memory{backend=a3}' examples/flash_attention.mlir

func.func @flash_attn_cube(%q: memref<64x128xf16>, %kt: memref<128x256xf16>, %v: memref<256x128xf16>, %p: memref<64x256xf16>, %s: memref<64x256xf32>, %o_part: memref<256x128xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c64 = arith.constant 64 : index
  %q_mat = tile.load %q[%c0, %c0] : memref<64x128xf16> -> !tile.tile<64x128xf16, mat>
  %q_left = tile.move %q_mat : (!tile.tile<64x128xf16, mat>) -> !tile.tile<64x128xf16, left>
  scf.for %j = %c0 to %c4 step %c1 {
    %j0 = arith.muli %j, %c64 : index
    // S_j = Q K^T_j
    %kt_mat = tile.load %kt[%c0, %j0] : memref<128x256xf16> -> !tile.tile<128x64xf16, mat>
    %kt_right = tile.move %kt_mat : (!tile.tile<128x64xf16, mat>) -> !tile.tile<128x64xf16, right>
    %s_acc = tile.matmul %q_left, %kt_right : (!tile.tile<64x128xf16, left>, !tile.tile<128x64xf16, right>) -> !tile.tile<64x64xf32, acc>
    tile.store %s_acc, %s[%c0, %j0] : !tile.tile<64x64xf32, acc>, memref<64x256xf32>
    // O_part_j = P_j V_j
    %p_mat = tile.load %p[%c0, %j0] : memref<64x256xf16> -> !tile.tile<64x64xf16, mat>
    %p_left = tile.move %p_mat : (!tile.tile<64x64xf16, mat>) -> !tile.tile<64x64xf16, left>
    %v_mat = tile.load %v[%j0, %c0] : memref<256x128xf16> -> !tile.tile<64x128xf16, mat>
    %v_right = tile.move %v_mat : (!tile.tile<64x128xf16, mat>) -> !tile.tile<64x128xf16, right>
    %pv_acc = tile.matmul %p_left, %v_right : (!tile.tile<64x64xf16, left>, !tile.tile<64x128xf16, right>) -> !tile.tile<64x128xf32, acc>
    tile.store %pv_acc, %o_part[%j0, %c0] : !tile.tile<64x128xf32, acc>, memref<256x128xf32>
    scf.yield
  }
  func.return
}

func.func @flash_attn_vec(%s: memref<64x256xf32>, %o_part: memref<256x128xf32>, %p: memref<64x256xf16>, %out: memref<64x128xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c64 = arith.constant 64 : index
  %neg_big = arith.constant -1.000000e+30 : f32
  %zero = arith.constant 0.000000e+00 : f32
  %scale = arith.constant 0.0883883461 : f32
  %m_init = tile.full %neg_big : (f32) -> !tile.tile<64x1xf32, vec>
  %l_init = tile.full %zero : (f32) -> !tile.tile<64x1xf32, vec>
  %o_init = tile.full %zero : (f32) -> !tile.tile<64x128xf32, vec>
  %m, %l, %o = scf.for %j = %c0 to %c4 step %c1 iter_args(%m_i = %m_init, %l_i = %l_init, %o_i = %o_init) -> (!tile.tile<64x1xf32, vec>, !tile.tile<64x1xf32, vec>, !tile.tile<64x128xf32, vec>) {
    %j0 = arith.muli %j, %c64 : index
    %s_vec = tile.load %s[%c0, %j0] : memref<64x256xf32> -> !tile.tile<64x64xf32, vec>
    %s_scaled = tile.muls %s_vec, %scale : (!tile.tile<64x64xf32, vec>, f32) -> !tile.tile<64x64xf32, vec>
    %tmp = tile.create : !tile.tile<64x64xf32, vec>
    %m_j = tile.row_max %s_scaled, %tmp : (!tile.tile<64x64xf32, vec>, !tile.tile<64x64xf32, vec>) -> !tile.tile<64x1xf32, vec>
    %m_new = tile.maximum %m_i, %m_j : (!tile.tile<64x1xf32, vec>, !tile.tile<64x1xf32, vec>) -> !tile.tile<64x1xf32, vec>
    %m_diff = tile.sub %m_i, %m_new : (!tile.tile<64x1xf32, vec>, !tile.tile<64x1xf32, vec>) -> !tile.tile<64x1xf32, vec>
    %alpha = tile.exp %m_diff : (!tile.tile<64x1xf32, vec>) -> !tile.tile<64x1xf32, vec>
    %shifted = tile.row_expand_sub %s_scaled, %m_new : (!tile.tile<64x64xf32, vec>, !tile.tile<64x1xf32, vec>) -> !tile.tile<64x64xf32, vec>
    %p_j = tile.exp %shifted : (!tile.tile<64x64xf32, vec>) -> !tile.tile<64x64xf32, vec>
    %p16 = tile.cast %p_j {mode = "round"} : (!tile.tile<64x64xf32, vec>) -> !tile.tile<64x64xf16, vec>
    tile.store %p16, %p[%c0, %j0] : !tile.tile<64x64xf16, vec>, memref<64x256xf16>
    %l_j = tile.row_sum %p_j, %tmp : (!tile.tile<64x64xf32, vec>, !tile.tile<64x64xf32, vec>) -> !tile.tile<64x1xf32, vec>
    %l_scaled = tile.mul %alpha, %l_i : (!tile.tile<64x1xf32, vec>, !tile.tile<64x1xf32, vec>) -> !tile.tile<64x1xf32, vec>
    %l_new = tile.add %l_scaled, %l_j : (!tile.tile<64x1xf32, vec>, !tile.tile<64x1xf32, vec>) -> !tile.tile<64x1xf32, vec>
    %pv = tile.load %o_part[%j0, %c0] : memref<256x128xf32> -> !tile.tile<64x128xf32, vec>
    %o_scaled = tile.row_expand_mul %o_i, %alpha : (!tile.tile<64x128xf32, vec>, !tile.tile<64x1xf32, vec>) -> !tile.tile<64x128xf32, vec>
    %o_new = tile.add %o_scaled, %pv : (!tile.tile<64x128xf32, vec>, !tile.tile<64x128xf32, vec>) -> !tile.tile<64x128xf32, vec>
    scf.yield %m_new, %l_new, %o_new : !tile.tile<64x1xf32, vec>, !tile.tile<64x1xf32, vec>, !tile.tile<64x128xf32, vec>
  }
  %o_fin = tile.row_expand_div %o, %l : (!tile.tile<64x128xf32, vec>, !tile.tile<64x1xf32, vec>) -> !tile.tile<64x128xf32, vec>
  tile.store %o_fin, %out[%c0, %c0] : !tile.tile<64x128xf32, vec>, memref<64x128xf32>
  func.return
}

// RUN: xdsl-opt -p 'pto-plan-memory{backend=a3 verify=true},convert-tile-to-pto' %examples/flash_attention.mlir | filecheck --match-full-lines %s
// RUN: xdsl-opt -p 'pto-plan-memory{backend=a3 verify=true}' %examples/flash_attention.mlir | filecheck --check-prefix=PLAN %s

// examples/flash_attention.mlir: one flash-attention block as a cube function
// (S = Q K^T and O_part = P V per K/V block) and a vector function (online
// softmax over the 4 blocks), exchanging blocks through GM.

// ---- @flash_attn_cube, planned. Every space is its own address space.
//   Mat   @mem_mat_0  (addr 0, 16384): q_mat, then per block kt_mat, p_mat
//         (8192 bytes) and v_mat in turn; each slab is dead once it has been
//         moved to L0A/L0B, before the next one is loaded.
//   Left  @mem_left_1 (addr 0, 16384): q_left, read by every block's S
//         matmul, so live to the end of the loop.
//   Left  @mem_left_6 (addr 16384, 8192): p_left (q_left is live).
//   Right @mem_right_3 (addr 0, 16384): kt_right, then v_right (kt_right is
//         dead after the S matmul).
//   Acc   @mem_acc_9  (addr 0, 32768): s_acc (16384 bytes), then pv_acc;
//         s_acc is dead once stored.
// PLAN-LABEL: func.func @flash_attn_cube(
// PLAN-NEXT: tile.alloc @mem_mat_0 in mat size 16384 addr 0
// PLAN-NEXT: tile.alloc @mem_left_1 in left size 16384 addr 0
// PLAN-NEXT: tile.alloc @mem_right_3 in right size 16384 addr 0
// PLAN-NEXT: tile.alloc @mem_left_6 in left size 8192 addr 16384
// PLAN-NEXT: tile.alloc @mem_acc_9 in acc size 32768 addr 0
// PLAN-NOT: tile.alloc
// PLAN: %q_mat = tile.load {{.*}} -> !tile.tile<64x128xf16, mat, memref = <@mem_mat_0, offset = 0, size = 16384>>{{$}}
// PLAN: %q_left = tile.move {{.*}} -> !tile.tile<64x128xf16, left, memref = <@mem_left_1, offset = 0, size = 16384>>{{$}}
// PLAN: %kt_mat = tile.load {{.*}} -> !tile.tile<128x64xf16, mat, memref = <@mem_mat_0, offset = 0, size = 16384>>{{$}}
// PLAN: %kt_right = tile.move {{.*}} -> !tile.tile<128x64xf16, right, memref = <@mem_right_3, offset = 0, size = 16384>>{{$}}
// PLAN: %s_acc = tile.matmul {{.*}} -> !tile.tile<64x64xf32, acc, memref = <@mem_acc_9, offset = 0, size = 16384>>{{$}}
// PLAN: tile.store %s_acc, %s[%c0, %j0] : !tile.tile<64x64xf32, acc, memref = <@mem_acc_9, offset = 0, size = 16384>>, memref<64x256xf32>
// PLAN: %p_mat = tile.load {{.*}} -> !tile.tile<64x64xf16, mat, memref = <@mem_mat_0, offset = 0, size = 8192>>{{$}}
// PLAN: %p_left = tile.move {{.*}} -> !tile.tile<64x64xf16, left, memref = <@mem_left_6, offset = 0, size = 8192>>{{$}}
// PLAN: %v_mat = tile.load {{.*}} -> !tile.tile<64x128xf16, mat, memref = <@mem_mat_0, offset = 0, size = 16384>>{{$}}
// PLAN: %v_right = tile.move {{.*}} -> !tile.tile<64x128xf16, right, memref = <@mem_right_3, offset = 0, size = 16384>>{{$}}
// PLAN: %pv_acc = tile.matmul {{.*}} -> !tile.tile<64x128xf32, acc, memref = <@mem_acc_9, offset = 0, size = 32768>>{{$}}
// PLAN: tile.store %pv_acc, %o_part[%j0, %c0] : !tile.tile<64x128xf32, acc, memref = <@mem_acc_9, offset = 0, size = 32768>>, memref<256x128xf32>

// ---- @flash_attn_vec, planned (Vec).
//   @mem_vec_0  (addr 0, 256):      m_init / m_i / m: the row-max carry. m_new
//                                   cannot be computed in it (m_i is read by
//                                   the sub after m_new exists), so a carry
//                                   move copies m_new back before the yield.
//   @mem_vec_1  (addr 256, 256):    l_init / l_i / l; l_new = l_scaled + l_j
//                                   is computed straight into it (l_i's last
//                                   read is the mul before).
//   @mem_vec_2  (addr 512, 32768):  o_init / o_i / o; o_new is computed into
//                                   it (o_i's last read is row_expand_mul),
//                                   and o_fin = o / l after the loop in place.
//   @mem_vec_7  (addr 33280, 256):  m_new, live until the carry move.
//   @mem_vec_9  (addr 33536, 256):  alpha, live until row_expand_mul.
//   @mem_vec_12 (addr 33792, 8192): m_j, then m_diff, then p16, then l_j:
//                                   each is dead before the next is written.
//                                   p16 is not on p_j's bytes: p_j is still
//                                   read by row_sum after the cast.
//   @mem_vec_16 (addr 41984, 32768): s_vec, s_scaled, shifted, p_j in place
//                                   (16384 bytes), then l_scaled, then pv.
//   @mem_vec_17 (addr 74752, 32768): tmp (scratch of row_max and row_sum),
//                                   then o_scaled.
// All intra-iteration values die before the yield, so no buffer is shared
// across iterations except the three carries. High-water mark 107520 bytes.
// PLAN-LABEL: func.func @flash_attn_vec(
// PLAN-NEXT: tile.alloc @mem_vec_0 in vec size 256 addr 0
// PLAN-NEXT: tile.alloc @mem_vec_1 in vec size 256 addr 256
// PLAN-NEXT: tile.alloc @mem_vec_2 in vec size 32768 addr 512
// PLAN-NEXT: tile.alloc @mem_vec_7 in vec size 256 addr 33280
// PLAN-NEXT: tile.alloc @mem_vec_9 in vec size 256 addr 33536
// PLAN-NEXT: tile.alloc @mem_vec_12 in vec size 8192 addr 33792
// PLAN-NEXT: tile.alloc @mem_vec_16 in vec size 32768 addr 41984
// PLAN-NEXT: tile.alloc @mem_vec_17 in vec size 32768 addr 74752
// PLAN-NOT: tile.alloc
// PLAN: %m_init = tile.full {{.*}} -> !tile.tile<64x1xf32, vec, memref = <@mem_vec_0, offset = 0, size = 256>>{{$}}
// PLAN: %l_init = tile.full {{.*}} -> !tile.tile<64x1xf32, vec, memref = <@mem_vec_1, offset = 0, size = 256>>{{$}}
// PLAN: %o_init = tile.full {{.*}} -> !tile.tile<64x128xf32, vec, memref = <@mem_vec_2, offset = 0, size = 32768>>{{$}}
// PLAN: %m, %l, %o = scf.for %j = %c0 to %c4 step %c1 iter_args(%m_i = %m_init, %l_i = %l_init, %o_i = %o_init) -> (!tile.tile<64x1xf32, vec, memref = <@mem_vec_0, offset = 0, size = 256>>, !tile.tile<64x1xf32, vec, memref = <@mem_vec_1, offset = 0, size = 256>>, !tile.tile<64x128xf32, vec, memref = <@mem_vec_2, offset = 0, size = 32768>>) {
// PLAN: %s_vec = tile.load {{.*}} -> !tile.tile<64x64xf32, vec, memref = <@mem_vec_16, offset = 0, size = 16384>>{{$}}
// PLAN: %s_scaled = tile.muls {{.*}} -> !tile.tile<64x64xf32, vec, memref = <@mem_vec_16, offset = 0, size = 16384>>{{$}}
// PLAN: %tmp = tile.create : !tile.tile<64x64xf32, vec, memref = <@mem_vec_17, offset = 0, size = 16384>>
// PLAN: %m_j = tile.row_max {{.*}} -> !tile.tile<64x1xf32, vec, memref = <@mem_vec_12, offset = 0, size = 256>>{{$}}
// PLAN: %m_new = tile.maximum {{.*}} -> !tile.tile<64x1xf32, vec, memref = <@mem_vec_7, offset = 0, size = 256>>{{$}}
// PLAN: %m_diff = tile.sub {{.*}} -> !tile.tile<64x1xf32, vec, memref = <@mem_vec_12, offset = 0, size = 256>>{{$}}
// PLAN: %alpha = tile.exp {{.*}} -> !tile.tile<64x1xf32, vec, memref = <@mem_vec_9, offset = 0, size = 256>>{{$}}
// PLAN: %shifted = tile.row_expand_sub {{.*}} -> !tile.tile<64x64xf32, vec, memref = <@mem_vec_16, offset = 0, size = 16384>>{{$}}
// PLAN: %p_j = tile.exp {{.*}} -> !tile.tile<64x64xf32, vec, memref = <@mem_vec_16, offset = 0, size = 16384>>{{$}}
// PLAN: %p16 = tile.cast {{.*}} -> !tile.tile<64x64xf16, vec, memref = <@mem_vec_12, offset = 0, size = 8192>>{{$}}
// PLAN: tile.store %p16, %p[%c0, %j0] : !tile.tile<64x64xf16, vec, memref = <@mem_vec_12, offset = 0, size = 8192>>, memref<64x256xf16>
// PLAN: %l_j = tile.row_sum {{.*}} -> !tile.tile<64x1xf32, vec, memref = <@mem_vec_12, offset = 0, size = 256>>{{$}}
// PLAN: %l_scaled = tile.mul {{.*}} -> !tile.tile<64x1xf32, vec, memref = <@mem_vec_16, offset = 0, size = 256>>{{$}}
// PLAN: %l_new = tile.add {{.*}} -> !tile.tile<64x1xf32, vec, memref = <@mem_vec_1, offset = 0, size = 256>>{{$}}
// PLAN: %pv = tile.load {{.*}} -> !tile.tile<64x128xf32, vec, memref = <@mem_vec_16, offset = 0, size = 32768>>{{$}}
// PLAN: %o_scaled = tile.row_expand_mul {{.*}} -> !tile.tile<64x128xf32, vec, memref = <@mem_vec_17, offset = 0, size = 32768>>{{$}}
// PLAN: %o_new = tile.add {{.*}} -> !tile.tile<64x128xf32, vec, memref = <@mem_vec_2, offset = 0, size = 32768>>{{$}}
// PLAN: %0 = tile.move %m_new {carry} : {{.*}} -> !tile.tile<64x1xf32, vec, memref = <@mem_vec_0, offset = 0, size = 256>>{{$}}
// PLAN: scf.yield %0, %l_new, %o_new : !tile.tile<64x1xf32, vec, memref = <@mem_vec_0, offset = 0, size = 256>>, !tile.tile<64x1xf32, vec, memref = <@mem_vec_1, offset = 0, size = 256>>, !tile.tile<64x128xf32, vec, memref = <@mem_vec_2, offset = 0, size = 32768>>
// PLAN: %o_fin = tile.row_expand_div {{.*}} -> !tile.tile<64x128xf32, vec, memref = <@mem_vec_2, offset = 0, size = 32768>>{{$}}
// PLAN: tile.store %o_fin, %out[%c0, %c0] : !tile.tile<64x128xf32, vec, memref = <@mem_vec_2, offset = 0, size = 32768>>, memref<64x128xf32>

// ---- The PTO kernels. v_mat has q_mat's address and type, so the V slab is
// loaded through the %q_mat handle; the loop keeps no tile iter_args and the
// m carry move becomes a tmov into %m_init.
// CHECK-LABEL: func.func @flash_attn_cube(%q: !pto.ptr<f16>, %kt: !pto.ptr<f16>, %v: !pto.ptr<f16>, %p: !pto.ptr<f16>, %s: !pto.ptr<f32>, %o_part: !pto.ptr<f32>) attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
// CHECK-NEXT: %c64_index = arith.constant 64 : index
// CHECK-NEXT: %c128_index = arith.constant 128 : index
// CHECK-NEXT: %c1_index = arith.constant 1 : index
// CHECK-NEXT: %c256_index = arith.constant 256 : index
// CHECK-NEXT: %c0_i64 = arith.constant 0 : i64
// CHECK-NEXT: %c16384_i64 = arith.constant 16384 : i64
// CHECK-NEXT: [[TV_Q:%[0-9]+]] = pto.make_tensor_view %q, shape = [%c64_index, %c128_index], strides = [%c128_index, %c1_index] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
// CHECK-NEXT: [[TV_KT:%[0-9]+]] = pto.make_tensor_view %kt, shape = [%c128_index, %c256_index], strides = [%c256_index, %c1_index] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
// CHECK-NEXT: [[TV_V:%[0-9]+]] = pto.make_tensor_view %v, shape = [%c256_index, %c128_index], strides = [%c128_index, %c1_index] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
// CHECK-NEXT: [[TV_P:%[0-9]+]] = pto.make_tensor_view %p, shape = [%c64_index, %c256_index], strides = [%c256_index, %c1_index] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
// CHECK-NEXT: [[TV_S:%[0-9]+]] = pto.make_tensor_view %s, shape = [%c64_index, %c256_index], strides = [%c256_index, %c1_index] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf32>
// CHECK-NEXT: [[TV_O_PART:%[0-9]+]] = pto.make_tensor_view %o_part, shape = [%c256_index, %c128_index], strides = [%c128_index, %c1_index] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf32>
// CHECK-NEXT: %q_mat = pto.alloc_tile addr = %c0_i64 : [[MAT_64X128F16:!pto.tile_buf<loc=mat, dtype=f16, rows=64, cols=128, v_row=64, v_col=128, blayout=col_major, slayout=row_major, fractal=512, pad=0>]]
// CHECK-NEXT: %q_left = pto.alloc_tile addr = %c0_i64 : [[LEFT_64X128F16:!pto.tile_buf<loc=left, dtype=f16, rows=64, cols=128, v_row=64, v_col=128, blayout=row_major, slayout=row_major, fractal=512, pad=0>]]
// CHECK-NEXT: %kt_mat = pto.alloc_tile addr = %c0_i64 : [[MAT_128X64F16:!pto.tile_buf<loc=mat, dtype=f16, rows=128, cols=64, v_row=128, v_col=64, blayout=col_major, slayout=row_major, fractal=512, pad=0>]]
// CHECK-NEXT: %kt_right = pto.alloc_tile addr = %c0_i64 : [[RIGHT_128X64F16:!pto.tile_buf<loc=right, dtype=f16, rows=128, cols=64, v_row=128, v_col=64, blayout=row_major, slayout=col_major, fractal=512, pad=0>]]
// CHECK-NEXT: %s_acc = pto.alloc_tile addr = %c0_i64 : [[ACC_64X64F32:!pto.tile_buf<loc=acc, dtype=f32, rows=64, cols=64, v_row=64, v_col=64, blayout=col_major, slayout=row_major, fractal=1024, pad=0>]]
// CHECK-NEXT: %p_mat = pto.alloc_tile addr = %c0_i64 : [[MAT_64X64F16:!pto.tile_buf<loc=mat, dtype=f16, rows=64, cols=64, v_row=64, v_col=64, blayout=col_major, slayout=row_major, fractal=512, pad=0>]]
// CHECK-NEXT: %p_left = pto.alloc_tile addr = %c16384_i64 : [[LEFT_64X64F16:!pto.tile_buf<loc=left, dtype=f16, rows=64, cols=64, v_row=64, v_col=64, blayout=row_major, slayout=row_major, fractal=512, pad=0>]]
// CHECK-NEXT: %v_right = pto.alloc_tile addr = %c0_i64 : [[RIGHT_64X128F16:!pto.tile_buf<loc=right, dtype=f16, rows=64, cols=128, v_row=64, v_col=128, blayout=row_major, slayout=col_major, fractal=512, pad=0>]]
// CHECK-NEXT: %pv_acc = pto.alloc_tile addr = %c0_i64 : [[ACC_64X128F32:!pto.tile_buf<loc=acc, dtype=f32, rows=64, cols=128, v_row=64, v_col=128, blayout=col_major, slayout=row_major, fractal=1024, pad=0>]]
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %c4 = arith.constant 4 : index
// CHECK-NEXT: %c64 = arith.constant 64 : index
// CHECK-NEXT: [[PV0:%[0-9]+]] = pto.partition_view [[TV_Q]], offsets = [%c0, %c0], sizes = [%c64_index, %c128_index] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<64x128xf16>
// CHECK-NEXT: pto.tload ins([[PV0]] : !pto.partition_tensor_view<64x128xf16>) outs(%q_mat : [[MAT_64X128F16]])
// CHECK-NEXT: pto.tmov ins(%q_mat : [[MAT_64X128F16]]) outs(%q_left : [[LEFT_64X128F16]])
// CHECK-NEXT: scf.for %j = %c0 to %c4 step %c1 {
// CHECK-NEXT: %j0 = arith.muli %j, %c64 : index
// CHECK-NEXT: [[PV1:%[0-9]+]] = pto.partition_view [[TV_KT]], offsets = [%c0, %j0], sizes = [%c128_index, %c64_index] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<128x64xf16>
// CHECK-NEXT: pto.tload ins([[PV1]] : !pto.partition_tensor_view<128x64xf16>) outs(%kt_mat : [[MAT_128X64F16]])
// CHECK-NEXT: pto.tmov ins(%kt_mat : [[MAT_128X64F16]]) outs(%kt_right : [[RIGHT_128X64F16]])
// CHECK-NEXT: pto.tmatmul ins(%q_left, %kt_right : [[LEFT_64X128F16]], [[RIGHT_128X64F16]]) outs(%s_acc : [[ACC_64X64F32]])
// CHECK-NEXT: [[PV2:%[0-9]+]] = pto.partition_view [[TV_S]], offsets = [%c0, %j0], sizes = [%c64_index, %c64_index] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<64x64xf32>
// CHECK-NEXT: pto.tstore ins(%s_acc : [[ACC_64X64F32]]) outs([[PV2]] : !pto.partition_tensor_view<64x64xf32>)
// CHECK-NEXT: [[PV3:%[0-9]+]] = pto.partition_view [[TV_P]], offsets = [%c0, %j0], sizes = [%c64_index, %c64_index] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<64x64xf16>
// CHECK-NEXT: pto.tload ins([[PV3]] : !pto.partition_tensor_view<64x64xf16>) outs(%p_mat : [[MAT_64X64F16]])
// CHECK-NEXT: pto.tmov ins(%p_mat : [[MAT_64X64F16]]) outs(%p_left : [[LEFT_64X64F16]])
// CHECK-NEXT: [[PV4:%[0-9]+]] = pto.partition_view [[TV_V]], offsets = [%j0, %c0], sizes = [%c64_index, %c128_index] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<64x128xf16>
// CHECK-NEXT: pto.tload ins([[PV4]] : !pto.partition_tensor_view<64x128xf16>) outs(%q_mat : [[MAT_64X128F16]])
// CHECK-NEXT: pto.tmov ins(%q_mat : [[MAT_64X128F16]]) outs(%v_right : [[RIGHT_64X128F16]])
// CHECK-NEXT: pto.tmatmul ins(%p_left, %v_right : [[LEFT_64X64F16]], [[RIGHT_64X128F16]]) outs(%pv_acc : [[ACC_64X128F32]])
// CHECK-NEXT: [[PV5:%[0-9]+]] = pto.partition_view [[TV_O_PART]], offsets = [%j0, %c0], sizes = [%c64_index, %c128_index] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<64x128xf32>
// CHECK-NEXT: pto.tstore ins(%pv_acc : [[ACC_64X128F32]]) outs([[PV5]] : !pto.partition_tensor_view<64x128xf32>)
// CHECK-NEXT: }
// CHECK-NEXT: func.return
// CHECK-NOT: pto.alloc_tile
// CHECK-LABEL: func.func @flash_attn_vec(%s: !pto.ptr<f32>, %o_part: !pto.ptr<f32>, %p: !pto.ptr<f16>, %out: !pto.ptr<f32>) attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
// CHECK-NEXT: %c64_index = arith.constant 64 : index
// CHECK-NEXT: %c256_index = arith.constant 256 : index
// CHECK-NEXT: %c1_index = arith.constant 1 : index
// CHECK-NEXT: %c128_index = arith.constant 128 : index
// CHECK-NEXT: %c0_i64 = arith.constant 0 : i64
// CHECK-NEXT: %c256_i64 = arith.constant 256 : i64
// CHECK-NEXT: %c512_i64 = arith.constant 512 : i64
// CHECK-NEXT: %c41984_i64 = arith.constant 41984 : i64
// CHECK-NEXT: %c74752_i64 = arith.constant 74752 : i64
// CHECK-NEXT: %c33792_i64 = arith.constant 33792 : i64
// CHECK-NEXT: %c33280_i64 = arith.constant 33280 : i64
// CHECK-NEXT: %c33536_i64 = arith.constant 33536 : i64
// CHECK-NEXT: [[TV_S:%[0-9]+]] = pto.make_tensor_view %s, shape = [%c64_index, %c256_index], strides = [%c256_index, %c1_index] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf32>
// CHECK-NEXT: [[TV_O_PART:%[0-9]+]] = pto.make_tensor_view %o_part, shape = [%c256_index, %c128_index], strides = [%c128_index, %c1_index] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf32>
// CHECK-NEXT: [[TV_P:%[0-9]+]] = pto.make_tensor_view %p, shape = [%c64_index, %c256_index], strides = [%c256_index, %c1_index] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
// CHECK-NEXT: [[TV_OUT:%[0-9]+]] = pto.make_tensor_view %out, shape = [%c64_index, %c128_index], strides = [%c128_index, %c1_index] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf32>
// CHECK-NEXT: %m_init = pto.alloc_tile addr = %c0_i64 : [[VEC_64X1F32:!pto.tile_buf<loc=vec, dtype=f32, rows=64, cols=1, v_row=64, v_col=1, blayout=col_major, slayout=none_box, fractal=512, pad=0>]]
// CHECK-NEXT: %l_init = pto.alloc_tile addr = %c256_i64 : [[VEC_64X1F32]]
// CHECK-NEXT: %o_init = pto.alloc_tile addr = %c512_i64 : [[VEC_64X128F32:!pto.tile_buf<loc=vec, dtype=f32, rows=64, cols=128, v_row=64, v_col=128, blayout=row_major, slayout=none_box, fractal=512, pad=0>]]
// CHECK-NEXT: %s_vec = pto.alloc_tile addr = %c41984_i64 : [[VEC_64X64F32:!pto.tile_buf<loc=vec, dtype=f32, rows=64, cols=64, v_row=64, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>]]
// CHECK-NEXT: %tmp = pto.alloc_tile addr = %c74752_i64 : [[VEC_64X64F32]]
// CHECK-NEXT: %m_j = pto.alloc_tile addr = %c33792_i64 : [[VEC_64X1F32]]
// CHECK-NEXT: %m_new = pto.alloc_tile addr = %c33280_i64 : [[VEC_64X1F32]]
// CHECK-NEXT: %alpha = pto.alloc_tile addr = %c33536_i64 : [[VEC_64X1F32]]
// CHECK-NEXT: %p16 = pto.alloc_tile addr = %c33792_i64 : [[VEC_64X64F16:!pto.tile_buf<loc=vec, dtype=f16, rows=64, cols=64, v_row=64, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>]]
// CHECK-NEXT: %l_scaled = pto.alloc_tile addr = %c41984_i64 : [[VEC_64X1F32]]
// CHECK-NEXT: %pv = pto.alloc_tile addr = %c41984_i64 : [[VEC_64X128F32]]
// CHECK-NEXT: %o_scaled = pto.alloc_tile addr = %c74752_i64 : [[VEC_64X128F32]]
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %c4 = arith.constant 4 : index
// CHECK-NEXT: %c64 = arith.constant 64 : index
// CHECK-NEXT: %neg_big = arith.constant -1.000000e+30 : f32
// CHECK-NEXT: %zero = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %scale = arith.constant 0.0883883461 : f32
// CHECK-NEXT: %m_init_t = pto.treshape %m_init : [[VEC_64X1F32]] -> [[ROW_1X64F32:!pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=64, v_row=1, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>]]
// CHECK-NEXT: pto.texpands ins(%neg_big : f32) outs(%m_init_t : [[ROW_1X64F32]])
// CHECK-NEXT: %l_init_t = pto.treshape %l_init : [[VEC_64X1F32]] -> [[ROW_1X64F32]]
// CHECK-NEXT: pto.texpands ins(%zero : f32) outs(%l_init_t : [[ROW_1X64F32]])
// CHECK-NEXT: pto.texpands ins(%zero : f32) outs(%o_init : [[VEC_64X128F32]])
// CHECK-NEXT: scf.for %j = %c0 to %c4 step %c1 {
// CHECK-NEXT: %j0 = arith.muli %j, %c64 : index
// CHECK-NEXT: [[PV6:%[0-9]+]] = pto.partition_view [[TV_S]], offsets = [%c0, %j0], sizes = [%c64_index, %c64_index] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<64x64xf32>
// CHECK-NEXT: pto.tload ins([[PV6]] : !pto.partition_tensor_view<64x64xf32>) outs(%s_vec : [[VEC_64X64F32]])
// CHECK-NEXT: pto.tmuls ins(%s_vec, %scale : [[VEC_64X64F32]], f32) outs(%s_vec : [[VEC_64X64F32]])
// CHECK-NEXT: pto.trowmax ins(%s_vec, %tmp : [[VEC_64X64F32]], [[VEC_64X64F32]]) outs(%m_j : [[VEC_64X1F32]])
// CHECK-NEXT: %m_init_t_1 = pto.treshape %m_init : [[VEC_64X1F32]] -> [[ROW_1X64F32]]
// CHECK-NEXT: %m_j_t = pto.treshape %m_j : [[VEC_64X1F32]] -> [[ROW_1X64F32]]
// CHECK-NEXT: %m_new_t = pto.treshape %m_new : [[VEC_64X1F32]] -> [[ROW_1X64F32]]
// CHECK-NEXT: pto.tmax ins(%m_init_t_1, %m_j_t : [[ROW_1X64F32]], [[ROW_1X64F32]]) outs(%m_new_t : [[ROW_1X64F32]])
// CHECK-NEXT: %m_init_t_2 = pto.treshape %m_init : [[VEC_64X1F32]] -> [[ROW_1X64F32]]
// CHECK-NEXT: %m_new_t_1 = pto.treshape %m_new : [[VEC_64X1F32]] -> [[ROW_1X64F32]]
// CHECK-NEXT: %m_j_t_1 = pto.treshape %m_j : [[VEC_64X1F32]] -> [[ROW_1X64F32]]
// CHECK-NEXT: pto.tsub ins(%m_init_t_2, %m_new_t_1 : [[ROW_1X64F32]], [[ROW_1X64F32]]) outs(%m_j_t_1 : [[ROW_1X64F32]])
// CHECK-NEXT: %m_j_t_2 = pto.treshape %m_j : [[VEC_64X1F32]] -> [[ROW_1X64F32]]
// CHECK-NEXT: %alpha_t = pto.treshape %alpha : [[VEC_64X1F32]] -> [[ROW_1X64F32]]
// CHECK-NEXT: pto.texp ins(%m_j_t_2 : [[ROW_1X64F32]]) outs(%alpha_t : [[ROW_1X64F32]])
// CHECK-NEXT: pto.trowexpandsub ins(%s_vec, %m_new : [[VEC_64X64F32]], [[VEC_64X1F32]]) outs(%s_vec : [[VEC_64X64F32]])
// CHECK-NEXT: pto.texp ins(%s_vec : [[VEC_64X64F32]]) outs(%s_vec : [[VEC_64X64F32]])
// CHECK-NEXT: pto.tcvt ins(%s_vec {rmode = #pto<round_mode ROUND>} : [[VEC_64X64F32]]) outs(%p16 : [[VEC_64X64F16]])
// CHECK-NEXT: [[PV7:%[0-9]+]] = pto.partition_view [[TV_P]], offsets = [%c0, %j0], sizes = [%c64_index, %c64_index] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<64x64xf16>
// CHECK-NEXT: pto.tstore ins(%p16 : [[VEC_64X64F16]]) outs([[PV7]] : !pto.partition_tensor_view<64x64xf16>)
// CHECK-NEXT: pto.trowsum ins(%s_vec, %tmp : [[VEC_64X64F32]], [[VEC_64X64F32]]) outs(%m_j : [[VEC_64X1F32]])
// CHECK-NEXT: %alpha_t_1 = pto.treshape %alpha : [[VEC_64X1F32]] -> [[ROW_1X64F32]]
// CHECK-NEXT: %l_init_t_1 = pto.treshape %l_init : [[VEC_64X1F32]] -> [[ROW_1X64F32]]
// CHECK-NEXT: %l_scaled_t = pto.treshape %l_scaled : [[VEC_64X1F32]] -> [[ROW_1X64F32]]
// CHECK-NEXT: pto.tmul ins(%alpha_t_1, %l_init_t_1 : [[ROW_1X64F32]], [[ROW_1X64F32]]) outs(%l_scaled_t : [[ROW_1X64F32]])
// CHECK-NEXT: %l_scaled_t_1 = pto.treshape %l_scaled : [[VEC_64X1F32]] -> [[ROW_1X64F32]]
// CHECK-NEXT: %m_j_t_3 = pto.treshape %m_j : [[VEC_64X1F32]] -> [[ROW_1X64F32]]
// CHECK-NEXT: %l_init_t_2 = pto.treshape %l_init : [[VEC_64X1F32]] -> [[ROW_1X64F32]]
// CHECK-NEXT: pto.tadd ins(%l_scaled_t_1, %m_j_t_3 : [[ROW_1X64F32]], [[ROW_1X64F32]]) outs(%l_init_t_2 : [[ROW_1X64F32]])
// CHECK-NEXT: [[PV8:%[0-9]+]] = pto.partition_view [[TV_O_PART]], offsets = [%j0, %c0], sizes = [%c64_index, %c128_index] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<64x128xf32>
// CHECK-NEXT: pto.tload ins([[PV8]] : !pto.partition_tensor_view<64x128xf32>) outs(%pv : [[VEC_64X128F32]])
// CHECK-NEXT: pto.trowexpandmul ins(%o_init, %alpha : [[VEC_64X128F32]], [[VEC_64X1F32]]) outs(%o_scaled : [[VEC_64X128F32]])
// CHECK-NEXT: pto.tadd ins(%o_scaled, %pv : [[VEC_64X128F32]], [[VEC_64X128F32]]) outs(%o_init : [[VEC_64X128F32]])
// CHECK-NEXT: pto.tmov ins(%m_new : [[VEC_64X1F32]]) outs(%m_init : [[VEC_64X1F32]])
// CHECK-NEXT: }
// CHECK-NEXT: pto.trowexpanddiv ins(%o_init, %l_init : [[VEC_64X128F32]], [[VEC_64X1F32]]) outs(%o_init : [[VEC_64X128F32]])
// CHECK-NEXT: [[PV9:%[0-9]+]] = pto.partition_view [[TV_OUT]], offsets = [%c0, %c0], sizes = [%c64_index, %c128_index] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<64x128xf32>
// CHECK-NEXT: pto.tstore ins(%o_init : [[VEC_64X128F32]]) outs([[PV9]] : !pto.partition_tensor_view<64x128xf32>)
// CHECK-NEXT: func.return
// CHECK-NOT: pto.alloc_tile

// RUN: xdsl-opt -p 'pto-plan-memory{backend=a3 verify=true},convert-tile-to-pto' %examples/rmsnorm.mlir | filecheck --match-full-lines %s
// RUN: xdsl-opt -p 'pto-plan-memory{backend=a3 verify=true}' %examples/rmsnorm.mlir | filecheck --check-prefix=PLAN %s

// examples/rmsnorm.mlir: RMSNorm of 32x256 f32 (32768-byte tiles), gamma
// [1, 256] (1024 bytes), the [32, 1] / [1, 32] statistics (128 bytes).
//
// Planned memory (Vec):
//   @mem_vec_0 (addr 0):     x, then normed and result in place. x is last
//                            read by row_expand_mul (which only forbids
//                            aliasing inv_rms), col_expand_mul only forbids
//                            aliasing gamma.
//   @mem_vec_1 (addr 32768): gamma, live to the end.
//   @mem_vec_2 (addr 33792): squared; once row_sum has read it, the 128-byte
//                            mean_t / var_t (adds in place) take its first
//                            bytes.
//   @mem_vec_3 (addr 66560): row_sum's tmp; once dead, inv_rms_t (rsqrt is not
//                            in-place safe, so it cannot sit on var_t's
//                            @mem_vec_2) and its reshape inv_rms.
//   @mem_vec_4 (addr 99328): sq_sum and its reshape view sq_sum_t. row_sum is
//                            not in-place safe, so sq_sum has its own bytes.
// At row_sum, x, gamma, squared, tmp and sq_sum are all live: the high-water
// mark 99328 + 128 = 99456 bytes is the minimum.

// PLAN-LABEL: func.func @rmsnorm(
// PLAN-NEXT: tile.alloc @mem_vec_0 in vec size 32768 addr 0
// PLAN-NEXT: tile.alloc @mem_vec_1 in vec size 1024 addr 32768
// PLAN-NEXT: tile.alloc @mem_vec_2 in vec size 32768 addr 33792
// PLAN-NEXT: tile.alloc @mem_vec_3 in vec size 32768 addr 66560
// PLAN-NEXT: tile.alloc @mem_vec_4 in vec size 128 addr 99328
// PLAN-NOT: tile.alloc
// PLAN: %x = tile.load {{.*}} -> !tile.tile<32x256xf32, vec, memref = <@mem_vec_0, offset = 0, size = 32768>>{{$}}
// PLAN: %g = tile.load {{.*}} -> !tile.tile<1x256xf32, vec, memref = <@mem_vec_1, offset = 0, size = 1024>>{{$}}
// PLAN: %squared = tile.mul {{.*}} -> !tile.tile<32x256xf32, vec, memref = <@mem_vec_2, offset = 0, size = 32768>>{{$}}
// PLAN: %tmp = tile.create : !tile.tile<32x256xf32, vec, memref = <@mem_vec_3, offset = 0, size = 32768>>
// PLAN: %sq_sum = tile.row_sum {{.*}} -> !tile.tile<32x1xf32, vec, memref = <@mem_vec_4, offset = 0, size = 128>>{{$}}
// PLAN: %sq_sum_t = tile.reshape {{.*}} -> !tile.tile<1x32xf32, vec, memref = <@mem_vec_4, offset = 0, size = 128>>{{$}}
// PLAN: %mean_t = tile.muls {{.*}} -> !tile.tile<1x32xf32, vec, memref = <@mem_vec_2, offset = 0, size = 128>>{{$}}
// PLAN: %var_t = tile.adds {{.*}} -> !tile.tile<1x32xf32, vec, memref = <@mem_vec_2, offset = 0, size = 128>>{{$}}
// PLAN: %inv_rms_t = tile.rsqrt {{.*}} -> !tile.tile<1x32xf32, vec, memref = <@mem_vec_3, offset = 0, size = 128>>{{$}}
// PLAN: %inv_rms = tile.reshape {{.*}} -> !tile.tile<32x1xf32, vec, memref = <@mem_vec_3, offset = 0, size = 128>>{{$}}
// PLAN: %normed = tile.row_expand_mul {{.*}} -> !tile.tile<32x256xf32, vec, memref = <@mem_vec_0, offset = 0, size = 32768>>{{$}}
// PLAN: %result = tile.col_expand_mul {{.*}} -> !tile.tile<32x256xf32, vec, memref = <@mem_vec_0, offset = 0, size = 32768>>{{$}}
// PLAN: tile.store %result, %output[%c0, %c0] : !tile.tile<32x256xf32, vec, memref = <@mem_vec_0, offset = 0, size = 32768>>, memref<32x256xf32>

// The PTO kernel: a reshape is a view, so it emits no op, only its own
// alloc_tile at its source's address (sq_sum_t at sq_sum's 99328, inv_rms at
// inv_rms_t's 66560); the scalars pass as f32 operands of tmuls/tadds.
// CHECK-LABEL: func.func @rmsnorm(%input: !pto.ptr<f32>, %gamma: !pto.ptr<f32>, %output: !pto.ptr<f32>) attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
// CHECK-NEXT: %c32_index = arith.constant 32 : index
// CHECK-NEXT: %c256_index = arith.constant 256 : index
// CHECK-NEXT: %c1_index = arith.constant 1 : index
// CHECK-NEXT: %c0_i64 = arith.constant 0 : i64
// CHECK-NEXT: %c32768_i64 = arith.constant 32768 : i64
// CHECK-NEXT: %c33792_i64 = arith.constant 33792 : i64
// CHECK-NEXT: %c66560_i64 = arith.constant 66560 : i64
// CHECK-NEXT: %c99328_i64 = arith.constant 99328 : i64
// CHECK-NEXT: [[TV_INPUT:%[0-9]+]] = pto.make_tensor_view %input, shape = [%c32_index, %c256_index], strides = [%c256_index, %c1_index] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf32>
// CHECK-NEXT: [[TV_GAMMA:%[0-9]+]] = pto.make_tensor_view %gamma, shape = [%c1_index, %c256_index], strides = [%c256_index, %c1_index] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf32>
// CHECK-NEXT: [[TV_OUTPUT:%[0-9]+]] = pto.make_tensor_view %output, shape = [%c32_index, %c256_index], strides = [%c256_index, %c1_index] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf32>
// CHECK-NEXT: %x = pto.alloc_tile addr = %c0_i64 : [[VEC_32X256F32:!pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=256, v_row=32, v_col=256, blayout=row_major, slayout=none_box, fractal=512, pad=0>]]
// CHECK-NEXT: %g = pto.alloc_tile addr = %c32768_i64 : [[VEC_1X256F32:!pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=256, v_row=1, v_col=256, blayout=row_major, slayout=none_box, fractal=512, pad=0>]]
// CHECK-NEXT: %squared = pto.alloc_tile addr = %c33792_i64 : [[VEC_32X256F32]]
// CHECK-NEXT: %tmp = pto.alloc_tile addr = %c66560_i64 : [[VEC_32X256F32]]
// CHECK-NEXT: %sq_sum = pto.alloc_tile addr = %c99328_i64 : [[VEC_32X1F32:!pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=1, v_row=32, v_col=1, blayout=col_major, slayout=none_box, fractal=512, pad=0>]]
// CHECK-NEXT: %sq_sum_t = pto.alloc_tile addr = %c99328_i64 : [[VEC_1X32F32:!pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=32, v_row=1, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>]]
// CHECK-NEXT: %mean_t = pto.alloc_tile addr = %c33792_i64 : [[VEC_1X32F32]]
// CHECK-NEXT: %inv_rms_t = pto.alloc_tile addr = %c66560_i64 : [[VEC_1X32F32]]
// CHECK-NEXT: %inv_rms = pto.alloc_tile addr = %c66560_i64 : [[VEC_32X1F32]]
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %inv_n = arith.constant 3.906250e-03 : f32
// CHECK-NEXT: %eps = arith.constant 1.000000e-06 : f32
// CHECK-NEXT: [[PV0:%[0-9]+]] = pto.partition_view [[TV_INPUT]], offsets = [%c0, %c0], sizes = [%c32_index, %c256_index] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<32x256xf32>
// CHECK-NEXT: pto.tload ins([[PV0]] : !pto.partition_tensor_view<32x256xf32>) outs(%x : [[VEC_32X256F32]])
// CHECK-NEXT: [[PV1:%[0-9]+]] = pto.partition_view [[TV_GAMMA]], offsets = [%c0, %c0], sizes = [%c1_index, %c256_index] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<1x256xf32>
// CHECK-NEXT: pto.tload ins([[PV1]] : !pto.partition_tensor_view<1x256xf32>) outs(%g : [[VEC_1X256F32]])
// CHECK-NEXT: pto.tmul ins(%x, %x : [[VEC_32X256F32]], [[VEC_32X256F32]]) outs(%squared : [[VEC_32X256F32]])
// CHECK-NEXT: pto.trowsum ins(%squared, %tmp : [[VEC_32X256F32]], [[VEC_32X256F32]]) outs(%sq_sum : [[VEC_32X1F32]])
// CHECK-NEXT: pto.tmuls ins(%sq_sum_t, %inv_n : [[VEC_1X32F32]], f32) outs(%mean_t : [[VEC_1X32F32]])
// CHECK-NEXT: pto.tadds ins(%mean_t, %eps : [[VEC_1X32F32]], f32) outs(%mean_t : [[VEC_1X32F32]])
// CHECK-NEXT: pto.trsqrt ins(%mean_t : [[VEC_1X32F32]]) outs(%inv_rms_t : [[VEC_1X32F32]])
// CHECK-NEXT: pto.trowexpandmul ins(%x, %inv_rms : [[VEC_32X256F32]], [[VEC_32X1F32]]) outs(%x : [[VEC_32X256F32]])
// CHECK-NEXT: pto.tcolexpandmul ins(%x, %g : [[VEC_32X256F32]], [[VEC_1X256F32]]) outs(%x : [[VEC_32X256F32]])
// CHECK-NEXT: [[PV2:%[0-9]+]] = pto.partition_view [[TV_OUTPUT]], offsets = [%c0, %c0], sizes = [%c32_index, %c256_index] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<32x256xf32>
// CHECK-NEXT: pto.tstore ins(%x : [[VEC_32X256F32]]) outs([[PV2]] : !pto.partition_tensor_view<32x256xf32>)
// CHECK-NEXT: func.return
// CHECK-NOT: pto.alloc_tile

// RUN: xdsl-opt -p 'pto-plan-memory{backend=a3 verify=true},convert-tile-to-pto' %examples/softmax.mlir | filecheck --match-full-lines %s
// RUN: xdsl-opt -p 'pto-plan-memory{backend=a3 verify=true}' %examples/softmax.mlir | filecheck --check-prefix=PLAN %s

// examples/softmax.mlir: row softmax of 64x128 f32 (32768-byte tiles, 256-byte
// [64, 1] row vectors).
//
// Planned memory (Vec):
//   @mem_vec_0 (addr 0):     x, shifted, exp_shifted, result. x is last read
//                            by row_expand_sub, which only forbids aliasing
//                            its row vector, so shifted is computed in place;
//                            exp and row_expand_div follow in place.
//   @mem_vec_1 (addr 32768): max_tmp, then sum_tmp (max_tmp is dead after
//                            row_max; sum_tmp is created after it).
//   @mem_vec_2 (addr 65536): row_max, then row_sum. row_max/row_sum are not
//                            in-place safe, so they never share x's or the
//                            tmp's buffer; row_max is dead (last read by
//                            row_expand_sub) before row_sum is written.
// At row_sum, exp_shifted, sum_tmp and row_sum are all live, so this is the
// minimum: high-water mark 65536 + 256 = 65792 bytes.

// PLAN-LABEL: func.func @softmax(
// PLAN-NEXT: tile.alloc @mem_vec_0 in vec size 32768 addr 0
// PLAN-NEXT: tile.alloc @mem_vec_1 in vec size 32768 addr 32768
// PLAN-NEXT: tile.alloc @mem_vec_2 in vec size 256 addr 65536
// PLAN-NOT: tile.alloc
// PLAN: %x = tile.load {{.*}} -> !tile.tile<64x128xf32, vec, memref = <@mem_vec_0, offset = 0, size = 32768>>{{$}}
// PLAN: %max_tmp = tile.create : !tile.tile<64x128xf32, vec, memref = <@mem_vec_1, offset = 0, size = 32768>>
// PLAN: %row_max = tile.row_max {{.*}} -> !tile.tile<64x1xf32, vec, memref = <@mem_vec_2, offset = 0, size = 256>>{{$}}
// PLAN: %shifted = tile.row_expand_sub {{.*}} -> !tile.tile<64x128xf32, vec, memref = <@mem_vec_0, offset = 0, size = 32768>>{{$}}
// PLAN: %exp_shifted = tile.exp {{.*}} -> !tile.tile<64x128xf32, vec, memref = <@mem_vec_0, offset = 0, size = 32768>>{{$}}
// PLAN: %sum_tmp = tile.create : !tile.tile<64x128xf32, vec, memref = <@mem_vec_1, offset = 0, size = 32768>>
// PLAN: %row_sum = tile.row_sum {{.*}} -> !tile.tile<64x1xf32, vec, memref = <@mem_vec_2, offset = 0, size = 256>>{{$}}
// PLAN: %result = tile.row_expand_div {{.*}} -> !tile.tile<64x128xf32, vec, memref = <@mem_vec_0, offset = 0, size = 32768>>{{$}}
// PLAN: tile.store %result, %output[%c0, %c0] : !tile.tile<64x128xf32, vec, memref = <@mem_vec_0, offset = 0, size = 32768>>, memref<64x128xf32>

// The PTO kernel: the [64, 1] vectors are col_major tile_bufs.
// CHECK-LABEL: func.func @softmax(%input: !pto.ptr<f32>, %output: !pto.ptr<f32>) attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
// CHECK-NEXT: %c64_index = arith.constant 64 : index
// CHECK-NEXT: %c128_index = arith.constant 128 : index
// CHECK-NEXT: %c1_index = arith.constant 1 : index
// CHECK-NEXT: %c0_i64 = arith.constant 0 : i64
// CHECK-NEXT: %c32768_i64 = arith.constant 32768 : i64
// CHECK-NEXT: %c65536_i64 = arith.constant 65536 : i64
// CHECK-NEXT: [[TV_INPUT:%[0-9]+]] = pto.make_tensor_view %input, shape = [%c64_index, %c128_index], strides = [%c128_index, %c1_index] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf32>
// CHECK-NEXT: [[TV_OUTPUT:%[0-9]+]] = pto.make_tensor_view %output, shape = [%c64_index, %c128_index], strides = [%c128_index, %c1_index] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf32>
// CHECK-NEXT: %x = pto.alloc_tile addr = %c0_i64 : [[VEC_64X128F32:!pto.tile_buf<loc=vec, dtype=f32, rows=64, cols=128, v_row=64, v_col=128, blayout=row_major, slayout=none_box, fractal=512, pad=0>]]
// CHECK-NEXT: %max_tmp = pto.alloc_tile addr = %c32768_i64 : [[VEC_64X128F32]]
// CHECK-NEXT: %row_max = pto.alloc_tile addr = %c65536_i64 : [[VEC_64X1F32:!pto.tile_buf<loc=vec, dtype=f32, rows=64, cols=1, v_row=64, v_col=1, blayout=col_major, slayout=none_box, fractal=512, pad=0>]]
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: [[PV0:%[0-9]+]] = pto.partition_view [[TV_INPUT]], offsets = [%c0, %c0], sizes = [%c64_index, %c128_index] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<64x128xf32>
// CHECK-NEXT: pto.tload ins([[PV0]] : !pto.partition_tensor_view<64x128xf32>) outs(%x : [[VEC_64X128F32]])
// CHECK-NEXT: pto.trowmax ins(%x, %max_tmp : [[VEC_64X128F32]], [[VEC_64X128F32]]) outs(%row_max : [[VEC_64X1F32]])
// CHECK-NEXT: pto.trowexpandsub ins(%x, %row_max : [[VEC_64X128F32]], [[VEC_64X1F32]]) outs(%x : [[VEC_64X128F32]])
// CHECK-NEXT: pto.texp ins(%x : [[VEC_64X128F32]]) outs(%x : [[VEC_64X128F32]])
// CHECK-NEXT: pto.trowsum ins(%x, %max_tmp : [[VEC_64X128F32]], [[VEC_64X128F32]]) outs(%row_max : [[VEC_64X1F32]])
// CHECK-NEXT: pto.trowexpanddiv ins(%x, %row_max : [[VEC_64X128F32]], [[VEC_64X1F32]]) outs(%x : [[VEC_64X128F32]])
// CHECK-NEXT: [[PV1:%[0-9]+]] = pto.partition_view [[TV_OUTPUT]], offsets = [%c0, %c0], sizes = [%c64_index, %c128_index] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<64x128xf32>
// CHECK-NEXT: pto.tstore ins(%x : [[VEC_64X128F32]]) outs([[PV1]] : !pto.partition_tensor_view<64x128xf32>)
// CHECK-NEXT: func.return
// CHECK-NOT: pto.alloc_tile

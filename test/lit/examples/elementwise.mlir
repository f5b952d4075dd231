// RUN: xdsl-opt -p 'pto-plan-memory{backend=a3 verify=true},convert-tile-to-pto' %examples/elementwise.mlir | filecheck --match-full-lines %s
// RUN: xdsl-opt -p 'pto-plan-memory{backend=a3 verify=true}' %examples/elementwise.mlir | filecheck --check-prefix=PLAN %s

// examples/elementwise.mlir: a = load, b = load, c = a + b, d = c * a,
// e = exp(d), f = e + b, store f; six 64x64 f32 tiles of 16384 bytes each.
//
// Planned memory (Vec). At the add, a (read again by the mul), b (read again
// by the last add) and c are live together, so three buffers are the minimum:
//   @mem_vec_0 (addr 0):     a, then d, e, f. a's last read is the mul that
//                            writes d; an elementwise op reads its inputs
//                            before it writes, so d may take a's bytes, and e
//                            and f are computed in place after it.
//   @mem_vec_1 (addr 16384): b, live until the last add.
//   @mem_vec_2 (addr 32768): c, from the first add to the mul.
// No tile.alloc beyond these three; high-water mark 49152 bytes.

// PLAN-LABEL: func.func @elementwise(
// PLAN-NEXT: tile.alloc @mem_vec_0 in vec size 16384 addr 0
// PLAN-NEXT: tile.alloc @mem_vec_1 in vec size 16384 addr 16384
// PLAN-NEXT: tile.alloc @mem_vec_2 in vec size 16384 addr 32768
// PLAN-NOT: tile.alloc
// PLAN: %tile_a = tile.load {{.*}} -> !tile.tile<64x64xf32, vec, memref = <@mem_vec_0, offset = 0, size = 16384>>{{$}}
// PLAN: %tile_b = tile.load {{.*}} -> !tile.tile<64x64xf32, vec, memref = <@mem_vec_1, offset = 0, size = 16384>>{{$}}
// PLAN: %tile_c = tile.add {{.*}} -> !tile.tile<64x64xf32, vec, memref = <@mem_vec_2, offset = 0, size = 16384>>{{$}}
// PLAN: %tile_d = tile.mul {{.*}} -> !tile.tile<64x64xf32, vec, memref = <@mem_vec_0, offset = 0, size = 16384>>{{$}}
// PLAN: %tile_e = tile.exp {{.*}} -> !tile.tile<64x64xf32, vec, memref = <@mem_vec_0, offset = 0, size = 16384>>{{$}}
// PLAN: %tile_f = tile.add {{.*}} -> !tile.tile<64x64xf32, vec, memref = <@mem_vec_0, offset = 0, size = 16384>>{{$}}
// PLAN: tile.store %tile_f, %output[%c0, %c0] : !tile.tile<64x64xf32, vec, memref = <@mem_vec_0, offset = 0, size = 16384>>, memref<64x64xf32>

// The PTO kernel: one alloc_tile per distinct (address, type); d, e and f
// reuse a's handle, so the chain writes %tile_a in place.
// CHECK-LABEL: func.func @elementwise(%input_a: !pto.ptr<f32>, %input_b: !pto.ptr<f32>, %output: !pto.ptr<f32>) attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
// CHECK-NEXT: %c64_index = arith.constant 64 : index
// CHECK-NEXT: %c1_index = arith.constant 1 : index
// CHECK-NEXT: %c0_i64 = arith.constant 0 : i64
// CHECK-NEXT: %c16384_i64 = arith.constant 16384 : i64
// CHECK-NEXT: %c32768_i64 = arith.constant 32768 : i64
// CHECK-NEXT: [[TV_INPUT_A:%[0-9]+]] = pto.make_tensor_view %input_a, shape = [%c64_index, %c64_index], strides = [%c64_index, %c1_index] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf32>
// CHECK-NEXT: [[TV_INPUT_B:%[0-9]+]] = pto.make_tensor_view %input_b, shape = [%c64_index, %c64_index], strides = [%c64_index, %c1_index] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf32>
// CHECK-NEXT: [[TV_OUTPUT:%[0-9]+]] = pto.make_tensor_view %output, shape = [%c64_index, %c64_index], strides = [%c64_index, %c1_index] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf32>
// CHECK-NEXT: %tile_a = pto.alloc_tile addr = %c0_i64 : [[VEC_64X64F32:!pto.tile_buf<loc=vec, dtype=f32, rows=64, cols=64, v_row=64, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>]]
// CHECK-NEXT: %tile_b = pto.alloc_tile addr = %c16384_i64 : [[VEC_64X64F32]]
// CHECK-NEXT: %tile_c = pto.alloc_tile addr = %c32768_i64 : [[VEC_64X64F32]]
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: [[PV0:%[0-9]+]] = pto.partition_view [[TV_INPUT_A]], offsets = [%c0, %c0], sizes = [%c64_index, %c64_index] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<64x64xf32>
// CHECK-NEXT: pto.tload ins([[PV0]] : !pto.partition_tensor_view<64x64xf32>) outs(%tile_a : [[VEC_64X64F32]])
// CHECK-NEXT: [[PV1:%[0-9]+]] = pto.partition_view [[TV_INPUT_B]], offsets = [%c0, %c0], sizes = [%c64_index, %c64_index] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<64x64xf32>
// CHECK-NEXT: pto.tload ins([[PV1]] : !pto.partition_tensor_view<64x64xf32>) outs(%tile_b : [[VEC_64X64F32]])
// CHECK-NEXT: pto.tadd ins(%tile_a, %tile_b : [[VEC_64X64F32]], [[VEC_64X64F32]]) outs(%tile_c : [[VEC_64X64F32]])
// CHECK-NEXT: pto.tmul ins(%tile_c, %tile_a : [[VEC_64X64F32]], [[VEC_64X64F32]]) outs(%tile_a : [[VEC_64X64F32]])
// CHECK-NEXT: pto.texp ins(%tile_a : [[VEC_64X64F32]]) outs(%tile_a : [[VEC_64X64F32]])
// CHECK-NEXT: pto.tadd ins(%tile_a, %tile_b : [[VEC_64X64F32]], [[VEC_64X64F32]]) outs(%tile_a : [[VEC_64X64F32]])
// CHECK-NEXT: [[PV2:%[0-9]+]] = pto.partition_view [[TV_OUTPUT]], offsets = [%c0, %c0], sizes = [%c64_index, %c64_index] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<64x64xf32>
// CHECK-NEXT: pto.tstore ins(%tile_a : [[VEC_64X64F32]]) outs([[PV2]] : !pto.partition_tensor_view<64x64xf32>)
// CHECK-NEXT: func.return
// CHECK-NOT: pto.alloc_tile

// RUN: xdsl-opt -p 'pto-plan-memory{backend=a3 verify=true},convert-tile-to-pto' %examples/matmul_k.mlir | filecheck --match-full-lines %s
// RUN: xdsl-opt -p 'pto-plan-memory{backend=a3 verify=true}' %examples/matmul_k.mlir | filecheck --check-prefix=PLAN %s

// examples/matmul_k.mlir: C[128,128] f32 = A[128,512] f16 x B[512,128] f16,
// 4-step K loop carrying the Acc accumulator.
//
// Planned memory, one buffer per tile (each space is its own address space,
// so several start at 0):
//   Acc   @mem_acc_0   (addr 0, 65536):     acc0, the iter_arg %acc, the
//         matmul_acc result, the loop result: matmul_acc is in place on its
//         accumulator and init-memref puts the carry on the init's MemRef, so
//         no carry move is left (an Acc->Acc copy does not exist).
//   Mat   @mem_mat_1   (addr 0, 32768):     the A slab.
//   Mat   @mem_mat_2   (addr 32768, 32768): the B slab; both slabs are live
//         until their tile.move, so they cannot share.
//   Left  @mem_left_3  (addr 0, 32768):     A in L0A.
//   Right @mem_right_4 (addr 0, 32768):     B in L0B.

// PLAN-LABEL: func.func @matmul_k(
// PLAN-NEXT: tile.alloc @mem_acc_0 in acc size 65536 addr 0
// PLAN-NEXT: tile.alloc @mem_mat_1 in mat size 32768 addr 0
// PLAN-NEXT: tile.alloc @mem_mat_2 in mat size 32768 addr 32768
// PLAN-NEXT: tile.alloc @mem_left_3 in left size 32768 addr 0
// PLAN-NEXT: tile.alloc @mem_right_4 in right size 32768 addr 0
// PLAN-NOT: tile.alloc
// PLAN: %acc0 = tile.create : !tile.tile<128x128xf32, acc, memref = <@mem_acc_0, offset = 0, size = 65536>>
// PLAN: %acc_out = scf.for %k = %c0 to %c4 step %c1 iter_args(%acc = %acc0) -> (!tile.tile<128x128xf32, acc, memref = <@mem_acc_0, offset = 0, size = 65536>>) {
// PLAN: %a_l1 = tile.load {{.*}} -> !tile.tile<128x128xf16, mat, memref = <@mem_mat_1, offset = 0, size = 32768>>{{$}}
// PLAN: %b_l1 = tile.load {{.*}} -> !tile.tile<128x128xf16, mat, memref = <@mem_mat_2, offset = 0, size = 32768>>{{$}}
// PLAN: %a_l0 = tile.move {{.*}} -> !tile.tile<128x128xf16, left, memref = <@mem_left_3, offset = 0, size = 32768>>{{$}}
// PLAN: %b_l0 = tile.move {{.*}} -> !tile.tile<128x128xf16, right, memref = <@mem_right_4, offset = 0, size = 32768>>{{$}}
// PLAN: %acc_next = tile.matmul_acc {{.*}} -> !tile.tile<128x128xf32, acc, memref = <@mem_acc_0, offset = 0, size = 65536>>{{$}}
// PLAN-NOT: carry
// PLAN: scf.yield %acc_next : !tile.tile<128x128xf32, acc, memref = <@mem_acc_0, offset = 0, size = 65536>>
// PLAN: tile.store %acc_out, %c[%c0, %c0] : !tile.tile<128x128xf32, acc, memref = <@mem_acc_0, offset = 0, size = 65536>>, memref<128x128xf32>

// The PTO kernel: the runtime init_cond (k == 0) becomes an scf.if choosing
// tmatmul (fresh accumulation) or tmatmul.acc (accumulate), both writing
// %acc0 in place; the loop carries no tile any more.
// CHECK-LABEL: func.func @matmul_k(%a: !pto.ptr<f16>, %b: !pto.ptr<f16>, %c: !pto.ptr<f32>) attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
// CHECK-NEXT: %c128_index = arith.constant 128 : index
// CHECK-NEXT: %c512_index = arith.constant 512 : index
// CHECK-NEXT: %c1_index = arith.constant 1 : index
// CHECK-NEXT: %c0_i64 = arith.constant 0 : i64
// CHECK-NEXT: %c32768_i64 = arith.constant 32768 : i64
// CHECK-NEXT: [[TV_A:%[0-9]+]] = pto.make_tensor_view %a, shape = [%c128_index, %c512_index], strides = [%c512_index, %c1_index] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
// CHECK-NEXT: [[TV_B:%[0-9]+]] = pto.make_tensor_view %b, shape = [%c512_index, %c128_index], strides = [%c128_index, %c1_index] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
// CHECK-NEXT: [[TV_C:%[0-9]+]] = pto.make_tensor_view %c, shape = [%c128_index, %c128_index], strides = [%c128_index, %c1_index] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf32>
// CHECK-NEXT: %acc0 = pto.alloc_tile addr = %c0_i64 : [[ACC_128X128F32:!pto.tile_buf<loc=acc, dtype=f32, rows=128, cols=128, v_row=128, v_col=128, blayout=col_major, slayout=row_major, fractal=1024, pad=0>]]
// CHECK-NEXT: %a_l1 = pto.alloc_tile addr = %c0_i64 : [[MAT_128X128F16:!pto.tile_buf<loc=mat, dtype=f16, rows=128, cols=128, v_row=128, v_col=128, blayout=col_major, slayout=row_major, fractal=512, pad=0>]]
// CHECK-NEXT: %b_l1 = pto.alloc_tile addr = %c32768_i64 : [[MAT_128X128F16]]
// CHECK-NEXT: %a_l0 = pto.alloc_tile addr = %c0_i64 : [[LEFT_128X128F16:!pto.tile_buf<loc=left, dtype=f16, rows=128, cols=128, v_row=128, v_col=128, blayout=row_major, slayout=row_major, fractal=512, pad=0>]]
// CHECK-NEXT: %b_l0 = pto.alloc_tile addr = %c0_i64 : [[RIGHT_128X128F16:!pto.tile_buf<loc=right, dtype=f16, rows=128, cols=128, v_row=128, v_col=128, blayout=row_major, slayout=col_major, fractal=512, pad=0>]]
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %c4 = arith.constant 4 : index
// CHECK-NEXT: %c128 = arith.constant 128 : index
// CHECK-NEXT: scf.for %k = %c0 to %c4 step %c1 {
// CHECK-NEXT: %k0 = arith.muli %k, %c128 : index
// CHECK-NEXT: [[PV0:%[0-9]+]] = pto.partition_view [[TV_A]], offsets = [%c0, %k0], sizes = [%c128_index, %c128_index] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<128x128xf16>
// CHECK-NEXT: pto.tload ins([[PV0]] : !pto.partition_tensor_view<128x128xf16>) outs(%a_l1 : [[MAT_128X128F16]])
// CHECK-NEXT: [[PV1:%[0-9]+]] = pto.partition_view [[TV_B]], offsets = [%k0, %c0], sizes = [%c128_index, %c128_index] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<128x128xf16>
// CHECK-NEXT: pto.tload ins([[PV1]] : !pto.partition_tensor_view<128x128xf16>) outs(%b_l1 : [[MAT_128X128F16]])
// CHECK-NEXT: pto.tmov ins(%a_l1 : [[MAT_128X128F16]]) outs(%a_l0 : [[LEFT_128X128F16]])
// CHECK-NEXT: pto.tmov ins(%b_l1 : [[MAT_128X128F16]]) outs(%b_l0 : [[RIGHT_128X128F16]])
// CHECK-NEXT: %first = arith.cmpi eq, %k, %c0 : index
// CHECK-NEXT: scf.if %first {
// CHECK-NEXT: pto.tmatmul ins(%a_l0, %b_l0 : [[LEFT_128X128F16]], [[RIGHT_128X128F16]]) outs(%acc0 : [[ACC_128X128F32]])
// CHECK-NEXT: } else {
// CHECK-NEXT: pto.tmatmul.acc ins(%acc0, %a_l0, %b_l0 : [[ACC_128X128F32]], [[LEFT_128X128F16]], [[RIGHT_128X128F16]]) outs(%acc0 : [[ACC_128X128F32]])
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: [[PV2:%[0-9]+]] = pto.partition_view [[TV_C]], offsets = [%c0, %c0], sizes = [%c128_index, %c128_index] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<128x128xf32>
// CHECK-NEXT: pto.tstore ins(%acc0 : [[ACC_128X128F32]]) outs([[PV2]] : !pto.partition_tensor_view<128x128xf32>)
// CHECK-NEXT: func.return
// CHECK-NOT: pto.alloc_tile

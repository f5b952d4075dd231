// RUN: xdsl-pto run %s --backend a3 --seed 5 | filecheck %s --check-prefix=EXEC
// RUN: xdsl-opt -p 'pto-plan-memory{backend=a3},convert-tile-to-pto' %s | filecheck %s --check-prefix=PTO
// RUN: xdsl-opt -p 'pto-plan-memory{backend=a3 planner=ptoas},convert-tile-to-pto' %s | filecheck %s --check-prefix=PTOAS

// The per-batch unrolling of a rank-4 batched matmul with broadcast batch
// dims (lowering/batch_unroll.py): lhs [2, 1, 16, 32] and rhs [3, 32, 16]
// broadcast to the batch shape [2, 3]; result slab k = (i, j) row-major is
// lhs slab i times rhs slab j. The lhs is loaded at a runtime offset %i of
// its tensor's first axis: its slab 1 at %i + 1 (an arith.addi); the rhs's
// slabs at the constant offsets 0, 1, 2. Slab bytes: lhs 1024 (16 x 32 f16),
// rhs 1024, acc 1024 (16 x 16 f32): six Acc handles 1024 apart.

// EXEC: batch-matmul-broadcast.mlir: logical and physical runs agree (seed 5)

// PTO-LABEL: func.func @bmm4
// PTO:       %acc_b0 = pto.alloc_tile addr = %c0_i64 : !pto.tile_buf<loc=acc, dtype=f32, rows=16, cols=16
// PTO-NEXT:  %acc_b1 = pto.alloc_tile addr = %c1024_i64 : !pto.tile_buf<loc=acc
// PTO-NEXT:  %acc_b2 = pto.alloc_tile addr = %c2048_i64 : !pto.tile_buf<loc=acc
// PTO-NEXT:  %acc_b3 = pto.alloc_tile addr = %c3072_i64 : !pto.tile_buf<loc=acc
// PTO-NEXT:  %acc_b4 = pto.alloc_tile addr = %c4096_i64 : !pto.tile_buf<loc=acc
// PTO-NEXT:  %acc_b5 = pto.alloc_tile addr = %c5120_i64 : !pto.tile_buf<loc=acc
// PTO:       pto.partition_view %0, offsets = [%i, %c0, %c0, %c0], sizes = [%c1_index, %c1_index, %c16_index, %c32_index] : !pto.tensor_view<?x?x?x?xf16> -> !pto.partition_tensor_view<1x1x16x32xf16>
// PTO:       [[I1:%[0-9]+]] = arith.addi %i, %c1_index : index
// PTO-NEXT:  pto.partition_view %0, offsets = [[[I1]], %c0, %c0, %c0], sizes = [%c1_index, %c1_index, %c16_index, %c32_index] : !pto.tensor_view<?x?x?x?xf16> -> !pto.partition_tensor_view<1x1x16x32xf16>
// PTO:       pto.partition_view %1, offsets = [%c0, %c0, %c0], sizes = [%c1_index, %c32_index, %c16_index]
// PTO:       pto.partition_view %1, offsets = [%c1_index, %c0, %c0], sizes = [%c1_index, %c32_index, %c16_index]
// PTO:       pto.partition_view %1, offsets = [%c2_index, %c0, %c0], sizes = [%c1_index, %c32_index, %c16_index]
// PTO:       pto.tmatmul ins(%l_b0, %r_b0 : {{.*}}) outs(%acc_b0 :
// PTO-NEXT:  pto.tmatmul ins(%l_b0, %r_b1 : {{.*}}) outs(%acc_b1 :
// PTO-NEXT:  pto.tmatmul ins(%l_b0, %r_b2 : {{.*}}) outs(%acc_b2 :
// PTO-NEXT:  pto.tmatmul ins(%l_b1, %r_b0 : {{.*}}) outs(%acc_b3 :
// PTO-NEXT:  pto.tmatmul ins(%l_b1, %r_b1 : {{.*}}) outs(%acc_b4 :
// PTO-NEXT:  pto.tmatmul ins(%l_b1, %r_b2 : {{.*}}) outs(%acc_b5 :
// PTO:       pto.partition_view %2, offsets = [%c0, %c0, %c0, %c0], sizes = [%c1_index, %c1_index, %c16_index, %c16_index]
// PTO:       pto.partition_view %2, offsets = [%c0, %c1_index, %c0, %c0], sizes = [%c1_index, %c1_index, %c16_index, %c16_index]
// PTO:       pto.partition_view %2, offsets = [%c0, %c2_index, %c0, %c0], sizes = [%c1_index, %c1_index, %c16_index, %c16_index]
// PTO:       pto.partition_view %2, offsets = [%c1_index, %c0, %c0, %c0], sizes = [%c1_index, %c1_index, %c16_index, %c16_index]
// PTO:       pto.partition_view %2, offsets = [%c1_index, %c1_index, %c0, %c0], sizes = [%c1_index, %c1_index, %c16_index, %c16_index]
// PTO:       pto.partition_view %2, offsets = [%c1_index, %c2_index, %c0, %c0], sizes = [%c1_index, %c1_index, %c16_index, %c16_index]

// PTOAS-LABEL: func.func @bmm4
// PTOAS-COUNT-6: %acc_b{{[0-5]}} = pto.alloc_tile : !pto.tile_buf<loc=acc, dtype=f32, rows=16, cols=16
func.func @bmm4(%a: memref<3x1x16x32xf16>, %b: memref<3x32x16xf16>, %c: memref<2x3x16x16xf32>, %i: index) {
  %c0 = arith.constant 0 : index
  %am = tile.load %a[%i, %c0, %c0, %c0] : memref<3x1x16x32xf16> -> !tile.tile<2x1x16x32xf16, mat>
  %bm = tile.load %b[%c0, %c0, %c0] : memref<3x32x16xf16> -> !tile.tile<3x32x16xf16, mat>
  %l = tile.move %am : (!tile.tile<2x1x16x32xf16, mat>) -> !tile.tile<2x1x16x32xf16, left>
  %r = tile.move %bm : (!tile.tile<3x32x16xf16, mat>) -> !tile.tile<3x32x16xf16, right>
  %acc = tile.batch_matmul %l, %r : (!tile.tile<2x1x16x32xf16, left>, !tile.tile<3x32x16xf16, right>) -> !tile.tile<2x3x16x16xf32, acc>
  tile.store %acc, %c[%c0, %c0, %c0, %c0] : !tile.tile<2x3x16x16xf32, acc>, memref<2x3x16x16xf32>
  func.return
}

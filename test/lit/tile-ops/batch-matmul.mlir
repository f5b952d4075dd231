// RUN: xdsl-opt %s | xdsl-opt | filecheck %s --check-prefix=RT
// RUN: xdsl-opt -p 'pto-plan-memory{backend=a3}' %s | filecheck %s --check-prefix=PLAN
// RUN: xdsl-pto run %s --backend a3 --seed 3 | filecheck %s --check-prefix=EXEC
// RUN: not xdsl-opt -p 'pto-plan-memory{backend=a3},convert-tile-to-pto' %s 2>&1 | filecheck %s --check-prefix=LOWER

// The batched matmuls of issue 23 (tile-op-semantics.md section 8): Left
// [..., M, K] times Right [..., K, N], the batch dimensions broadcast (a
// 2-D rhs serves every batch), into Acc [batch..., M, N]; batch_matmul_acc
// adds in place. Rank-3 tiles are planned by their bytes (2 x 32 x 32 f16 =
// 4096) and run; loads, moves, stores and creates take them too. The PTO
// lowering (the reference's per-batch unrolling, FlattenTileNdTo2D) is not
// done: convert-tile-to-pto refuses the first rank-3 tile.

// RT-LABEL: func.func @bmm
// RT:       %acc0 = tile.batch_matmul %l, %r : (!tile.tile<2x32x32xf16, left>, !tile.tile<32x32xf16, right>) -> !tile.tile<2x32x32xf32, acc>
// RT-NEXT:  %acc1 = tile.batch_matmul_acc %acc0, %l, %r : (!tile.tile<2x32x32xf32, acc>, !tile.tile<2x32x32xf16, left>, !tile.tile<32x32xf16, right>) -> !tile.tile<2x32x32xf32, acc>

// PLAN-LABEL: func.func @bmm
// PLAN:  tile.alloc @mem_mat_0 in mat size 4096 addr 0{{$}}
// PLAN:  tile.alloc @mem_mat_1 in mat size 2048 addr 4096{{$}}
// PLAN:  tile.alloc @mem_left_2 in left size 4096 addr 0{{$}}
// PLAN:  tile.alloc @mem_right_3 in right size 2048 addr 0{{$}}
// PLAN:  tile.alloc @mem_acc_4 in acc size 8192 addr 0{{$}}
// PLAN:  %acc0 = tile.batch_matmul %l, %r : (!tile.tile<2x32x32xf16, left, memref = <@mem_left_2, offset = 0, size = 4096>>, !tile.tile<32x32xf16, right, memref = <@mem_right_3, offset = 0, size = 2048>>) -> !tile.tile<2x32x32xf32, acc, memref = <@mem_acc_4, offset = 0, size = 8192>>{{$}}
// PLAN:  %acc1 = tile.batch_matmul_acc %acc0, %l, %r : (!tile.tile<2x32x32xf32, acc, memref = <@mem_acc_4, offset = 0, size = 8192>>, !tile.tile<2x32x32xf16, left, memref = <@mem_left_2, offset = 0, size = 4096>>, !tile.tile<32x32xf16, right, memref = <@mem_right_3, offset = 0, size = 2048>>) -> !tile.tile<2x32x32xf32, acc, memref = <@mem_acc_4, offset = 0, size = 8192>>{{$}}

// EXEC: batch-matmul.mlir: logical and physical runs agree (seed 3)

// LOWER: batch-matmul.mlir:[[# @LINE + 3]]:9: error: convert-tile-to-pto: %am is a rank-3 tile, which has no !pto.tile_buf: the per-batch unrolling into 2-D matmuls (the reference's FlattenTileNdTo2D) is not done yet; loop over the batch with 2-D tiles and tile.matmul
func.func @bmm(%a: memref<2x32x32xf16>, %b: memref<32x32xf16>, %c: memref<2x32x32xf32>) {
  %c0 = arith.constant 0 : index
  %am = tile.load %a[%c0, %c0, %c0] : memref<2x32x32xf16> -> !tile.tile<2x32x32xf16, mat>
  %bm = tile.load %b[%c0, %c0] : memref<32x32xf16> -> !tile.tile<32x32xf16, mat>
  %l = tile.move %am : (!tile.tile<2x32x32xf16, mat>) -> !tile.tile<2x32x32xf16, left>
  %r = tile.move %bm : (!tile.tile<32x32xf16, mat>) -> !tile.tile<32x32xf16, right>
  %acc0 = tile.batch_matmul %l, %r : (!tile.tile<2x32x32xf16, left>, !tile.tile<32x32xf16, right>) -> !tile.tile<2x32x32xf32, acc>
  %acc1 = tile.batch_matmul_acc %acc0, %l, %r : (!tile.tile<2x32x32xf32, acc>, !tile.tile<2x32x32xf16, left>, !tile.tile<32x32xf16, right>) -> !tile.tile<2x32x32xf32, acc>
  tile.store %acc1, %c[%c0, %c0, %c0] : !tile.tile<2x32x32xf32, acc>, memref<2x32x32xf32>
  func.return
}

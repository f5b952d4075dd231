// RUN: xdsl-opt %s | xdsl-opt | filecheck %s --check-prefix=RT
// RUN: xdsl-opt -p 'pto-plan-memory{backend=a3}' %s | filecheck %s --check-prefix=PLAN
// RUN: xdsl-pto run %s --backend a3 --seed 3 | filecheck %s --check-prefix=EXEC
// RUN: xdsl-opt -p 'pto-plan-memory{backend=a3},convert-tile-to-pto' %s | filecheck %s --check-prefix=PTO
// RUN: xdsl-opt -p 'pto-plan-memory{backend=a5 planner=ptoas},convert-tile-to-pto' %s | filecheck %s --check-prefix=A5

// The batched matmuls of issue 23 (tile-op-semantics.md section 8): Left
// [..., M, K] times Right [..., K, N], the batch dimensions broadcast (a
// 2-D rhs serves every batch), into Acc [batch..., M, N]; batch_matmul_acc
// adds in place. Rank-3 tiles are planned by their bytes (2 x 32 x 32 f16 =
// 4096) and run; loads, moves, stores and creates take them too. The PTO
// lowering unrolls them per batch (the reference's FlattenTileNdTo2D,
// lowering/batch_unroll.py): a rank-3 tile is its 2-D slabs, batch-major,
// slab k at the tile's address + k x its bytes (Left slab 1 at 2048, Acc
// slab 1 at 4096); a load or store per slab with the batch axis' GM offset
// advanced; tile.batch_matmul a tmatmul per batch (the 2-D rhs serves
// both); tile.batch_matmul_acc a tmatmul.acc per batch, in place.

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

// PTO-LABEL: func.func @bmm
// PTO:       %am_b0 = pto.alloc_tile addr = %c0_i64 : !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>
// PTO-NEXT:  %am_b1 = pto.alloc_tile addr = %c2048_i64 : !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>
// PTO-NEXT:  %bm = pto.alloc_tile addr = %c4096_i64 : !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>
// PTO-NEXT:  %l_b0 = pto.alloc_tile addr = %c0_i64 : !pto.tile_buf<loc=left, dtype=f16, rows=32, cols=32, v_row=32, v_col=32, blayout=row_major, slayout=row_major, fractal=512, pad=0>
// PTO-NEXT:  %l_b1 = pto.alloc_tile addr = %c2048_i64 : !pto.tile_buf<loc=left, dtype=f16, rows=32, cols=32, v_row=32, v_col=32, blayout=row_major, slayout=row_major, fractal=512, pad=0>
// PTO-NEXT:  %r = pto.alloc_tile addr = %c0_i64 : !pto.tile_buf<loc=right, dtype=f16, rows=32, cols=32, v_row=32, v_col=32, blayout=row_major, slayout=col_major, fractal=512, pad=0>
// PTO-NEXT:  %acc0_b0 = pto.alloc_tile addr = %c0_i64 : !pto.tile_buf<loc=acc, dtype=f32, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=1024, pad=0>
// PTO-NEXT:  %acc0_b1 = pto.alloc_tile addr = %c4096_i64 : !pto.tile_buf<loc=acc, dtype=f32, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=1024, pad=0>
// PTO-NEXT:  %c0 = arith.constant 0 : index
// PTO-NEXT:  [[A0:%[0-9]+]] = pto.partition_view %0, offsets = [%c0, %c0, %c0], sizes = [%c1_index, %c32_index, %c32_index] : !pto.tensor_view<?x?x?xf16> -> !pto.partition_tensor_view<1x32x32xf16>
// PTO-NEXT:  pto.tload ins([[A0]] : !pto.partition_tensor_view<1x32x32xf16>) outs(%am_b0 : !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>)
// PTO-NEXT:  [[A1:%[0-9]+]] = pto.partition_view %0, offsets = [%c1_index, %c0, %c0], sizes = [%c1_index, %c32_index, %c32_index] : !pto.tensor_view<?x?x?xf16> -> !pto.partition_tensor_view<1x32x32xf16>
// PTO-NEXT:  pto.tload ins([[A1]] : !pto.partition_tensor_view<1x32x32xf16>) outs(%am_b1 : !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>)
// PTO:       pto.tmov ins(%am_b0 : !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>) outs(%l_b0 : !pto.tile_buf<loc=left, dtype=f16, rows=32, cols=32, v_row=32, v_col=32, blayout=row_major, slayout=row_major, fractal=512, pad=0>)
// PTO-NEXT:  pto.tmov ins(%am_b1 : !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>) outs(%l_b1 : !pto.tile_buf<loc=left, dtype=f16, rows=32, cols=32, v_row=32, v_col=32, blayout=row_major, slayout=row_major, fractal=512, pad=0>)
// PTO-NEXT:  pto.tmov ins(%bm : !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>) outs(%r : !pto.tile_buf<loc=right, dtype=f16, rows=32, cols=32, v_row=32, v_col=32, blayout=row_major, slayout=col_major, fractal=512, pad=0>)
// PTO-NEXT:  pto.tmatmul ins(%l_b0, %r : !pto.tile_buf<loc=left, dtype=f16, rows=32, cols=32, v_row=32, v_col=32, blayout=row_major, slayout=row_major, fractal=512, pad=0>, !pto.tile_buf<loc=right, dtype=f16, rows=32, cols=32, v_row=32, v_col=32, blayout=row_major, slayout=col_major, fractal=512, pad=0>) outs(%acc0_b0 : !pto.tile_buf<loc=acc, dtype=f32, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=1024, pad=0>)
// PTO-NEXT:  pto.tmatmul ins(%l_b1, %r : !pto.tile_buf<loc=left, dtype=f16, rows=32, cols=32, v_row=32, v_col=32, blayout=row_major, slayout=row_major, fractal=512, pad=0>, !pto.tile_buf<loc=right, dtype=f16, rows=32, cols=32, v_row=32, v_col=32, blayout=row_major, slayout=col_major, fractal=512, pad=0>) outs(%acc0_b1 : !pto.tile_buf<loc=acc, dtype=f32, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=1024, pad=0>)
// PTO-NEXT:  pto.tmatmul.acc ins(%acc0_b0, %l_b0, %r : !pto.tile_buf<loc=acc, dtype=f32, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=1024, pad=0>, !pto.tile_buf<loc=left, dtype=f16, rows=32, cols=32, v_row=32, v_col=32, blayout=row_major, slayout=row_major, fractal=512, pad=0>, !pto.tile_buf<loc=right, dtype=f16, rows=32, cols=32, v_row=32, v_col=32, blayout=row_major, slayout=col_major, fractal=512, pad=0>) outs(%acc0_b0 : !pto.tile_buf<loc=acc, dtype=f32, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=1024, pad=0>)
// PTO-NEXT:  pto.tmatmul.acc ins(%acc0_b1, %l_b1, %r : !pto.tile_buf<loc=acc, dtype=f32, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=1024, pad=0>, !pto.tile_buf<loc=left, dtype=f16, rows=32, cols=32, v_row=32, v_col=32, blayout=row_major, slayout=row_major, fractal=512, pad=0>, !pto.tile_buf<loc=right, dtype=f16, rows=32, cols=32, v_row=32, v_col=32, blayout=row_major, slayout=col_major, fractal=512, pad=0>) outs(%acc0_b1 : !pto.tile_buf<loc=acc, dtype=f32, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=1024, pad=0>)
// PTO-NEXT:  [[C0:%[0-9]+]] = pto.partition_view %2, offsets = [%c0, %c0, %c0], sizes = [%c1_index, %c32_index, %c32_index] : !pto.tensor_view<?x?x?xf32> -> !pto.partition_tensor_view<1x32x32xf32>
// PTO-NEXT:  pto.tstore ins(%acc0_b0 : !pto.tile_buf<loc=acc, dtype=f32, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=1024, pad=0>) outs([[C0]] : !pto.partition_tensor_view<1x32x32xf32>)
// PTO-NEXT:  [[C1:%[0-9]+]] = pto.partition_view %2, offsets = [%c1_index, %c0, %c0], sizes = [%c1_index, %c32_index, %c32_index] : !pto.tensor_view<?x?x?xf32> -> !pto.partition_tensor_view<1x32x32xf32>
// PTO-NEXT:  pto.tstore ins(%acc0_b1 : !pto.tile_buf<loc=acc, dtype=f32, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=1024, pad=0>) outs([[C1]] : !pto.partition_tensor_view<1x32x32xf32>)
// PTO-NEXT:  func.return

// Under planner=ptoas (a5) each slab is an alloc_tile of its own, without
// addr (ptoas places them); the same unrolled ops.
// A5-LABEL: func.func @bmm
// A5-NOT:     addr =
// A5-COUNT-2: pto.tmatmul ins(%l_b{{[01]}}, %r :
// A5-COUNT-2: pto.tmatmul.acc ins(%acc0_b{{[01]}}, %l_b{{[01]}}, %r :
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

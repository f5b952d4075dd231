// RUN: xdsl-opt -p 'lower-pipeline-loops,pto-plan-memory{backend=a3 verify=true},convert-tile-to-pto' %examples/rmsnorm_pipeline.mlir 2>/dev/null | filecheck --match-full-lines %s
// RUN: xdsl-opt -p 'lower-pipeline-loops,pto-plan-memory{backend=a3 verify=true}' %examples/rmsnorm_pipeline.mlir 2>/dev/null | filecheck --check-prefix=PLAN %s
// RUN: xdsl-opt -p 'lower-pipeline-loops,pto-plan-memory{backend=a3}' %examples/rmsnorm_pipeline.mlir 2>&1 >/dev/null | filecheck --check-prefix=REMARK %s
// RUN: xdsl-pto run %examples/rmsnorm_pipeline.mlir --pipeline 'lower-pipeline-loops,pto-plan-memory{backend=a3}' 2>/dev/null | filecheck --check-prefix=EXEC %s

// examples/rmsnorm_pipeline.mlir: a stage=4 pipeline over 16 row blocks.
// lower-pipeline-loops makes a main loop of 4 iterations (step 4) holding 4
// clones of the body. One stage needs x, squared and the row_sum scratch (3 x
// 16384 bytes) plus a 64-byte row vector: 49216 bytes. Vec (188416 bytes on
// A2/A3) affords 3 stages, so clones 0, 1, 2 get buffers of their own and
// clone 3 reuses clone 0's (residue 3 mod 3 = 0); gamma (1024 bytes) is
// loaded once before the loop. High-water mark 148672 bytes.
//
// REMARK: rmsnorm_pipeline.mlir:31:10: remark: PH-MR-001: pipeline group 0 gets 3 of the 4 requested stage buffers in vec (one stage needs 49216 bytes, vec holds 188416); shrink one stage's tiles to at most 47104 bytes, or lower stage= to 3
// EXEC: rmsnorm_pipeline.mlir: logical and physical runs agree (seed 0)
//
// PLAN:      tile.alloc @mem_vec_0 in vec size 1024 addr 0
// PLAN-NEXT: tile.alloc @mem_vec_1 in vec size 16384 addr 1024
// PLAN-NEXT: tile.alloc @mem_vec_2 in vec size 16384 addr 17408
// PLAN-NEXT: tile.alloc @mem_vec_3 in vec size 16384 addr 33792
// PLAN-NEXT: tile.alloc @mem_vec_4 in vec size 64 addr 50176
// PLAN-NEXT: tile.alloc @mem_vec_10 in vec size 16384 addr 50240
// PLAN-NEXT: tile.alloc @mem_vec_11 in vec size 16384 addr 66624
// PLAN-NEXT: tile.alloc @mem_vec_12 in vec size 16384 addr 83008
// PLAN-NEXT: tile.alloc @mem_vec_13 in vec size 64 addr 99392
// PLAN-NEXT: tile.alloc @mem_vec_19 in vec size 16384 addr 99456
// PLAN-NEXT: tile.alloc @mem_vec_20 in vec size 16384 addr 115840
// PLAN-NEXT: tile.alloc @mem_vec_21 in vec size 16384 addr 132224
// PLAN-NEXT: tile.alloc @mem_vec_22 in vec size 64 addr 148608
// PLAN-NOT:  tile.alloc
// PLAN:      scf.for %i = %c0 to %c16_1 step %c4 {
// PLAN:      %x = tile.load {{.*}} memref = <@mem_vec_1, offset = 0, size = 16384>>
// PLAN:      %x_1 = tile.load {{.*}} memref = <@mem_vec_10, offset = 0, size = 16384>>
// PLAN:      %x_2 = tile.load {{.*}} memref = <@mem_vec_19, offset = 0, size = 16384>>
// PLAN:      %x_3 = tile.load {{.*}} memref = <@mem_vec_1, offset = 0, size = 16384>>
// PLAN:      } {tile.pipeline_stages = 1 : i64}
// PLAN-NOT:  pipeline_membership
//
// The PTO text, every line (no tile.* attribute reaches ptoas):
// CHECK:      builtin.module attributes {pto.target_arch = "a3"} {
// CHECK-NEXT:   func.func @rmsnorm_pipeline(%input: !pto.ptr<f32>, %gamma: !pto.ptr<f32>, %output: !pto.ptr<f32>) attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
// CHECK-NEXT:     %c256_index = arith.constant 256 : index
// CHECK-NEXT:     %c1_index = arith.constant 1 : index
// CHECK-NEXT:     %c0_i64 = arith.constant 0 : i64
// CHECK-NEXT:     %c1024_i64 = arith.constant 1024 : i64
// CHECK-NEXT:     %c17408_i64 = arith.constant 17408 : i64
// CHECK-NEXT:     %c33792_i64 = arith.constant 33792 : i64
// CHECK-NEXT:     %c50176_i64 = arith.constant 50176 : i64
// CHECK-NEXT:     %c50240_i64 = arith.constant 50240 : i64
// CHECK-NEXT:     %c66624_i64 = arith.constant 66624 : i64
// CHECK-NEXT:     %c83008_i64 = arith.constant 83008 : i64
// CHECK-NEXT:     %c99392_i64 = arith.constant 99392 : i64
// CHECK-NEXT:     %c99456_i64 = arith.constant 99456 : i64
// CHECK-NEXT:     %c115840_i64 = arith.constant 115840 : i64
// CHECK-NEXT:     %c132224_i64 = arith.constant 132224 : i64
// CHECK-NEXT:     %c148608_i64 = arith.constant 148608 : i64
// CHECK-NEXT:     %c16_index = arith.constant 16 : index
// CHECK-NEXT:     %0 = pto.make_tensor_view %input, shape = [%c256_index, %c256_index], strides = [%c256_index, %c1_index] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf32>
// CHECK-NEXT:     %1 = pto.make_tensor_view %gamma, shape = [%c1_index, %c256_index], strides = [%c256_index, %c1_index] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf32>
// CHECK-NEXT:     %2 = pto.make_tensor_view %output, shape = [%c256_index, %c256_index], strides = [%c256_index, %c1_index] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf32>
// CHECK-NEXT:     %g = pto.alloc_tile addr = %c0_i64 : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=256, v_row=1, v_col=256, blayout=row_major, slayout=none_box, fractal=512, pad=0>
// CHECK-NEXT:     %x = pto.alloc_tile addr = %c1024_i64 : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=256, v_row=16, v_col=256, blayout=row_major, slayout=none_box, fractal=512, pad=0>
// CHECK-NEXT:     %squared = pto.alloc_tile addr = %c17408_i64 : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=256, v_row=16, v_col=256, blayout=row_major, slayout=none_box, fractal=512, pad=0>
// CHECK-NEXT:     %tmp = pto.alloc_tile addr = %c33792_i64 : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=256, v_row=16, v_col=256, blayout=row_major, slayout=none_box, fractal=512, pad=0>
// CHECK-NEXT:     %sq_sum = pto.alloc_tile addr = %c50176_i64 : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=1, v_row=16, v_col=1, blayout=col_major, slayout=none_box, fractal=512, pad=0>
// CHECK-NEXT:     %sq_sum_t = pto.alloc_tile addr = %c50176_i64 : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=16, v_row=1, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>
// CHECK-NEXT:     %mean_t = pto.alloc_tile addr = %c17408_i64 : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=16, v_row=1, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>
// CHECK-NEXT:     %inv_rms_t = pto.alloc_tile addr = %c33792_i64 : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=16, v_row=1, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>
// CHECK-NEXT:     %inv_rms = pto.alloc_tile addr = %c33792_i64 : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=1, v_row=16, v_col=1, blayout=col_major, slayout=none_box, fractal=512, pad=0>
// CHECK-NEXT:     %x_1 = pto.alloc_tile addr = %c50240_i64 : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=256, v_row=16, v_col=256, blayout=row_major, slayout=none_box, fractal=512, pad=0>
// CHECK-NEXT:     %squared_1 = pto.alloc_tile addr = %c66624_i64 : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=256, v_row=16, v_col=256, blayout=row_major, slayout=none_box, fractal=512, pad=0>
// CHECK-NEXT:     %tmp_1 = pto.alloc_tile addr = %c83008_i64 : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=256, v_row=16, v_col=256, blayout=row_major, slayout=none_box, fractal=512, pad=0>
// CHECK-NEXT:     %sq_sum_1 = pto.alloc_tile addr = %c99392_i64 : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=1, v_row=16, v_col=1, blayout=col_major, slayout=none_box, fractal=512, pad=0>
// CHECK-NEXT:     %sq_sum_t_1 = pto.alloc_tile addr = %c99392_i64 : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=16, v_row=1, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>
// CHECK-NEXT:     %mean_t_1 = pto.alloc_tile addr = %c66624_i64 : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=16, v_row=1, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>
// CHECK-NEXT:     %inv_rms_t_1 = pto.alloc_tile addr = %c83008_i64 : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=16, v_row=1, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>
// CHECK-NEXT:     %inv_rms_1 = pto.alloc_tile addr = %c83008_i64 : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=1, v_row=16, v_col=1, blayout=col_major, slayout=none_box, fractal=512, pad=0>
// CHECK-NEXT:     %x_2 = pto.alloc_tile addr = %c99456_i64 : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=256, v_row=16, v_col=256, blayout=row_major, slayout=none_box, fractal=512, pad=0>
// CHECK-NEXT:     %squared_2 = pto.alloc_tile addr = %c115840_i64 : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=256, v_row=16, v_col=256, blayout=row_major, slayout=none_box, fractal=512, pad=0>
// CHECK-NEXT:     %tmp_2 = pto.alloc_tile addr = %c132224_i64 : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=256, v_row=16, v_col=256, blayout=row_major, slayout=none_box, fractal=512, pad=0>
// CHECK-NEXT:     %sq_sum_2 = pto.alloc_tile addr = %c148608_i64 : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=1, v_row=16, v_col=1, blayout=col_major, slayout=none_box, fractal=512, pad=0>
// CHECK-NEXT:     %sq_sum_t_2 = pto.alloc_tile addr = %c148608_i64 : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=16, v_row=1, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>
// CHECK-NEXT:     %mean_t_2 = pto.alloc_tile addr = %c115840_i64 : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=16, v_row=1, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>
// CHECK-NEXT:     %inv_rms_t_2 = pto.alloc_tile addr = %c132224_i64 : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=16, v_row=1, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>
// CHECK-NEXT:     %inv_rms_2 = pto.alloc_tile addr = %c132224_i64 : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=1, v_row=16, v_col=1, blayout=col_major, slayout=none_box, fractal=512, pad=0>
// CHECK-NEXT:     %c0 = arith.constant 0 : index
// CHECK-NEXT:     %c1 = arith.constant 1 : index
// CHECK-NEXT:     %c16 = arith.constant 16 : index
// CHECK-NEXT:     %inv_n = arith.constant 3.906250e-03 : f32
// CHECK-NEXT:     %eps = arith.constant 1.000000e-06 : f32
// CHECK-NEXT:     %3 = pto.partition_view %1, offsets = [%c0, %c0], sizes = [%c1_index, %c256_index] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<1x256xf32>
// CHECK-NEXT:     pto.tload ins(%3 : !pto.partition_tensor_view<1x256xf32>) outs(%g : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=256, v_row=1, v_col=256, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
// CHECK-NEXT:     %c16_1 = arith.constant 16 : index
// CHECK-NEXT:     %c1_1 = arith.constant 1 : index
// CHECK-NEXT:     %c2 = arith.constant 2 : index
// CHECK-NEXT:     %c3 = arith.constant 3 : index
// CHECK-NEXT:     %c4 = arith.constant 4 : index
// CHECK-NEXT:     scf.for %i = %c0 to %c16_1 step %c4 {
// CHECK-NEXT:       %row = arith.muli %i, %c16 : index
// CHECK-NEXT:       %4 = pto.partition_view %0, offsets = [%row, %c0], sizes = [%c16_index, %c256_index] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<16x256xf32>
// CHECK-NEXT:       pto.tload ins(%4 : !pto.partition_tensor_view<16x256xf32>) outs(%x : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=256, v_row=16, v_col=256, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
// CHECK-NEXT:       pto.tmul ins(%x, %x : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=256, v_row=16, v_col=256, blayout=row_major, slayout=none_box, fractal=512, pad=0>, !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=256, v_row=16, v_col=256, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%squared : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=256, v_row=16, v_col=256, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
// CHECK-NEXT:       pto.trowsum ins(%squared, %tmp : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=256, v_row=16, v_col=256, blayout=row_major, slayout=none_box, fractal=512, pad=0>, !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=256, v_row=16, v_col=256, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%sq_sum : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=1, v_row=16, v_col=1, blayout=col_major, slayout=none_box, fractal=512, pad=0>)
// CHECK-NEXT:       pto.tmuls ins(%sq_sum_t, %inv_n : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=16, v_row=1, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>, f32) outs(%mean_t : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=16, v_row=1, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
// CHECK-NEXT:       pto.tadds ins(%mean_t, %eps : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=16, v_row=1, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>, f32) outs(%mean_t : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=16, v_row=1, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
// CHECK-NEXT:       pto.trsqrt ins(%mean_t : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=16, v_row=1, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%inv_rms_t : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=16, v_row=1, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
// CHECK-NEXT:       pto.trowexpandmul ins(%x, %inv_rms : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=256, v_row=16, v_col=256, blayout=row_major, slayout=none_box, fractal=512, pad=0>, !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=1, v_row=16, v_col=1, blayout=col_major, slayout=none_box, fractal=512, pad=0>) outs(%x : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=256, v_row=16, v_col=256, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
// CHECK-NEXT:       pto.tcolexpandmul ins(%x, %g : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=256, v_row=16, v_col=256, blayout=row_major, slayout=none_box, fractal=512, pad=0>, !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=256, v_row=1, v_col=256, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%x : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=256, v_row=16, v_col=256, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
// CHECK-NEXT:       %5 = pto.partition_view %2, offsets = [%row, %c0], sizes = [%c16_index, %c256_index] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<16x256xf32>
// CHECK-NEXT:       pto.tstore ins(%x : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=256, v_row=16, v_col=256, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%5 : !pto.partition_tensor_view<16x256xf32>)
// CHECK-NEXT:       %i_1 = arith.addi %i, %c1_1 : index
// CHECK-NEXT:       %row_1 = arith.muli %i_1, %c16 : index
// CHECK-NEXT:       %6 = pto.partition_view %0, offsets = [%row_1, %c0], sizes = [%c16_index, %c256_index] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<16x256xf32>
// CHECK-NEXT:       pto.tload ins(%6 : !pto.partition_tensor_view<16x256xf32>) outs(%x_1 : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=256, v_row=16, v_col=256, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
// CHECK-NEXT:       pto.tmul ins(%x_1, %x_1 : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=256, v_row=16, v_col=256, blayout=row_major, slayout=none_box, fractal=512, pad=0>, !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=256, v_row=16, v_col=256, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%squared_1 : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=256, v_row=16, v_col=256, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
// CHECK-NEXT:       pto.trowsum ins(%squared_1, %tmp_1 : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=256, v_row=16, v_col=256, blayout=row_major, slayout=none_box, fractal=512, pad=0>, !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=256, v_row=16, v_col=256, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%sq_sum_1 : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=1, v_row=16, v_col=1, blayout=col_major, slayout=none_box, fractal=512, pad=0>)
// CHECK-NEXT:       pto.tmuls ins(%sq_sum_t_1, %inv_n : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=16, v_row=1, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>, f32) outs(%mean_t_1 : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=16, v_row=1, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
// CHECK-NEXT:       pto.tadds ins(%mean_t_1, %eps : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=16, v_row=1, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>, f32) outs(%mean_t_1 : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=16, v_row=1, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
// CHECK-NEXT:       pto.trsqrt ins(%mean_t_1 : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=16, v_row=1, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%inv_rms_t_1 : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=16, v_row=1, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
// CHECK-NEXT:       pto.trowexpandmul ins(%x_1, %inv_rms_1 : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=256, v_row=16, v_col=256, blayout=row_major, slayout=none_box, fractal=512, pad=0>, !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=1, v_row=16, v_col=1, blayout=col_major, slayout=none_box, fractal=512, pad=0>) outs(%x_1 : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=256, v_row=16, v_col=256, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
// CHECK-NEXT:       pto.tcolexpandmul ins(%x_1, %g : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=256, v_row=16, v_col=256, blayout=row_major, slayout=none_box, fractal=512, pad=0>, !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=256, v_row=1, v_col=256, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%x_1 : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=256, v_row=16, v_col=256, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
// CHECK-NEXT:       %7 = pto.partition_view %2, offsets = [%row_1, %c0], sizes = [%c16_index, %c256_index] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<16x256xf32>
// CHECK-NEXT:       pto.tstore ins(%x_1 : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=256, v_row=16, v_col=256, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%7 : !pto.partition_tensor_view<16x256xf32>)
// CHECK-NEXT:       %i_2 = arith.addi %i, %c2 : index
// CHECK-NEXT:       %row_2 = arith.muli %i_2, %c16 : index
// CHECK-NEXT:       %8 = pto.partition_view %0, offsets = [%row_2, %c0], sizes = [%c16_index, %c256_index] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<16x256xf32>
// CHECK-NEXT:       pto.tload ins(%8 : !pto.partition_tensor_view<16x256xf32>) outs(%x_2 : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=256, v_row=16, v_col=256, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
// CHECK-NEXT:       pto.tmul ins(%x_2, %x_2 : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=256, v_row=16, v_col=256, blayout=row_major, slayout=none_box, fractal=512, pad=0>, !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=256, v_row=16, v_col=256, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%squared_2 : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=256, v_row=16, v_col=256, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
// CHECK-NEXT:       pto.trowsum ins(%squared_2, %tmp_2 : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=256, v_row=16, v_col=256, blayout=row_major, slayout=none_box, fractal=512, pad=0>, !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=256, v_row=16, v_col=256, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%sq_sum_2 : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=1, v_row=16, v_col=1, blayout=col_major, slayout=none_box, fractal=512, pad=0>)
// CHECK-NEXT:       pto.tmuls ins(%sq_sum_t_2, %inv_n : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=16, v_row=1, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>, f32) outs(%mean_t_2 : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=16, v_row=1, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
// CHECK-NEXT:       pto.tadds ins(%mean_t_2, %eps : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=16, v_row=1, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>, f32) outs(%mean_t_2 : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=16, v_row=1, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
// CHECK-NEXT:       pto.trsqrt ins(%mean_t_2 : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=16, v_row=1, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%inv_rms_t_2 : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=16, v_row=1, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
// CHECK-NEXT:       pto.trowexpandmul ins(%x_2, %inv_rms_2 : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=256, v_row=16, v_col=256, blayout=row_major, slayout=none_box, fractal=512, pad=0>, !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=1, v_row=16, v_col=1, blayout=col_major, slayout=none_box, fractal=512, pad=0>) outs(%x_2 : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=256, v_row=16, v_col=256, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
// CHECK-NEXT:       pto.tcolexpandmul ins(%x_2, %g : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=256, v_row=16, v_col=256, blayout=row_major, slayout=none_box, fractal=512, pad=0>, !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=256, v_row=1, v_col=256, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%x_2 : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=256, v_row=16, v_col=256, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
// CHECK-NEXT:       %9 = pto.partition_view %2, offsets = [%row_2, %c0], sizes = [%c16_index, %c256_index] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<16x256xf32>
// CHECK-NEXT:       pto.tstore ins(%x_2 : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=256, v_row=16, v_col=256, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%9 : !pto.partition_tensor_view<16x256xf32>)
// CHECK-NEXT:       %i_3 = arith.addi %i, %c3 : index
// CHECK-NEXT:       %row_3 = arith.muli %i_3, %c16 : index
// CHECK-NEXT:       %10 = pto.partition_view %0, offsets = [%row_3, %c0], sizes = [%c16_index, %c256_index] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<16x256xf32>
// CHECK-NEXT:       pto.tload ins(%10 : !pto.partition_tensor_view<16x256xf32>) outs(%x : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=256, v_row=16, v_col=256, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
// CHECK-NEXT:       pto.tmul ins(%x, %x : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=256, v_row=16, v_col=256, blayout=row_major, slayout=none_box, fractal=512, pad=0>, !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=256, v_row=16, v_col=256, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%squared : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=256, v_row=16, v_col=256, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
// CHECK-NEXT:       pto.trowsum ins(%squared, %tmp : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=256, v_row=16, v_col=256, blayout=row_major, slayout=none_box, fractal=512, pad=0>, !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=256, v_row=16, v_col=256, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%sq_sum : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=1, v_row=16, v_col=1, blayout=col_major, slayout=none_box, fractal=512, pad=0>)
// CHECK-NEXT:       pto.tmuls ins(%sq_sum_t, %inv_n : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=16, v_row=1, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>, f32) outs(%mean_t : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=16, v_row=1, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
// CHECK-NEXT:       pto.tadds ins(%mean_t, %eps : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=16, v_row=1, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>, f32) outs(%mean_t : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=16, v_row=1, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
// CHECK-NEXT:       pto.trsqrt ins(%mean_t : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=16, v_row=1, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%inv_rms_t : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=16, v_row=1, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
// CHECK-NEXT:       pto.trowexpandmul ins(%x, %inv_rms : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=256, v_row=16, v_col=256, blayout=row_major, slayout=none_box, fractal=512, pad=0>, !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=1, v_row=16, v_col=1, blayout=col_major, slayout=none_box, fractal=512, pad=0>) outs(%x : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=256, v_row=16, v_col=256, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
// CHECK-NEXT:       pto.tcolexpandmul ins(%x, %g : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=256, v_row=16, v_col=256, blayout=row_major, slayout=none_box, fractal=512, pad=0>, !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=256, v_row=1, v_col=256, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%x : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=256, v_row=16, v_col=256, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
// CHECK-NEXT:       %11 = pto.partition_view %2, offsets = [%row_3, %c0], sizes = [%c16_index, %c256_index] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<16x256xf32>
// CHECK-NEXT:       pto.tstore ins(%x : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=256, v_row=16, v_col=256, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%11 : !pto.partition_tensor_view<16x256xf32>)
// CHECK-NEXT:     }
// CHECK-NEXT:     func.return
// CHECK-NEXT:   }
// CHECK-NEXT: }

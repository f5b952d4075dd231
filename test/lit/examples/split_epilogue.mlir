// RUN: xdsl-opt -p 'pto-plan-memory{backend=a3 verify=true},convert-tile-to-pto' %examples/split_epilogue.mlir | filecheck --match-full-lines %s
// RUN: xdsl-opt -p 'pto-plan-memory{backend=a3 verify=true}' %examples/split_epilogue.mlir | filecheck --check-prefix=A3 %s
// RUN: xdsl-opt -p 'pto-plan-memory{backend=a5 verify=true}' %examples/split_epilogue.mlir | filecheck --check-prefix=A5 %s
// RUN: xdsl-pto run %examples/split_epilogue.mlir --pipeline 'pto-plan-memory{backend=a3}' | filecheck --check-prefix=EXEC %s
// RUN: xdsl-pto run %examples/split_epilogue.mlir --pipeline 'pto-plan-memory{backend=a5}' | filecheck --check-prefix=EXEC %s

// examples/split_epilogue.mlir: the vector half of a mixed matmul, 64x128 f32
// blocks (32768 bytes; masks 8192, the f16 result 16384), and the cube half
// that pushes them.
//
// The pipe's ring (one 32768-byte slot) is reserved at the bottom of Vec, so
// every vec tile sits above it (from 32768). On a3 the add may not write over
// the loaded bias %b (load + tpop hazard), so %x takes @mem_vec_1; each sels
// tmp, a workspace in a loop, has a buffer of its own (@mem_vec_3,
// @mem_vec_6); the narrowing cast may not write over %c (@mem_vec_0), so %h
// takes @mem_vec_1's bytes. 172032 bytes with the ring (139264 of tiles).
// On a5 %x is computed in place over %b and %h over %c; @mem_vec_1 is gone.
// The tmps keep their buffers (the workspace rule holds on every target).
// 139264 bytes with the ring (106496 of tiles). %acc, the tpop result, has no
// allocation on either; it is freed right after the add reads it. Lowered,
// both kernels initialize the pipe alike and name the GM slot buffer (a3).
//
// EXEC: split_epilogue.mlir: logical and physical runs agree (seed 0)
//
// A3: tile.alloc @mem_vec_0 in vec size 32768 addr 32768
// A3-NEXT: tile.alloc @mem_vec_1 in vec size 32768 addr 65536
// A3-NEXT: tile.alloc @mem_vec_2 in vec size 8192 addr 98304
// A3-NEXT: tile.alloc @mem_vec_3 in vec size 32768 addr 106496
// A3-NEXT: tile.alloc @mem_vec_6 in vec size 32768 addr 139264
// A3: %acc = tile.tpop_from_aic {split = 1 : i64} : !tile.tile<64x128xf32, vec>
// A3: %b = tile.load %bias[%c0, %c0] : memref<64x128xf32> -> !tile.tile<64x128xf32, vec, memref = <@mem_vec_0, offset = 0, size = 32768>>
// A3: %x = tile.add %b, %acc : (!tile.tile<64x128xf32, vec, memref = <@mem_vec_0, offset = 0, size = 32768>>, !tile.tile<64x128xf32, vec>) -> !tile.tile<64x128xf32, vec, memref = <@mem_vec_1, offset = 0, size = 32768>>
// A3: %neg = tile.cmps %x, %zero {cmp_mode = "lt"} : (!tile.tile<64x128xf32, vec, memref = <@mem_vec_1, offset = 0, size = 32768>>, f32) -> !tile.tile<64x128xi8, vec, memref = <@mem_vec_2, offset = 0, size = 8192>>
// A3: %t0 = tile.create : !tile.tile<64x128xf32, vec, memref = <@mem_vec_3, offset = 0, size = 32768>>
// A3: %r = tile.sels %neg, %x, %t0, %zero : (!tile.tile<64x128xi8, vec, memref = <@mem_vec_2, offset = 0, size = 8192>>, !tile.tile<64x128xf32, vec, memref = <@mem_vec_1, offset = 0, size = 32768>>, !tile.tile<64x128xf32, vec, memref = <@mem_vec_3, offset = 0, size = 32768>>, f32) -> !tile.tile<64x128xf32, vec, memref = <@mem_vec_0, offset = 0, size = 32768>>
// A3: %big = tile.cmps %r, %six {cmp_mode = "gt"} : (!tile.tile<64x128xf32, vec, memref = <@mem_vec_0, offset = 0, size = 32768>>, f32) -> !tile.tile<64x128xi8, vec, memref = <@mem_vec_1, offset = 0, size = 8192>>
// A3: %t1 = tile.create : !tile.tile<64x128xf32, vec, memref = <@mem_vec_6, offset = 0, size = 32768>>
// A3: %c = tile.sels %big, %r, %t1, %six : (!tile.tile<64x128xi8, vec, memref = <@mem_vec_1, offset = 0, size = 8192>>, !tile.tile<64x128xf32, vec, memref = <@mem_vec_0, offset = 0, size = 32768>>, !tile.tile<64x128xf32, vec, memref = <@mem_vec_6, offset = 0, size = 32768>>, f32) -> !tile.tile<64x128xf32, vec, memref = <@mem_vec_0, offset = 0, size = 32768>>
// A3: %h = tile.cast %c {mode = "rint"} : (!tile.tile<64x128xf32, vec, memref = <@mem_vec_0, offset = 0, size = 32768>>) -> !tile.tile<64x128xf16, vec, memref = <@mem_vec_1, offset = 0, size = 16384>>
//
// A5: tile.alloc @mem_vec_0 in vec size 32768 addr 32768
// A5-NEXT: tile.alloc @mem_vec_2 in vec size 8192 addr 65536
// A5-NEXT: tile.alloc @mem_vec_3 in vec size 32768 addr 73728
// A5-NEXT: tile.alloc @mem_vec_6 in vec size 32768 addr 106496
// A5: %acc = tile.tpop_from_aic {split = 1 : i64} : !tile.tile<64x128xf32, vec>
// A5: %b = tile.load %bias[%c0, %c0] : memref<64x128xf32> -> !tile.tile<64x128xf32, vec, memref = <@mem_vec_0, offset = 0, size = 32768>>
// A5: %x = tile.add %b, %acc : (!tile.tile<64x128xf32, vec, memref = <@mem_vec_0, offset = 0, size = 32768>>, !tile.tile<64x128xf32, vec>) -> !tile.tile<64x128xf32, vec, memref = <@mem_vec_0, offset = 0, size = 32768>>
// A5: %neg = tile.cmps %x, %zero {cmp_mode = "lt"} : (!tile.tile<64x128xf32, vec, memref = <@mem_vec_0, offset = 0, size = 32768>>, f32) -> !tile.tile<64x128xi8, vec, memref = <@mem_vec_2, offset = 0, size = 8192>>
// A5: %t0 = tile.create : !tile.tile<64x128xf32, vec, memref = <@mem_vec_3, offset = 0, size = 32768>>
// A5: %r = tile.sels %neg, %x, %t0, %zero : (!tile.tile<64x128xi8, vec, memref = <@mem_vec_2, offset = 0, size = 8192>>, !tile.tile<64x128xf32, vec, memref = <@mem_vec_0, offset = 0, size = 32768>>, !tile.tile<64x128xf32, vec, memref = <@mem_vec_3, offset = 0, size = 32768>>, f32) -> !tile.tile<64x128xf32, vec, memref = <@mem_vec_0, offset = 0, size = 32768>>
// A5: %big = tile.cmps %r, %six {cmp_mode = "gt"} : (!tile.tile<64x128xf32, vec, memref = <@mem_vec_0, offset = 0, size = 32768>>, f32) -> !tile.tile<64x128xi8, vec, memref = <@mem_vec_2, offset = 0, size = 8192>>
// A5: %t1 = tile.create : !tile.tile<64x128xf32, vec, memref = <@mem_vec_6, offset = 0, size = 32768>>
// A5: %c = tile.sels %big, %r, %t1, %six : (!tile.tile<64x128xi8, vec, memref = <@mem_vec_2, offset = 0, size = 8192>>, !tile.tile<64x128xf32, vec, memref = <@mem_vec_0, offset = 0, size = 32768>>, !tile.tile<64x128xf32, vec, memref = <@mem_vec_6, offset = 0, size = 32768>>, f32) -> !tile.tile<64x128xf32, vec, memref = <@mem_vec_0, offset = 0, size = 32768>>
// A5: %h = tile.cast %c {mode = "rint"} : (!tile.tile<64x128xf32, vec, memref = <@mem_vec_0, offset = 0, size = 32768>>) -> !tile.tile<64x128xf16, vec, memref = <@mem_vec_0, offset = 0, size = 16384>>
//
//
// CHECK-LABEL: func.func private @epilogue(%bias: !pto.ptr<f32>, %out: !pto.ptr<f16>, %gm_pipe: !pto.ptr<f32>) attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
// CHECK-NEXT: %c64_index = arith.constant 64 : index
// CHECK-NEXT: %c128_index = arith.constant 128 : index
// CHECK-NEXT: %c1_index = arith.constant 1 : index
// CHECK-NEXT: %c256_index = arith.constant 256 : index
// CHECK-NEXT: %c32768_i64 = arith.constant 32768 : i64
// CHECK-NEXT: %c65536_i64 = arith.constant 65536 : i64
// CHECK-NEXT: %c98304_i64 = arith.constant 98304 : i64
// CHECK-NEXT: %c106496_i64 = arith.constant 106496 : i64
// CHECK-NEXT: %c139264_i64 = arith.constant 139264 : i64
// CHECK-NEXT: %0 = pto.make_tensor_view %bias, shape = [%c64_index, %c128_index], strides = [%c128_index, %c1_index] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf32>
// CHECK-NEXT: %1 = pto.make_tensor_view %out, shape = [%c256_index, %c128_index], strides = [%c128_index, %c1_index] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
// CHECK-NEXT: %b = pto.alloc_tile addr = %c32768_i64 : !pto.tile_buf<loc=vec, dtype=f32, rows=64, cols=128, v_row=64, v_col=128, blayout=row_major, slayout=none_box, fractal=512, pad=0>
// CHECK-NEXT: %x = pto.alloc_tile addr = %c65536_i64 : !pto.tile_buf<loc=vec, dtype=f32, rows=64, cols=128, v_row=64, v_col=128, blayout=row_major, slayout=none_box, fractal=512, pad=0>
// CHECK-NEXT: %neg = pto.alloc_tile addr = %c98304_i64 : !pto.tile_buf<loc=vec, dtype=i8, rows=64, cols=128, v_row=64, v_col=128, blayout=row_major, slayout=none_box, fractal=512, pad=0>
// CHECK-NEXT: %t0 = pto.alloc_tile addr = %c106496_i64 : !pto.tile_buf<loc=vec, dtype=f32, rows=64, cols=128, v_row=64, v_col=128, blayout=row_major, slayout=none_box, fractal=512, pad=0>
// CHECK-NEXT: %big = pto.alloc_tile addr = %c65536_i64 : !pto.tile_buf<loc=vec, dtype=i8, rows=64, cols=128, v_row=64, v_col=128, blayout=row_major, slayout=none_box, fractal=512, pad=0>
// CHECK-NEXT: %t1 = pto.alloc_tile addr = %c139264_i64 : !pto.tile_buf<loc=vec, dtype=f32, rows=64, cols=128, v_row=64, v_col=128, blayout=row_major, slayout=none_box, fractal=512, pad=0>
// CHECK-NEXT: %h = pto.alloc_tile addr = %c65536_i64 : !pto.tile_buf<loc=vec, dtype=f16, rows=64, cols=128, v_row=64, v_col=128, blayout=row_major, slayout=none_box, fractal=512, pad=0>
// CHECK-NEXT: %ring = pto.reserve_buffer {name = "epilogue_c2v", size = 32768, location = #pto.address_space<vec>, auto = false, base = 0} -> i32
// CHECK-NEXT: %none = arith.constant 0 : i32
// CHECK-NEXT: pto.aiv_initialize_pipe {dir_mask = 1, slot_size = 32768, slot_num = 1} (gm_slot_buffer = %gm_pipe : !pto.ptr<f32>, c2v_consumer_buf = %ring : i32, v2c_consumer_buf = %none : i32)
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %c4 = arith.constant 4 : index
// CHECK-NEXT: %c64 = arith.constant 64 : index
// CHECK-NEXT: %zero = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %six = arith.constant 6.000000e+00 : f32
// CHECK-NEXT: scf.for %i = %c0 to %c4 step %c1 {
// CHECK-NEXT: %row = arith.muli %i, %c64 : index
// CHECK-NEXT: %acc = pto.tpop_from_aic {split = 1} -> !pto.tile_buf<loc=vec, dtype=f32, rows=64, cols=128, v_row=64, v_col=128, blayout=row_major, slayout=none_box, fractal=512, pad=0>
// CHECK-NEXT: %2 = pto.partition_view %0, offsets = [%c0, %c0], sizes = [%c64_index, %c128_index] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<64x128xf32>
// CHECK-NEXT: pto.tload ins(%2 : !pto.partition_tensor_view<64x128xf32>) outs(%b : !pto.tile_buf<loc=vec, dtype=f32, rows=64, cols=128, v_row=64, v_col=128, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
// CHECK-NEXT: pto.tadd ins(%b, %acc : !pto.tile_buf<loc=vec, dtype=f32, rows=64, cols=128, v_row=64, v_col=128, blayout=row_major, slayout=none_box, fractal=512, pad=0>, !pto.tile_buf<loc=vec, dtype=f32, rows=64, cols=128, v_row=64, v_col=128, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%x : !pto.tile_buf<loc=vec, dtype=f32, rows=64, cols=128, v_row=64, v_col=128, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
// CHECK-NEXT: pto.tfree_from_aic {split = 1}
// CHECK-NEXT: pto.tcmps ins(%x, %zero {cmpMode = #pto<cmp lt>} : !pto.tile_buf<loc=vec, dtype=f32, rows=64, cols=128, v_row=64, v_col=128, blayout=row_major, slayout=none_box, fractal=512, pad=0>, f32) outs(%neg : !pto.tile_buf<loc=vec, dtype=i8, rows=64, cols=128, v_row=64, v_col=128, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
// CHECK-NEXT: pto.tsels ins(%neg, %x, %t0, %zero : !pto.tile_buf<loc=vec, dtype=i8, rows=64, cols=128, v_row=64, v_col=128, blayout=row_major, slayout=none_box, fractal=512, pad=0>, !pto.tile_buf<loc=vec, dtype=f32, rows=64, cols=128, v_row=64, v_col=128, blayout=row_major, slayout=none_box, fractal=512, pad=0>, !pto.tile_buf<loc=vec, dtype=f32, rows=64, cols=128, v_row=64, v_col=128, blayout=row_major, slayout=none_box, fractal=512, pad=0>, f32) outs(%b : !pto.tile_buf<loc=vec, dtype=f32, rows=64, cols=128, v_row=64, v_col=128, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
// CHECK-NEXT: pto.tcmps ins(%b, %six {cmpMode = #pto<cmp gt>} : !pto.tile_buf<loc=vec, dtype=f32, rows=64, cols=128, v_row=64, v_col=128, blayout=row_major, slayout=none_box, fractal=512, pad=0>, f32) outs(%big : !pto.tile_buf<loc=vec, dtype=i8, rows=64, cols=128, v_row=64, v_col=128, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
// CHECK-NEXT: pto.tsels ins(%big, %b, %t1, %six : !pto.tile_buf<loc=vec, dtype=i8, rows=64, cols=128, v_row=64, v_col=128, blayout=row_major, slayout=none_box, fractal=512, pad=0>, !pto.tile_buf<loc=vec, dtype=f32, rows=64, cols=128, v_row=64, v_col=128, blayout=row_major, slayout=none_box, fractal=512, pad=0>, !pto.tile_buf<loc=vec, dtype=f32, rows=64, cols=128, v_row=64, v_col=128, blayout=row_major, slayout=none_box, fractal=512, pad=0>, f32) outs(%b : !pto.tile_buf<loc=vec, dtype=f32, rows=64, cols=128, v_row=64, v_col=128, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
// CHECK-NEXT: pto.tcvt ins(%b {rmode = #pto<round_mode RINT>} : !pto.tile_buf<loc=vec, dtype=f32, rows=64, cols=128, v_row=64, v_col=128, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%h : !pto.tile_buf<loc=vec, dtype=f16, rows=64, cols=128, v_row=64, v_col=128, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
// CHECK-NEXT: %3 = pto.partition_view %1, offsets = [%row, %c0], sizes = [%c64_index, %c128_index] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<64x128xf16>
// CHECK-NEXT: pto.tstore ins(%h : !pto.tile_buf<loc=vec, dtype=f16, rows=64, cols=128, v_row=64, v_col=128, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%3 : !pto.partition_tensor_view<64x128xf16>)
// CHECK-NEXT: }
// CHECK-NEXT: func.return
// CHECK-NEXT: }
// CHECK-NEXT: func.func private @producer(%a: !pto.ptr<f16>, %b: !pto.ptr<f16>, %gm_pipe: !pto.ptr<f32>) attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
// CHECK: %ring = pto.import_reserved_buffer {name = "epilogue_c2v", peer_func = @epilogue} -> i32
// CHECK: pto.aic_initialize_pipe {dir_mask = 1, slot_size = 32768, slot_num = 1} (gm_slot_buffer = %gm_pipe : !pto.ptr<f32>, c2v_consumer_buf = %ring : i32, v2c_consumer_buf = %none : i32)
// CHECK: pto.tpush_to_aiv(%c : !pto.tile_buf<loc=acc, dtype=f32, rows=128, cols=128, v_row=128, v_col=128, blayout=col_major, slayout=row_major, fractal=1024, pad=0>) {split = 1}
// CHECK: func.func @split_epilogue(%a: !pto.ptr<f16>, %b: !pto.ptr<f16>, %bias: !pto.ptr<f32>, %out: !pto.ptr<f16>, %gm_pipe: !pto.ptr<f32>) attributes {pto.entry} {
// CHECK-NEXT: func.call @producer(%a, %b, %gm_pipe) : (!pto.ptr<f16>, !pto.ptr<f16>, !pto.ptr<f32>) -> ()
// CHECK-NEXT: func.call @epilogue(%bias, %out, %gm_pipe) : (!pto.ptr<f32>, !pto.ptr<f16>, !pto.ptr<f32>) -> ()
// CHECK-NEXT: func.return

// RUN: xdsl-opt -p 'convert-tile-to-pto{backend=a3}' %s | filecheck %s

// Cross-core pipes. A popped tile lives in the pipe's reserved storage: it has
// no MemRef and gets no pto.alloc_tile, only the pop's own handle
// (`%buf = pto.tpop_from_aic {split = N} -> T`). Views of it have no address
// either: a slice is a pto.subview of the pop's handle (a strided column
// window too), a reshape the view form of pto.treshape. A push names its tile
// in parentheses (no ins/outs: ptoas's form) and the pipe attributes after
// it, id first. The input is planned by hand: only the on-chip values carry
// MemRefs. Three pipes join the two kernels as ptoas needs them: each id is
// initialized once on each side with the same shape, its ring reserved on the
// consumer side and imported on the other, the GM slot buffer named (a2/a3),
// and every pipe's ops all split (id 0) or all unsplit (ids 1, 3). A GM
// argument used only as the slot buffer gets no tensor view.

// CHECK-LABEL: func.func @vec_side(%out: !pto.ptr<f32>, %raw: !pto.ptr<f32>, %gm: !pto.ptr<f32>) attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
// CHECK-NOT:  make_tensor_view %gm
// CHECK:      %e = pto.alloc_tile addr = %c0_i64 : [[E:!pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=64, v_row=8, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>]]{{$}}
// CHECK-NEXT: %g = pto.alloc_tile addr = %c2048_i64 : [[G:!pto.tile_buf<loc=vec, dtype=f32, rows=4, cols=128, v_row=4, v_col=128, blayout=row_major, slayout=none_box, fractal=512, pad=0>]]{{$}}
// CHECK-NEXT: %c2v = pto.reserve_buffer {name = "c2v_0", size = 8192, location = #pto.address_space<vec>, auto = false, base = 4096} -> i32{{$}}
// CHECK-NEXT: %v2c = pto.import_reserved_buffer {name = "v2c_0", peer_func = @cube_side} -> i32{{$}}
// CHECK-NEXT: pto.aiv_initialize_pipe {dir_mask = 3, slot_size = 4096, slot_num = 1} (gm_slot_buffer = %gm : !pto.ptr<f32>, c2v_consumer_buf = %c2v : i32, v2c_consumer_buf = %v2c : i32){{$}}
// CHECK-NEXT: %v2c_1 = pto.import_reserved_buffer {name = "v2c_1", peer_func = @cube_side} -> i32{{$}}
// CHECK:      pto.aiv_initialize_pipe {id = 1, dir_mask = 2, slot_size = 2048, slot_num = 2} (gm_slot_buffer = %gm : !pto.ptr<f32>, c2v_consumer_buf = %none : i32, v2c_consumer_buf = %v2c_1 : i32){{$}}
// CHECK-NEXT: %c2v_1 = pto.reserve_buffer {name = "c2v_3", size = 4096, location = #pto.address_space<vec>, auto = false, base = 12288} -> i32{{$}}
// CHECK-NEXT: pto.aiv_initialize_pipe {id = 3, dir_mask = 1, slot_size = 4096, slot_num = 1} (gm_slot_buffer = %gm : !pto.ptr<f32>, c2v_consumer_buf = %c2v_1 : i32, v2c_consumer_buf = %none : i32){{$}}
// CHECK-NOT:  pto.alloc_tile
// CHECK:      %p = pto.tpop_from_aic {split = 1} -> [[P:!pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>]]{{$}}
// CHECK-NEXT: %lo = pto.subview %p[%c8, %c0] sizes [8, 64] : [[P]] -> [[E]]{{$}}
// CHECK-NEXT: %right = pto.subview %p[%c0, %c32] sizes [16, 32] : [[P]] -> [[R:!pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=32, v_row=16, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>]]{{$}}
// CHECK-NEXT: %flat = pto.treshape %lo : [[E]] -> [[G]]{{$}}
// CHECK-NEXT: pto.texp ins(%lo : [[E]]) outs(%e : [[E]]){{$}}
// CHECK-NEXT: pto.texp ins(%flat : [[G]]) outs(%g : [[G]]){{$}}
// CHECK-NEXT: pto.tpush_to_aic(%g : [[G]]) {id = 1, split = 0}{{$}}
// CHECK-NEXT: pto.tpush_to_aic(%right : [[R]]) {split = 2}{{$}}
// CHECK:      pto.tstore ins(%e : [[E]]) outs(%{{[0-9]+}} : !pto.partition_tensor_view<8x64xf32>){{$}}
// CHECK:      pto.tstore ins(%p : [[P]]) outs(%{{[0-9]+}} : !pto.partition_tensor_view<16x64xf32>){{$}}
// CHECK-NEXT: pto.tfree_from_aic {split = 1}{{$}}
// CHECK-NEXT: func.return

// A cube kernel pops from the vector core into mat and pushes from acc (the
// only space ptoas pushes from) back.
// CHECK-LABEL: func.func @cube_side(%gm: !pto.ptr<f32>) attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
// CHECK:      %l = pto.alloc_tile addr = %c0_i64 : !pto.tile_buf<loc=left,
// CHECK-NEXT: %r = pto.alloc_tile addr = %c0_i64 : !pto.tile_buf<loc=right,
// CHECK-NEXT: %acc = pto.alloc_tile addr = %c0_i64 : [[ACC:!pto.tile_buf<loc=acc, dtype=f32, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=1024, pad=0>]]{{$}}
// CHECK-NEXT: %c2v = pto.import_reserved_buffer {name = "c2v_0", peer_func = @vec_side} -> i32{{$}}
// CHECK-NEXT: %v2c = pto.reserve_buffer {name = "v2c_0", size = 4096, location = #pto.address_space<mat>, auto = false, base = 0} -> i32{{$}}
// CHECK-NEXT: pto.aic_initialize_pipe {dir_mask = 3, slot_size = 4096, slot_num = 1} (gm_slot_buffer = %gm : !pto.ptr<f32>, c2v_consumer_buf = %c2v : i32, v2c_consumer_buf = %v2c : i32){{$}}
// CHECK:      %m = pto.tpop_from_aiv {split = 2} -> [[M:!pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>]]{{$}}
// CHECK-NEXT: pto.tmov ins(%m : [[M]]) outs(%l : !pto.tile_buf<loc=left,
// CHECK-NEXT: pto.tmov ins(%m : [[M]]) outs(%r : !pto.tile_buf<loc=right,
// CHECK-NEXT: pto.tmatmul ins(%l, %r :
// CHECK-NEXT: pto.tpush_to_aiv(%acc : [[ACC]]) {split = 1}{{$}}
// CHECK-NEXT: pto.tfree_from_aiv {split = 2}{{$}}
// CHECK-NEXT: pto.tpush_to_aiv(%acc : [[ACC]]) {id = 3, split = 0}{{$}}
// CHECK-NEXT: func.return
// CHECK-NOT:  tile.
func.func @vec_side(%out: memref<8x64xf32>, %raw: memref<16x64xf32>, %gm: memref<1xf32>) {
  tile.alloc @mem_vec_0 in vec size 4096 addr 0
  %c2v_0 = tile.reserve_buffer "c2v_0" size 8192 in vec at 4096
  %v2c_0 = tile.import_peer_buffer "v2c_0" from @cube_side
  tile.aiv_initialize_pipe %c2v_0, %v2c_0 gm_slot_buffer(%gm : memref<1xf32>) {dir_mask = 3 : i64, slot_size = 4096 : i64, slot_num = 1 : i64}
  %v2c_1 = tile.import_peer_buffer "v2c_1" from @cube_side
  %none = arith.constant 0 : i32
  tile.aiv_initialize_pipe %none, %v2c_1 gm_slot_buffer(%gm : memref<1xf32>) {id = 1 : i64, dir_mask = 2 : i64, slot_size = 2048 : i64, slot_num = 2 : i64}
  %c2v_3 = tile.reserve_buffer "c2v_3" size 4096 in vec at 12288
  tile.aiv_initialize_pipe %c2v_3, %none gm_slot_buffer(%gm : memref<1xf32>) {id = 3 : i64, dir_mask = 1 : i64, slot_size = 4096 : i64, slot_num = 1 : i64}
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %c32 = arith.constant 32 : index
  %p = tile.tpop_from_aic {split = 1 : i64} : !tile.tile<16x64xf32, vec>
  %lo = tile.slice %p, %c8, %c0 : (!tile.tile<16x64xf32, vec>, index, index) -> !tile.tile<8x64xf32, vec>
  %right = tile.slice %p, %c0, %c32 : (!tile.tile<16x64xf32, vec>, index, index) -> !tile.tile<16x32xf32, vec>
  %flat = tile.reshape %lo : (!tile.tile<8x64xf32, vec>) -> !tile.tile<4x128xf32, vec>
  %e = tile.exp %lo : (!tile.tile<8x64xf32, vec>) -> !tile.tile<8x64xf32, vec, memref = <@mem_vec_0, offset = 0, size = 2048>>
  %g = tile.exp %flat : (!tile.tile<4x128xf32, vec>) -> !tile.tile<4x128xf32, vec, memref = <@mem_vec_0, offset = 2048, size = 2048>>
  tile.tpush_to_aic %g {id = 1 : i64, split = 0 : i64} : !tile.tile<4x128xf32, vec, memref = <@mem_vec_0, offset = 2048, size = 2048>>
  tile.tpush_to_aic %right {split = 2 : i64} : !tile.tile<16x32xf32, vec>
  tile.store %e, %out[%c0, %c0] : !tile.tile<8x64xf32, vec, memref = <@mem_vec_0, offset = 0, size = 2048>>, memref<8x64xf32>
  tile.store %p, %raw[%c0, %c0] : !tile.tile<16x64xf32, vec>, memref<16x64xf32>
  tile.tfree_to_aic %p {split = 1 : i64} : !tile.tile<16x64xf32, vec>
  func.return
}

func.func @cube_side(%gm: memref<1xf32>) {
  tile.alloc @mem_left_0 in left size 2048 addr 0
  tile.alloc @mem_right_0 in right size 2048 addr 0
  tile.alloc @mem_acc_0 in acc size 4096 addr 0
  %c2v_0 = tile.import_peer_buffer "c2v_0" from @vec_side
  %v2c_0 = tile.reserve_buffer "v2c_0" size 4096 in mat at 0
  tile.aic_initialize_pipe %c2v_0, %v2c_0 gm_slot_buffer(%gm : memref<1xf32>) {dir_mask = 3 : i64, slot_size = 4096 : i64, slot_num = 1 : i64}
  %v2c_1 = tile.reserve_buffer "v2c_1" size 4096 in mat at 4096
  %none = arith.constant 0 : i32
  tile.aic_initialize_pipe %none, %v2c_1 gm_slot_buffer(%gm : memref<1xf32>) {id = 1 : i64, dir_mask = 2 : i64, slot_size = 2048 : i64, slot_num = 2 : i64}
  %c2v_3 = tile.import_peer_buffer "c2v_3" from @vec_side
  tile.aic_initialize_pipe %c2v_3, %none gm_slot_buffer(%gm : memref<1xf32>) {id = 3 : i64, dir_mask = 1 : i64, slot_size = 4096 : i64, slot_num = 1 : i64}
  %m = tile.tpop_from_aiv {split = 2 : i64} : !tile.tile<32x32xf16, mat>
  %l = tile.move %m : (!tile.tile<32x32xf16, mat>) -> !tile.tile<32x32xf16, left, memref = <@mem_left_0, offset = 0, size = 2048>>
  %r = tile.move %m : (!tile.tile<32x32xf16, mat>) -> !tile.tile<32x32xf16, right, memref = <@mem_right_0, offset = 0, size = 2048>>
  %acc = tile.matmul %l, %r : (!tile.tile<32x32xf16, left, memref = <@mem_left_0, offset = 0, size = 2048>>, !tile.tile<32x32xf16, right, memref = <@mem_right_0, offset = 0, size = 2048>>) -> !tile.tile<32x32xf32, acc, memref = <@mem_acc_0, offset = 0, size = 4096>>
  tile.tpush_to_aiv %acc {split = 1 : i64} : !tile.tile<32x32xf32, acc, memref = <@mem_acc_0, offset = 0, size = 4096>>
  tile.tfree_to_aiv %m {split = 2 : i64} : !tile.tile<32x32xf16, mat>
  tile.tpush_to_aiv %acc {id = 3 : i64, split = 0 : i64} : !tile.tile<32x32xf32, acc, memref = <@mem_acc_0, offset = 0, size = 4096>>
  func.return
}

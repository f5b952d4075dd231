// RUN: xdsl-opt -p 'pto-plan-memory{backend=a3},convert-tile-to-pto' %s | filecheck %s --check-prefixes=CHECK,PLANNED --match-full-lines
// RUN: xdsl-opt -p 'pto-plan-memory{backend=a3 planner=ptoas},convert-tile-to-pto' %s | filecheck %s --check-prefixes=CHECK,PTOAS --match-full-lines

// Pipe setup ops lowered to the text ptoas reads. A cube ("aic") and a
// vector ("aiv") function and a "group" entry calling both. Planned: the
// AUTO reservations are resolved (auto = false, base = B) and the tiles sit
// above them; under planner=ptoas the reservation stays auto = true and ptoas
// places it, and each pto.alloc_tile comes right before the tile's first use.
// Both sides initialize pipe id 2 with the same shape and name the GM slot
// buffer, as ptoas needs on a3. The group function becomes the entry
// (pto.entry), its callees private; tile.function_kind, tile.func_attrs and
// tile.out are dropped.

// CHECK:      builtin.module attributes {pto.target_arch = "a3"} {
// CHECK-NEXT:   func.func private @cube(%x: !pto.ptr<f16>, %y: !pto.ptr<f32>, %gm: !pto.ptr<f32>) attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
// PLANNED:        %l = pto.alloc_tile addr = %c0_i64 : !pto.tile_buf<loc=left, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=row_major, fractal=512, pad=0>
// PLANNED:        %v2c = pto.reserve_buffer {name = "v2c", size = 4096, location = #pto.address_space<mat>, auto = false, base = 0} -> i32
// PTOAS:          %v2c = pto.reserve_buffer {name = "v2c", size = 4096, location = #pto.address_space<mat>, auto = true} -> i32
// CHECK-NEXT:     %c2v = pto.import_reserved_buffer {name = "c2v", peer_func = @vector} -> i32
// CHECK-NEXT:     pto.aic_initialize_pipe {id = 2, dir_mask = 3, slot_size = 1024, slot_num = 4, local_slot_num = 2} (gm_slot_buffer = %gm : !pto.ptr<f32>, c2v_consumer_buf = %c2v : i32, v2c_consumer_buf = %v2c : i32)
// CHECK:          %p = pto.tpop_from_aiv {id = 2, split = 1} -> !pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=512, pad=0>
// PTOAS-NEXT:     %l = pto.alloc_tile : !pto.tile_buf<loc=left, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=row_major, fractal=512, pad=0>
// CHECK-NEXT:     pto.tmov ins(%p : !pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=512, pad=0>) outs(%l : !pto.tile_buf<loc=left, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=row_major, fractal=512, pad=0>)
// CHECK-NEXT:     pto.tfree_from_aiv {id = 2, split = 1}
// CHECK:          pto.tpush_to_aiv(%acc : !pto.tile_buf<loc=acc, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>) {id = 2, split = 1}
// CHECK-NEXT:     func.return
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func private @vector(%x: !pto.ptr<f16>, %y: !pto.ptr<f32>, %gm: !pto.ptr<f32>) attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
// CHECK:          %[[Q:[0-9]+]] = pto.get_subblock_idx
// CHECK-NEXT:     %sub = arith.index_cast %[[Q]] : i64 to index
// CHECK-NEXT:     %v2c = pto.import_reserved_buffer {name = "v2c", peer_func = @cube} -> i32
// PLANNED-NEXT:   %c2v = pto.reserve_buffer {name = "c2v", size = 8192, location = #pto.address_space<vec>, auto = false, base = 0} -> i32
// PTOAS-NEXT:     %c2v = pto.reserve_buffer {name = "c2v", size = 8192, location = #pto.address_space<vec>, auto = true} -> i32
// CHECK-NEXT:     pto.aiv_initialize_pipe {id = 2, dir_mask = 3, slot_size = 1024, slot_num = 4, local_slot_num = 2} (gm_slot_buffer = %gm : !pto.ptr<f32>, c2v_consumer_buf = %c2v : i32, v2c_consumer_buf = %v2c : i32)
// CHECK:          scf.if %first {
// CHECK-NEXT:       %s = pto.tpop_from_aic {id = 2, split = 1} -> !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>
// PTOAS-NEXT:       %e = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>
// CHECK-NEXT:       pto.texp ins(%s : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%e : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
// CHECK-NEXT:       pto.tfree_from_aic {id = 2, split = 1}
// CHECK:          } else {
// CHECK-NEXT:       %s_1 = pto.tpop_from_aic(%c0_index, %c0_index) {id = 2, split = 1} -> !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>
// PTOAS-NEXT:       %e_1 = pto.alloc_tile valid_row = %c0_index valid_col = %c0_index : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>
// CHECK-NEXT:       pto.texp ins(%s_1 : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%e_1 : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
// CHECK-NEXT:       pto.tfree_from_aic {id = 2, split = 1}
// CHECK-NEXT:     }
// CHECK-NEXT:     func.return
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @entry(%x: !pto.ptr<f16>, %y: !pto.ptr<f32>, %gm: !pto.ptr<f32>) attributes {pto.entry} {
// CHECK-NEXT:     func.call @cube(%x, %y, %gm) : (!pto.ptr<f16>, !pto.ptr<f32>, !pto.ptr<f32>) -> ()
// CHECK-NEXT:     func.call @vector(%x, %y, %gm) : (!pto.ptr<f16>, !pto.ptr<f32>, !pto.ptr<f32>) -> ()
// CHECK-NEXT:     func.return
// CHECK-NEXT:   }
// CHECK-NEXT: }
// CHECK-NOT: tile.
func.func @cube(%x: memref<16x16xf16>, %y: memref<16x16xf32> {tile.out}, %gm: memref<1xf32> {tile.out}) attributes {tile.function_kind = "aic"} {
  %v2c = tile.reserve_buffer "v2c" size 4096 in mat
  %c2v = tile.import_peer_buffer "c2v" from @vector
  tile.aic_initialize_pipe %c2v, %v2c gm_slot_buffer(%gm : memref<1xf32>) {dir_mask = 3 : i64, slot_size = 1024 : i64, slot_num = 4 : i64, local_slot_num = 2 : i64, id = 2 : i64}
  %c0 = arith.constant 0 : index
  %p = tile.tpop_from_aiv {id = 2 : i64, split = 1 : i64} : !tile.tile<16x16xf16, mat>
  %l = tile.move %p : (!tile.tile<16x16xf16, mat>) -> !tile.tile<16x16xf16, left>
  tile.tfree_to_aiv %p {id = 2 : i64, split = 1 : i64} : !tile.tile<16x16xf16, mat>
  %r = tile.load %x[%c0, %c0] : memref<16x16xf16> -> !tile.tile<16x16xf16, mat>
  %rr = tile.move %r : (!tile.tile<16x16xf16, mat>) -> !tile.tile<16x16xf16, right>
  %acc = tile.matmul %l, %rr : (!tile.tile<16x16xf16, left>, !tile.tile<16x16xf16, right>) -> !tile.tile<16x16xf32, acc>
  tile.tpush_to_aiv %acc {id = 2 : i64, split = 1 : i64} : !tile.tile<16x16xf32, acc>
  func.return
}

func.func @vector(%x: memref<16x16xf16>, %y: memref<16x16xf32> {tile.out}, %gm: memref<1xf32> {tile.out}) attributes {tile.function_kind = "aiv", tile.func_attrs = {dual_aiv_dispatch = true}} {
  %sub = tile.get_subblock_idx : index
  %v2c = tile.import_peer_buffer "v2c" from @cube
  %c2v = tile.reserve_buffer "c2v" size 8192 in vec
  tile.aiv_initialize_pipe %c2v, %v2c gm_slot_buffer(%gm : memref<1xf32>) {dir_mask = 3 : i64, slot_size = 1024 : i64, slot_num = 4 : i64, local_slot_num = 2 : i64, id = 2 : i64}
  %c0 = arith.constant 0 : index
  %first = arith.cmpi eq, %sub, %c0 : index
  scf.if %first {
    %s = tile.tpop_from_aic {id = 2 : i64, split = 1 : i64} : !tile.tile<16x16xf32, vec>
    %e = tile.exp %s : (!tile.tile<16x16xf32, vec>) -> !tile.tile<16x16xf32, vec>
    tile.tfree_to_aic %s {id = 2 : i64, split = 1 : i64} : !tile.tile<16x16xf32, vec>
    tile.store %e, %y[%c0, %c0] : !tile.tile<16x16xf32, vec>, memref<16x16xf32>
    scf.yield
  } else {
    %s = tile.tpop_from_aic {id = 2 : i64, split = 1 : i64} : !tile.tile<16x16xf32, vec, valid = 0x0>
    %e = tile.exp %s : (!tile.tile<16x16xf32, vec, valid = 0x0>) -> !tile.tile<16x16xf32, vec, valid = 0x0>
    tile.tfree_to_aic %s {id = 2 : i64, split = 1 : i64} : !tile.tile<16x16xf32, vec, valid = 0x0>
    scf.yield
  }
  func.return
}

func.func @entry(%x: memref<16x16xf16>, %y: memref<16x16xf32> {tile.out}, %gm: memref<1xf32> {tile.out}) attributes {tile.function_kind = "group"} {
  func.call @cube(%x, %y, %gm) : (memref<16x16xf16>, memref<16x16xf32>, memref<1xf32>) -> ()
  func.call @vector(%x, %y, %gm) : (memref<16x16xf16>, memref<16x16xf32>, memref<1xf32>) -> ()
  func.return
}

// RUN: xdsl-opt %s | filecheck %s --match-full-lines
// RUN: xdsl-opt %s | xdsl-opt | filecheck %s --match-full-lines

// The pipe setup ops and the function attributes the pypto importer sets
// round-trip unchanged.

// CHECK:       func.func @aiv(%out: memref<16x16xf32> {tile.out}) attributes {tile.function_kind = "aiv", tile.func_attrs = {dual_aiv_dispatch = true}} {
// CHECK-NEXT:    %sub = tile.get_subblock_idx : index
// CHECK-NEXT:    %imp = tile.import_peer_buffer "v2c" from @aic
// CHECK-NEXT:    %res = tile.reserve_buffer "c2v" size 4096 in vec
// CHECK-NEXT:    %fix = tile.reserve_buffer "c2v_two" size 2048 in vec at 8192
// CHECK-NEXT:    tile.aiv_initialize_pipe %res, %imp {dir_mask = 3 : i64, slot_size = 1024 : i64, slot_num = 4 : i64, local_slot_num = 2 : i64, id = 1 : i64}
// CHECK-NEXT:    %p = tile.tpop_from_aic {id = 1 : i64, split = 1 : i64} : !tile.tile<16x16xf32, vec>
// CHECK-NEXT:    tile.tfree_to_aic %p {id = 1 : i64, split = 1 : i64} : !tile.tile<16x16xf32, vec>
// CHECK-NEXT:    func.return
// CHECK-NEXT:  }
func.func @aiv(%out: memref<16x16xf32> {tile.out}) attributes {tile.function_kind = "aiv", tile.func_attrs = {dual_aiv_dispatch = true}} {
  %sub = tile.get_subblock_idx : index
  %imp = tile.import_peer_buffer "v2c" from @aic
  %res = tile.reserve_buffer "c2v" size 4096 in vec
  %fix = tile.reserve_buffer "c2v_two" size 2048 in vec at 8192
  tile.aiv_initialize_pipe %res, %imp {dir_mask = 3 : i64, slot_size = 1024 : i64, slot_num = 4 : i64, local_slot_num = 2 : i64, id = 1 : i64}
  %p = tile.tpop_from_aic {id = 1 : i64, split = 1 : i64} : !tile.tile<16x16xf32, vec>
  tile.tfree_to_aic %p {id = 1 : i64, split = 1 : i64} : !tile.tile<16x16xf32, vec>
  func.return
}

// CHECK:       func.func @aic() attributes {tile.function_kind = "aic"} {
// CHECK-NEXT:    %res = tile.reserve_buffer "v2c" size 4096 in mat
// CHECK-NEXT:    %imp = tile.import_peer_buffer "c2v" from @aiv
// CHECK-NEXT:    tile.aic_initialize_pipe %imp, %res {dir_mask = 2 : i64, slot_size = 2048 : i64, slot_num = 2 : i64}
// CHECK-NEXT:    %m = tile.tpop_from_aiv {split = 0 : i64} : !tile.tile<16x16xf16, mat, valid = 0x0>
// CHECK-NEXT:    tile.tfree_to_aiv %m {split = 0 : i64} : !tile.tile<16x16xf16, mat, valid = 0x0>
// CHECK-NEXT:    func.return
// CHECK-NEXT:  }
func.func @aic() attributes {tile.function_kind = "aic"} {
  %res = tile.reserve_buffer "v2c" size 4096 in mat
  %imp = tile.import_peer_buffer "c2v" from @aiv
  tile.aic_initialize_pipe %imp, %res {dir_mask = 2 : i64, slot_size = 2048 : i64, slot_num = 2 : i64}
  %m = tile.tpop_from_aiv {split = 0 : i64} : !tile.tile<16x16xf16, mat, valid = 0x0>
  tile.tfree_to_aiv %m {split = 0 : i64} : !tile.tile<16x16xf16, mat, valid = 0x0>
  func.return
}

// RUN: xdsl-opt --split-input-file --verify-diagnostics %s | filecheck %s

// Each chunk holds one invalid pipe setup op; the verifier names the op's
// location and the rule broken.

// A reservation of no bytes.
func.func @case0() {
  %r = tile.reserve_buffer "ring" size 0 in vec
  func.return
}
// CHECK: pipe-setup-ops-invalid.mlir:8:8: error: 'tile.reserve_buffer' op size must be a positive integer (bytes), got 0

// -----

// A name the reference's identifier check refuses.
func.func @case1() {
  %r = tile.reserve_buffer "ring-1" size 64 in vec
  func.return
}
// CHECK: pipe-setup-ops-invalid.mlir:17:8: error: 'tile.reserve_buffer' op name must be letters, digits and '_' only, got "ring-1"

// -----

// An empty name.
func.func @case2() {
  %r = tile.reserve_buffer "" size 64 in vec
  func.return
}
// CHECK: pipe-setup-ops-invalid.mlir:26:8: error: 'tile.reserve_buffer' op name must not be empty

// -----

// An explicit base off the 32-byte grid.
func.func @case3() {
  %r = tile.reserve_buffer "ring" size 64 in mat at 16
  func.return
}
// CHECK: pipe-setup-ops-invalid.mlir:35:8: error: 'tile.reserve_buffer' op base 16 is not 32-byte aligned

// -----

// A reservation inside a loop.
func.func @case4() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %c1 step %c1 {
    %r = tile.reserve_buffer "ring" size 64 in vec
    scf.yield
  }
  func.return
}
// CHECK: pipe-setup-ops-invalid.mlir:47:10: error: 'tile.reserve_buffer' op must be at the top level of a function body, not inside 'scf.for'

// -----

// dir_mask out of range.
func.func @case5() {
  %r = tile.reserve_buffer "ring" size 64 in vec
  tile.aiv_initialize_pipe %r, %r {dir_mask = 4 : i64, slot_size = 32 : i64}
  func.return
}
// CHECK: pipe-setup-ops-invalid.mlir:59:3: error: 'tile.aiv_initialize_pipe' op dir_mask must be 1 (cube to vector), 2 (vector to cube) or 3 (both), got 4

// -----

// slot_size must be positive.
func.func @case6() {
  %r = tile.reserve_buffer "ring" size 64 in mat
  tile.aic_initialize_pipe %r, %r {dir_mask = 1 : i64, slot_size = 0 : i64}
  func.return
}
// CHECK: pipe-setup-ops-invalid.mlir:69:3: error: 'tile.aic_initialize_pipe' op slot_size must be a positive integer (bytes), got 0

// -----

// slot_num must be positive.
func.func @case7() {
  %r = tile.reserve_buffer "ring" size 64 in mat
  tile.aic_initialize_pipe %r, %r {dir_mask = 1 : i64, slot_size = 32 : i64, slot_num = 0 : i64}
  func.return
}
// CHECK: pipe-setup-ops-invalid.mlir:79:3: error: 'tile.aic_initialize_pipe' op slot_num must be positive, got 0

// -----

// local_slot_num above slot_num.
func.func @case8() {
  %r = tile.reserve_buffer "ring" size 64 in mat
  tile.aic_initialize_pipe %r, %r {dir_mask = 3 : i64, slot_size = 32 : i64, slot_num = 2 : i64, local_slot_num = 3 : i64}
  func.return
}
// CHECK: pipe-setup-ops-invalid.mlir:89:3: error: 'tile.aic_initialize_pipe' op local_slot_num must be positive and at most slot_num (2), got 3

// -----

// tfree needs a popped tile.
func.func @case10() {
  %pipe = arith.constant 0 : i32
  tile.aiv_initialize_pipe %pipe, %pipe {dir_mask = 3 : i64, slot_size = 1024 : i64}
  %t = tile.create : !tile.tile<16x16xf32, vec>
  tile.tfree_to_aic %t {split = 0 : i64} : !tile.tile<16x16xf32, vec>
  func.return
}
// CHECK: pipe-setup-ops-invalid.mlir:101:3: error: 'tile.tfree_to_aic' op tile must be the result of a tile.tpop_from_aic (a popped tile), got a result of 'tile.create'

// -----

// tfree_to_aiv frees a tile popped from the vector core, not from the cube.
func.func @case11() {
  %pipe = arith.constant 0 : i32
  tile.aiv_initialize_pipe %pipe, %pipe {dir_mask = 3 : i64, slot_size = 1024 : i64}
  %p = tile.tpop_from_aic {split = 0 : i64} : !tile.tile<16x16xf32, vec>
  tile.tfree_to_aiv %p {split = 0 : i64} : !tile.tile<16x16xf32, vec>
  func.return
}
// CHECK: pipe-setup-ops-invalid.mlir:113:3: error: 'tile.tfree_to_aiv' op tile must be the result of a tile.tpop_from_aiv (a popped tile), got a result of 'tile.tpop_from_aic'

// -----

// split must match the pop's.
func.func @case12() {
  %pipe = arith.constant 0 : i32
  tile.aiv_initialize_pipe %pipe, %pipe {dir_mask = 3 : i64, slot_size = 1024 : i64}
  %p = tile.tpop_from_aic {split = 1 : i64} : !tile.tile<16x16xf32, vec>
  tile.tfree_to_aic %p {split = 0 : i64} : !tile.tile<16x16xf32, vec>
  func.return
}
// CHECK: pipe-setup-ops-invalid.mlir:125:3: error: 'tile.tfree_to_aic' op split 0 differs from the pop's split 1

// -----

// id must match the pop's.
func.func @case13() {
  %pipe = arith.constant 0 : i32
  tile.aiv_initialize_pipe %pipe, %pipe {dir_mask = 3 : i64, slot_size = 1024 : i64}
  tile.aiv_initialize_pipe %pipe, %pipe {id = 2 : i64, dir_mask = 3 : i64, slot_size = 1024 : i64}
  %p = tile.tpop_from_aic {split = 0 : i64} : !tile.tile<16x16xf32, vec>
  tile.tfree_to_aic %p {id = 2 : i64, split = 0 : i64} : !tile.tile<16x16xf32, vec>
  func.return
}
// CHECK: pipe-setup-ops-invalid.mlir:138:3: error: 'tile.tfree_to_aic' op id 2 differs from the pop's id 0

// -----

// tfree reuses verify_pipe_attrs: split is required.
func.func @case14() {
  %pipe = arith.constant 0 : i32
  tile.aiv_initialize_pipe %pipe, %pipe {dir_mask = 3 : i64, slot_size = 1024 : i64}
  %p = tile.tpop_from_aic {split = 0 : i64} : !tile.tile<16x16xf32, vec>
  tile.tfree_to_aic %p : !tile.tile<16x16xf32, vec>
  func.return
}
// CHECK: pipe-setup-ops-invalid.mlir:150:3: error: 'tile.tfree_to_aic' op needs a 'split' attribute (an i64 in 0..4, pto-isa TileSplitAxis)

// -----

// An import names a peer function.
func.func @case15() {
  %i = tile.import_peer_buffer "" from @peer
  func.return
}
// CHECK: pipe-setup-ops-invalid.mlir:159:8: error: 'tile.import_peer_buffer' op name must not be empty

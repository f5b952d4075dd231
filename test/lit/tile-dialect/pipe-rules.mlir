// RUN: xdsl-opt %s | filecheck %s

// The counterparts of pipe-rules-invalid.mlir, all accepted: each pipe op's
// direction enabled by its function's dir_mask (the initialize op of the
// same id, else all of them together); two pipes with distinct ids; one free
// per path (both branches of an if); pop and free in one loop body; a pipe
// initialized with placeholder buffers (no ring: a kernel planned on its own,
// which convert-tile-to-pto would refuse without its peer) whose pops need no
// free. A pop or push with no initialize op at all is refused
// (pipe-rules-invalid.mlir), as ptoas refuses it.

// CHECK-LABEL: func.func @cube
// CHECK:         tile.aic_initialize_pipe %c2v, %v2c {dir_mask = 3 : i64, slot_size = 1024 : i64}
// CHECK-NEXT:    tile.aic_initialize_pipe %c2v, %v2c {dir_mask = 2 : i64, slot_size = 1024 : i64, id = 1 : i64}
func.func @cube(%a: !tile.tile<16x16xf32, acc>, %c: i1) attributes {tile.function_kind = "aic"} {
  %v2c = tile.reserve_buffer "v2c" size 8192 in mat
  %c2v = tile.import_peer_buffer "c2v" from @vector
  tile.aic_initialize_pipe %c2v, %v2c {dir_mask = 3 : i64, slot_size = 1024 : i64}
  tile.aic_initialize_pipe %c2v, %v2c {dir_mask = 2 : i64, slot_size = 1024 : i64, id = 1 : i64}
  tile.tpush_to_aiv %a {split = 0 : i64} : !tile.tile<16x16xf32, acc>
  %p = tile.tpop_from_aiv {split = 0 : i64, id = 1 : i64} : !tile.tile<16x16xf16, mat>
  scf.if %c {
    tile.tfree_to_aiv %p {split = 0 : i64, id = 1 : i64} : !tile.tile<16x16xf16, mat>
    scf.yield
  } else {
    tile.tfree_to_aiv %p {split = 0 : i64, id = 1 : i64} : !tile.tile<16x16xf16, mat>
    scf.yield
  }
  func.return
}

// CHECK-LABEL: func.func @vector
func.func @vector() attributes {tile.function_kind = "aiv"} {
  %v2c = tile.import_peer_buffer "v2c" from @cube
  %c2v = tile.reserve_buffer "c2v" size 8192 in vec
  %two = tile.reserve_buffer "c2v_two" size 8192 in vec
  tile.aiv_initialize_pipe %c2v, %v2c {dir_mask = 1 : i64, slot_size = 1024 : i64}
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.for %i = %c0 to %c4 step %c1 {
    %p = tile.tpop_from_aic {split = 0 : i64} : !tile.tile<16x16xf32, vec>
    tile.tfree_to_aic %p {split = 0 : i64} : !tile.tile<16x16xf32, vec>
    scf.yield
  }
  func.return
}

// CHECK-LABEL: func.func @placeholder_pipe
// CHECK:         %p = tile.tpop_from_aic {split = 0 : i64} : !tile.tile<16x16xf32, vec>
func.func @placeholder_pipe() {
  %none = arith.constant 0 : i32
  tile.aiv_initialize_pipe %none, %none {dir_mask = 3 : i64, slot_size = 1024 : i64}
  %p = tile.tpop_from_aic {split = 0 : i64} : !tile.tile<16x16xf32, vec>
  tile.tpush_to_aic %p {split = 0 : i64} : !tile.tile<16x16xf32, vec>
  func.return
}

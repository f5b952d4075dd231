// RUN: xdsl-opt -p 'pto-plan-memory{backend=a3},convert-tile-to-pto' --split-input-file --verify-diagnostics %s | filecheck %s
// RUN: xdsl-opt -p 'pto-plan-memory{backend=a3 planner=ptoas},convert-tile-to-pto' --split-input-file --verify-diagnostics %s | filecheck %s

// The cross-function pipe rules convert-tile-to-pto checks on the whole
// module: an import names a function of the module that reserves that name,
// and the two initialize ops sharing a buffer enable the same directions.

// The peer function is not in the module.
func.func @vector() attributes {tile.function_kind = "aiv"} {
  %v2c = tile.import_peer_buffer "v2c" from @nobody
// CHECK: err-pipe-peers.mlir:[[# @LINE - 1]]:10: error: convert-tile-to-pto: tile.import_peer_buffer in @vector: @nobody is not a function of this module; the peer function must reserve "v2c" with tile.reserve_buffer
  %c2v = tile.reserve_buffer "c2v" size 4096 in vec
  tile.aiv_initialize_pipe %c2v, %v2c {dir_mask = 1 : i64, slot_size = 1024 : i64}
  %p = tile.tpop_from_aic {split = 0 : i64} : !tile.tile<16x16xf32, vec>
  tile.tfree_to_aic %p {split = 0 : i64} : !tile.tile<16x16xf32, vec>
  func.return
}

// -----

// The peer reserves no buffer of that name.
func.func @cube() attributes {tile.function_kind = "aic"} {
  %v2c = tile.reserve_buffer "v2c" size 4096 in mat
  %c2v = tile.import_peer_buffer "c2v" from @vector
  tile.aic_initialize_pipe %c2v, %v2c {dir_mask = 1 : i64, slot_size = 1024 : i64}
  func.return
}

func.func @vector() attributes {tile.function_kind = "aiv"} {
  %v2c = tile.import_peer_buffer "v2c_ring" from @cube
// CHECK: err-pipe-peers.mlir:[[# @LINE - 1]]:10: error: convert-tile-to-pto: tile.import_peer_buffer in @vector: @cube reserves no buffer named "v2c_ring" (it reserves "v2c")
  %c2v = tile.reserve_buffer "c2v" size 4096 in vec
  tile.aiv_initialize_pipe %c2v, %v2c {dir_mask = 1 : i64, slot_size = 1024 : i64}
  func.return
}

// -----

// The two sides of the pipe disagree on its directions.
func.func @cube(%a: memref<16x16xf32>) attributes {tile.function_kind = "aic"} {
  %v2c = tile.reserve_buffer "v2c" size 4096 in mat
  %c2v = tile.import_peer_buffer "c2v" from @vector
  tile.aic_initialize_pipe %c2v, %v2c {dir_mask = 1 : i64, slot_size = 1024 : i64}
// CHECK: err-pipe-peers.mlir:[[# @LINE - 1]]:3: error: convert-tile-to-pto: tile.aic_initialize_pipe in @cube: dir_mask = 1 disagrees with dir_mask = 3 of the tile.aiv_initialize_pipe in @vector at {{.*}}err-pipe-peers.mlir:[[# @LINE + 10]]:3, which shares the buffer "c2v"; both sides of a pipe enable the same directions
  %c0 = arith.constant 0 : index
  %t = tile.load %a[%c0, %c0] : memref<16x16xf32> -> !tile.tile<16x16xf32, mat>
  tile.tpush_to_aiv %t {split = 0 : i64} : !tile.tile<16x16xf32, mat>
  func.return
}

func.func @vector() attributes {tile.function_kind = "aiv"} {
  %v2c = tile.import_peer_buffer "v2c" from @cube
  %c2v = tile.reserve_buffer "c2v" size 4096 in vec
  tile.aiv_initialize_pipe %c2v, %v2c {dir_mask = 3 : i64, slot_size = 1024 : i64}
  %p = tile.tpop_from_aic {split = 0 : i64} : !tile.tile<16x16xf32, vec>
  tile.tfree_to_aic %p {split = 0 : i64} : !tile.tile<16x16xf32, vec>
  func.return
}

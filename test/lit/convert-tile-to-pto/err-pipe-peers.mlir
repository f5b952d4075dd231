// RUN: xdsl-opt -p 'pto-plan-memory{backend=a3},convert-tile-to-pto' --split-input-file --verify-diagnostics %s | filecheck %s
// RUN: xdsl-opt -p 'pto-plan-memory{backend=a3 planner=ptoas},convert-tile-to-pto' --split-input-file --verify-diagnostics %s | filecheck %s

// The cross-function pipe rules convert-tile-to-pto checks on the whole
// module: an import names a function of the module that reserves that name,
// and the two initialize ops sharing a buffer enable the same directions.

// The peer function is not in the module.
func.func @vector() attributes {tile.function_kind = "aiv"} {
  %v2c = tile.import_peer_buffer "v2c" from @nobody
// CHECK: err-pipe-peers.mlir:[[# @LINE - 1]]:10: error: convert-tile-to-pto: tile.import_peer_buffer in @vector: @nobody is not a function of this module; the peer function must reserve "v2c" with tile.reserve_buffer
  %c2v = tile.reserve_buffer "c2v" size 8192 in vec
  tile.aiv_initialize_pipe %c2v, %v2c {dir_mask = 1 : i64, slot_size = 1024 : i64}
  %p = tile.tpop_from_aic {split = 0 : i64} : !tile.tile<16x16xf32, vec>
  tile.tfree_to_aic %p {split = 0 : i64} : !tile.tile<16x16xf32, vec>
  func.return
}

// -----

// The peer reserves no buffer of that name.
func.func @cube() attributes {tile.function_kind = "aic"} {
  %v2c = tile.reserve_buffer "v2c" size 8192 in mat
  %c2v = tile.import_peer_buffer "c2v" from @vector
  tile.aic_initialize_pipe %c2v, %v2c {dir_mask = 1 : i64, slot_size = 1024 : i64}
  func.return
}

func.func @vector() attributes {tile.function_kind = "aiv"} {
  %v2c = tile.import_peer_buffer "v2c_ring" from @cube
// CHECK: err-pipe-peers.mlir:[[# @LINE - 1]]:10: error: convert-tile-to-pto: tile.import_peer_buffer in @vector: @cube reserves no buffer named "v2c_ring" (it reserves "v2c")
  %c2v = tile.reserve_buffer "c2v" size 8192 in vec
  tile.aiv_initialize_pipe %c2v, %v2c {dir_mask = 1 : i64, slot_size = 1024 : i64}
  func.return
}

// -----

// The two sides of the pipe disagree on its directions.
func.func @cube(%a: memref<16x16xf32>) attributes {tile.function_kind = "aic"} {
  %v2c = tile.reserve_buffer "v2c" size 8192 in mat
  %c2v = tile.import_peer_buffer "c2v" from @vector
  tile.aic_initialize_pipe %c2v, %v2c {dir_mask = 1 : i64, slot_size = 1024 : i64}
// CHECK: err-pipe-peers.mlir:[[# @LINE - 1]]:3: error: convert-tile-to-pto: tile.aic_initialize_pipe in @cube: dir_mask = 1 disagrees with dir_mask = 3 of the tile.aiv_initialize_pipe in @vector at {{.*}}err-pipe-peers.mlir:[[# @LINE + 10]]:3, which shares the buffer "c2v"; both sides of a pipe enable the same directions
  %c0 = arith.constant 0 : index
  %t = tile.create : !tile.tile<16x16xf32, acc>
  tile.tpush_to_aiv %t {split = 0 : i64} : !tile.tile<16x16xf32, acc>
  func.return
}

func.func @vector() attributes {tile.function_kind = "aiv"} {
  %v2c = tile.import_peer_buffer "v2c" from @cube
  %c2v = tile.reserve_buffer "c2v" size 8192 in vec
  tile.aiv_initialize_pipe %c2v, %v2c {dir_mask = 3 : i64, slot_size = 1024 : i64}
  %p = tile.tpop_from_aic {split = 0 : i64} : !tile.tile<16x16xf32, vec>
  tile.tfree_to_aic %p {split = 0 : i64} : !tile.tile<16x16xf32, vec>
  func.return
}

// -----

// ptoas pairs every pipe with its peer kernel: a ring nobody imports (the
// module holds one side of the pipe only) is refused.
func.func @vector(%gm: memref<1xf32>) attributes {tile.function_kind = "aiv"} {
  %c2v = tile.reserve_buffer "c2v" size 8192 in vec
  %none = arith.constant 0 : i32
  tile.aiv_initialize_pipe %c2v, %none gm_slot_buffer(%gm : memref<1xf32>) {dir_mask = 1 : i64, slot_size = 1024 : i64}
// CHECK: err-pipe-peers.mlir:[[# @LINE - 1]]:3: error: convert-tile-to-pto: tile.aiv_initialize_pipe in @vector: the cube to vector pipe through "c2v" (reserved in @vector) is initialized by 1 op(s) in @vector; ptoas pairs each pipe with exactly one initialize op in the peer function that imports (or reserves) that buffer -- the module needs both kernels of the pipe
  %p = tile.tpop_from_aic {split = 0 : i64} : !tile.tile<16x16xf32, vec>
  tile.tfree_to_aic %p {split = 0 : i64} : !tile.tile<16x16xf32, vec>
  func.return
}

// -----

// An enabled direction's consumer buffer must be a ring (a reservation or an
// import): a placeholder constant names no pipe ptoas could pair.
func.func @vector(%gm: memref<1xf32>) attributes {tile.function_kind = "aiv"} {
  %none = arith.constant 0 : i32
  tile.aiv_initialize_pipe %none, %none gm_slot_buffer(%gm : memref<1xf32>) {dir_mask = 1 : i64, slot_size = 1024 : i64}
// CHECK: err-pipe-peers.mlir:[[# @LINE - 1]]:3: error: convert-tile-to-pto: tile.aiv_initialize_pipe in @vector: dir_mask = 1 enables the cube to vector pipe, so its c2v_consumer_buf must be a tile.reserve_buffer or tile.import_peer_buffer result: ptoas pairs the two sides of a pipe by that ring buffer
  func.return
}

// -----

// The two sides agree on the pipe's shape: slot_size differs here.
func.func @cube(%gm: memref<1xf32>) attributes {tile.function_kind = "aic"} {
  %c2v = tile.import_peer_buffer "c2v" from @vector
  %none = arith.constant 0 : i32
  tile.aic_initialize_pipe %c2v, %none gm_slot_buffer(%gm : memref<1xf32>) {dir_mask = 1 : i64, slot_size = 2048 : i64}
  func.return
}

func.func @vector(%gm: memref<1xf32>) attributes {tile.function_kind = "aiv"} {
  %c2v = tile.reserve_buffer "c2v" size 8192 in vec
  %none = arith.constant 0 : i32
  tile.aiv_initialize_pipe %c2v, %none gm_slot_buffer(%gm : memref<1xf32>) {dir_mask = 1 : i64, slot_size = 1024 : i64}
// CHECK: err-pipe-peers.mlir:[[# @LINE - 1]]:3: error: convert-tile-to-pto: tile.aiv_initialize_pipe in @vector: slot_size = 1024 disagrees with slot_size = 2048 of the tile.aic_initialize_pipe in @cube at {{.*}}err-pipe-peers.mlir:[[# @LINE - 8]]:3, the other side of the pipe through "c2v"; ptoas needs both sides to agree on id, dir_mask, slot_size, slot_num and local_slot_num
  func.return
}

// -----

// One pipe used split by one kernel and unsplit by the other: ptoas refuses
// the mix across its two kernels too.
func.func @cube(%gm: memref<1xf32>) attributes {tile.function_kind = "aic"} {
  %c2v = tile.import_peer_buffer "c2v" from @vector
  %none = arith.constant 0 : i32
  tile.aic_initialize_pipe %c2v, %none gm_slot_buffer(%gm : memref<1xf32>) {dir_mask = 1 : i64, slot_size = 1024 : i64}
  %a = tile.create : !tile.tile<16x16xf32, acc>
  tile.tpush_to_aiv %a {split = 0 : i64} : !tile.tile<16x16xf32, acc>
  func.return
}

func.func @vector(%gm: memref<1xf32>) attributes {tile.function_kind = "aiv"} {
  %c2v = tile.reserve_buffer "c2v" size 8192 in vec
  %none = arith.constant 0 : i32
  tile.aiv_initialize_pipe %c2v, %none gm_slot_buffer(%gm : memref<1xf32>) {dir_mask = 1 : i64, slot_size = 1024 : i64}
  %p = tile.tpop_from_aic {split = 1 : i64} : !tile.tile<16x8xf32, vec>
// CHECK: err-pipe-peers.mlir:[[# @LINE - 1]]:8: error: convert-tile-to-pto: tile.tpop_from_aic in @vector: split = 1 on the pipe through "c2v", which the tile.tpush_to_aiv in @cube at {{.*}}err-pipe-peers.mlir:[[# @LINE - 9]]:3 uses unsplit (split = 0); ptoas does not mix an unsplit use with a split one on one pipe, across its two kernels either
  tile.tfree_to_aic %p {split = 1 : i64} : !tile.tile<16x8xf32, vec>
  func.return
}

// -----

// On a2/a3 ptoas needs each initialize op's GM slot buffer (a5 does not).
func.func @cube() attributes {tile.function_kind = "aic"} {
  %c2v = tile.import_peer_buffer "c2v" from @vector
  %none = arith.constant 0 : i32
  tile.aic_initialize_pipe %c2v, %none {dir_mask = 1 : i64, slot_size = 1024 : i64}
// CHECK: err-pipe-peers.mlir:[[# @LINE - 1]]:3: error: convert-tile-to-pto: tile.aic_initialize_pipe in @cube: on a3 ptoas needs the pipe's GM slot buffer: pass a GM tensor argument of the function with gm_slot_buffer(%t : memref<...>) (the reference passes its __gm_pipe_buffer parameter)
  func.return
}

func.func @vector() attributes {tile.function_kind = "aiv"} {
  %c2v = tile.reserve_buffer "c2v" size 8192 in vec
  %none = arith.constant 0 : i32
  tile.aiv_initialize_pipe %c2v, %none {dir_mask = 1 : i64, slot_size = 1024 : i64}
  func.return
}

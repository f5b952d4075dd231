// RUN: xdsl-opt --split-input-file --verify-diagnostics %s | filecheck %s

// The sizes of a cross-core pipe (pypto-docs/operators.md, CrossCoreOp;
// python_syntax.md, the pipe example): the consumer's ring (the
// tile.reserve_buffer an initialize op takes for an enabled direction) holds
// slot_size x n bytes, n its local_slot_num, else its slot_num, else ptoas's
// default (4 per direction of a two-way pipe, 8 of a one-way one); a pushed or
// popped tile fits one slot. The planners place tiles above the ring's size,
// so a smaller ring would put tiles inside its slots; ptoas v0.48 checks
// neither. Refused at the initialize op, or at the push / pop.

// A ring of 1024 bytes for 2 slots of 4096 (the breaker's edited
// gemm_eltwise_tile_aiv).
func.func @small(%gm: memref<1xf32>) attributes {tile.function_kind = "aiv"} {
  %c2v = tile.reserve_buffer "c2v" size 1024 in vec
  %none = arith.constant 0 : i32
  tile.aiv_initialize_pipe %c2v, %none gm_slot_buffer(%gm : memref<1xf32>) {dir_mask = 1 : i64, slot_size = 4096 : i64, slot_num = 2 : i64}
// CHECK: pipe-slots-invalid.mlir:[[# @LINE - 1]]:3: error: tile.aiv_initialize_pipe in @small: the cube to vector ring "c2v" (the tile.reserve_buffer at {{.*}}pipe-slots-invalid.mlir:[[# @LINE - 3]]:10) has 1024 bytes, but the pipe keeps 2 slots of slot_size = 4096 bytes in it (slot_num = 2): reserve at least 8192 bytes, or lower the slot count or slot_size (pypto-docs/operators.md: size the reserved buffer slot_size x local_slot_num on a2/a3, slot_size x slot_num on a5){{$}}
  func.return
}

// -----

// No slot_num: ptoas keeps 8 slots of a one-way pipe (its TPipe<..., 8, 8>).
func.func @default_one_way() attributes {tile.function_kind = "aic"} {
  %v2c = tile.reserve_buffer "v2c" size 4096 in mat
  %none = arith.constant 0 : i32
  tile.aic_initialize_pipe %none, %v2c {dir_mask = 2 : i64, slot_size = 1024 : i64}
// CHECK: pipe-slots-invalid.mlir:[[# @LINE - 1]]:3: error: tile.aic_initialize_pipe in @default_one_way: the vector to cube ring "v2c" (the tile.reserve_buffer at {{.*}}:[[# @LINE - 3]]:10) has 4096 bytes, but the pipe keeps 8 slots of slot_size = 1024 bytes in it (slot_num not set: ptoas's default for a one-way pipe is 8): reserve at least 8192 bytes, or lower the slot count or slot_size {{.*}}
  func.return
}

// -----

// A two-way pipe keeps 4 per direction; the same ring of 4096 bytes is enough
// for the cube to vector direction, and the vector to cube one is imported
// (its reserving side checks it). The local count decides on a2/a3:
// local_slot_num = 3 of slot_num = 4 needs 3 slots.
func.func @local(%gm: memref<1xf32>) attributes {tile.function_kind = "aiv"} {
  %c2v = tile.reserve_buffer "c2v" size 4096 in vec
  %v2c = tile.import_peer_buffer "v2c" from @cube
  tile.aiv_initialize_pipe %c2v, %v2c {dir_mask = 3 : i64, slot_size = 1024 : i64}
  %c2v_1 = tile.reserve_buffer "c2v_1" size 2048 in vec
  tile.aiv_initialize_pipe %c2v_1, %v2c {id = 1 : i64, dir_mask = 3 : i64, slot_size = 1024 : i64, slot_num = 4 : i64, local_slot_num = 3 : i64}
// CHECK: pipe-slots-invalid.mlir:[[# @LINE - 1]]:3: error: tile.aiv_initialize_pipe in @local: the cube to vector ring "c2v_1" {{.*}} has 2048 bytes, but the pipe keeps 3 slots of slot_size = 1024 bytes in it (local_slot_num = 3): reserve at least 3072 bytes, {{.*}}
  func.return
}

// -----

// The cube pushes a 16x128 f32 accumulator (8192 bytes) through slots of
// 4096 (the breaker's mm_big_aic.py).
func.func @big_push(%acc: !tile.tile<16x128xf32, acc>, %gm: memref<1xf32>) attributes {tile.function_kind = "aic"} {
  %c2v = tile.import_peer_buffer "c2v" from @vec
  %none = arith.constant 0 : i32
  tile.aic_initialize_pipe %c2v, %none gm_slot_buffer(%gm : memref<1xf32>) {dir_mask = 1 : i64, slot_size = 4096 : i64, slot_num = 2 : i64}
  tile.tpush_to_aiv %acc {split = 0 : i64} : !tile.tile<16x128xf32, acc>
// CHECK: pipe-slots-invalid.mlir:[[# @LINE - 1]]:3: error: tile.tpush_to_aiv in @big_push: the pushed tile (16x128xf32, 8192 bytes) does not fit a slot of pipe id 0: the tile.aic_initialize_pipe at {{.*}}pipe-slots-invalid.mlir:[[# @LINE - 2]]:3 sets slot_size = 4096; raise slot_size to at least 8192 on both sides of the pipe (and the ring with it) or move a smaller tile{{$}}
  func.return
}

// -----

// Split, each vector lane takes half of the cube's tile: 32x64 f32 is 8192
// bytes, a lane's 16 rows 4096, over a slot of 2048.
func.func @split_push(%acc: !tile.tile<32x64xf32, acc>) attributes {tile.function_kind = "aic"} {
  %none = arith.constant 0 : i32
  tile.aic_initialize_pipe %none, %none {dir_mask = 1 : i64, slot_size = 2048 : i64}
  tile.tpush_to_aiv %acc {split = 1 : i64} : !tile.tile<32x64xf32, acc>
// CHECK: pipe-slots-invalid.mlir:[[# @LINE - 1]]:3: error: tile.tpush_to_aiv in @split_push: the pushed tile (32x64xf32, one vector lane's part under split = 1: 4096 of its 8192 bytes) does not fit a slot of pipe id 0: {{.*}} sets slot_size = 2048; raise slot_size to at least 4096 {{.*}}
  func.return
}

// -----

// The vector side pops the 16x128 f32 tile (the breaker's mm_big_aiv.py).
func.func @big_pop(%gm: memref<1xf32>) attributes {tile.function_kind = "aiv"} {
  %c2v = tile.reserve_buffer "c2v" size 8192 in vec
  %none = arith.constant 0 : i32
  tile.aiv_initialize_pipe %c2v, %none gm_slot_buffer(%gm : memref<1xf32>) {dir_mask = 1 : i64, slot_size = 4096 : i64, slot_num = 2 : i64}
  %p = tile.tpop_from_aic {split = 0 : i64} : !tile.tile<16x128xf32, vec>
// CHECK: pipe-slots-invalid.mlir:[[# @LINE - 1]]:8: error: tile.tpop_from_aic in @big_pop: the popped tile (16x128xf32, 8192 bytes) does not fit a slot of pipe id 0: {{.*}} sets slot_size = 4096; raise slot_size to at least 8192 {{.*}}
  tile.tfree_to_aic %p {split = 0 : i64} : !tile.tile<16x128xf32, vec>
  func.return
}

// -----

// A vector lane pushes its own tile whole: 16x32 f16 (1024 bytes) fits a
// slot of 1024 at split = 1, and the cube pops the joined 32x32 f16 (2048),
// which does not.
func.func @gather(%v: !tile.tile<16x32xf16, vec>) attributes {tile.function_kind = "aiv"} {
  %none = arith.constant 0 : i32
  tile.aiv_initialize_pipe %none, %none {dir_mask = 2 : i64, slot_size = 1024 : i64}
  tile.tpush_to_aic %v {split = 1 : i64} : !tile.tile<16x32xf16, vec>
  func.return
}
func.func @gather_cube() attributes {tile.function_kind = "aic"} {
  %none = arith.constant 0 : i32
  tile.aic_initialize_pipe %none, %none {dir_mask = 2 : i64, slot_size = 1024 : i64}
  %m = tile.tpop_from_aiv {split = 1 : i64} : !tile.tile<32x32xf16, mat>
// CHECK: pipe-slots-invalid.mlir:[[# @LINE - 1]]:8: error: tile.tpop_from_aiv in @gather_cube: the popped tile (32x32xf16, 2048 bytes) does not fit a slot of pipe id 0: {{.*}}
  func.return
}

// RUN: xdsl-opt --split-input-file --verify-diagnostics %s | filecheck %s

// Each chunk breaks one function-level rule of the cross-core pipe
// (pypto-docs/operators.md, "CrossCoreOp"; dir_mask 1 = cube to vector,
// 2 = vector to cube, 3 = both): the verifier of the offending op names it,
// its function and the rule.

// A cube function initialized for cube-to-vector only pops from the vector core.
func.func @kernel_aic() attributes {tile.function_kind = "aic"} {
  %v2c = tile.reserve_buffer "v2c" size 8192 in mat
  %c2v = tile.import_peer_buffer "c2v" from @kernel_aiv
  tile.aic_initialize_pipe %c2v, %v2c {dir_mask = 1 : i64, slot_size = 1024 : i64}
  %p = tile.tpop_from_aiv {split = 0 : i64} : !tile.tile<16x16xf16, mat>
// CHECK: pipe-rules-invalid.mlir:[[# @LINE - 1]]:8: error: tile.tpop_from_aiv in @kernel_aic: the pipe is initialized with dir_mask = 1 (cube to vector only); a pop from the vector core needs dir_mask 2 or 3
  tile.tfree_to_aiv %p {split = 0 : i64} : !tile.tile<16x16xf16, mat>
  func.return
}

// -----

// A cube function initialized for vector-to-cube only pushes to the vector core.
func.func @kernel_aic(%a: !tile.tile<16x16xf32, acc>) attributes {tile.function_kind = "aic"} {
  %v2c = tile.reserve_buffer "v2c" size 8192 in mat
  %c2v = tile.import_peer_buffer "c2v" from @kernel_aiv
  tile.aic_initialize_pipe %c2v, %v2c {dir_mask = 2 : i64, slot_size = 1024 : i64}
  tile.tpush_to_aiv %a {split = 0 : i64} : !tile.tile<16x16xf32, acc>
// CHECK: pipe-rules-invalid.mlir:[[# @LINE - 1]]:3: error: tile.tpush_to_aiv in @kernel_aic: the pipe is initialized with dir_mask = 2 (vector to cube only); a push to the vector core needs dir_mask 1 or 3
  func.return
}

// -----

// A vector function initialized for cube-to-vector only pushes to the cube.
func.func @kernel_aiv(%a: !tile.tile<16x16xf16, vec>) attributes {tile.function_kind = "aiv"} {
  %v2c = tile.import_peer_buffer "v2c" from @kernel_aic
  %c2v = tile.reserve_buffer "c2v" size 8192 in vec
  tile.aiv_initialize_pipe %c2v, %v2c {dir_mask = 1 : i64, slot_size = 1024 : i64}
  tile.tpush_to_aic %a {split = 0 : i64} : !tile.tile<16x16xf16, vec>
// CHECK: pipe-rules-invalid.mlir:[[# @LINE - 1]]:3: error: tile.tpush_to_aic in @kernel_aiv: the pipe is initialized with dir_mask = 1 (cube to vector only); a push to the cube core needs dir_mask 2 or 3
  func.return
}

// -----

// A vector function initialized for vector-to-cube only pops from the cube.
func.func @kernel_aiv() attributes {tile.function_kind = "aiv"} {
  %v2c = tile.import_peer_buffer "v2c" from @kernel_aic
  %c2v = tile.reserve_buffer "c2v" size 8192 in vec
  tile.aiv_initialize_pipe %c2v, %v2c {dir_mask = 2 : i64, slot_size = 1024 : i64}
  %p = tile.tpop_from_aic {split = 0 : i64} : !tile.tile<16x16xf32, vec>
// CHECK: pipe-rules-invalid.mlir:[[# @LINE - 1]]:8: error: tile.tpop_from_aic in @kernel_aiv: the pipe is initialized with dir_mask = 2 (vector to cube only); a pop from the cube core needs dir_mask 1 or 3
  tile.tfree_to_aic %p {split = 0 : i64} : !tile.tile<16x16xf32, vec>
  func.return
}

// -----

// A function that sets up a pipe (reserves and imports) but never initializes it.
func.func @kernel_aiv() attributes {tile.function_kind = "aiv"} {
  %v2c = tile.import_peer_buffer "v2c" from @kernel_aic
  %c2v = tile.reserve_buffer "c2v" size 8192 in vec
  %p = tile.tpop_from_aic {split = 0 : i64} : !tile.tile<16x16xf32, vec>
// CHECK: pipe-rules-invalid.mlir:[[# @LINE - 1]]:8: error: tile.tpop_from_aic in @kernel_aiv: pipe id 0 is not initialized in the function; a pop from the cube core needs a tile.aiv_initialize_pipe of that id with dir_mask 1 or 3 in the same function (ptoas refuses it otherwise)
  tile.tfree_to_aic %p {split = 0 : i64} : !tile.tile<16x16xf32, vec>
  func.return
}

// -----

// A declared cube kernel pushes without any pipe setup.
func.func @kernel_aic(%a: !tile.tile<16x16xf32, acc>) attributes {tile.function_kind = "aic"} {
  tile.tpush_to_aiv %a {split = 0 : i64} : !tile.tile<16x16xf32, acc>
// CHECK: pipe-rules-invalid.mlir:[[# @LINE - 1]]:3: error: tile.tpush_to_aiv in @kernel_aic: pipe id 0 is not initialized in the function; a push to the vector core needs a tile.aic_initialize_pipe of that id with dir_mask 1 or 3 in the same function (ptoas refuses it otherwise)
  func.return
}

// -----

// Two initialize ops of the same pipe id (both default 0).
func.func @kernel_aiv() attributes {tile.function_kind = "aiv"} {
  %v2c = tile.import_peer_buffer "v2c" from @kernel_aic
  %c2v = tile.reserve_buffer "c2v" size 8192 in vec
  tile.aiv_initialize_pipe %c2v, %v2c {dir_mask = 3 : i64, slot_size = 1024 : i64}
  tile.aiv_initialize_pipe %c2v, %v2c {dir_mask = 1 : i64, slot_size = 1024 : i64, id = 0 : i64}
// CHECK: pipe-rules-invalid.mlir:[[# @LINE - 1]]:3: error: tile.aiv_initialize_pipe in @kernel_aiv: pipe id 0 is already initialized by the tile.aiv_initialize_pipe at {{.*}}pipe-rules-invalid.mlir:[[# @LINE - 2]]:3; a function initializes each pipe id once
  func.return
}

// -----

// A vector kernel initializes the cube side of the pipe.
func.func @kernel_aiv() attributes {tile.function_kind = "aiv"} {
  %v2c = tile.import_peer_buffer "v2c" from @kernel_aic
  %c2v = tile.reserve_buffer "c2v" size 8192 in vec
  tile.aic_initialize_pipe %c2v, %v2c {dir_mask = 3 : i64, slot_size = 1024 : i64}
// CHECK: pipe-rules-invalid.mlir:[[# @LINE - 1]]:3: error: tile.aic_initialize_pipe in @kernel_aiv: the function is declared tile.function_kind = "aiv" (a vector kernel), which initializes its pipe with tile.aiv_initialize_pipe
  func.return
}

// -----

// Two reservations of one name in one function.
func.func @kernel_aiv() attributes {tile.function_kind = "aiv"} {
  %a = tile.reserve_buffer "c2v" size 8192 in vec
  %b = tile.reserve_buffer "c2v" size 2048 in vec
// CHECK: pipe-rules-invalid.mlir:[[# @LINE - 1]]:8: error: tile.reserve_buffer in @kernel_aiv: the buffer name "c2v" is already reserved at {{.*}}pipe-rules-invalid.mlir:[[# @LINE - 2]]:8; a function reserves each name once
  func.return
}

// -----

// The same popped tile freed twice.
func.func @kernel_aic() attributes {tile.function_kind = "aic"} {
  %v2c = tile.reserve_buffer "v2c" size 8192 in mat
  %c2v = tile.import_peer_buffer "c2v" from @kernel_aiv
  tile.aic_initialize_pipe %c2v, %v2c {dir_mask = 2 : i64, slot_size = 1024 : i64}
  %p = tile.tpop_from_aiv {split = 0 : i64} : !tile.tile<16x16xf16, mat>
  tile.tfree_to_aiv %p {split = 0 : i64} : !tile.tile<16x16xf16, mat>
  tile.tfree_to_aiv %p {split = 0 : i64} : !tile.tile<16x16xf16, mat>
// CHECK: pipe-rules-invalid.mlir:[[# @LINE - 1]]:3: error: tile.tfree_to_aiv in @kernel_aic: the popped tile is already freed at {{.*}}pipe-rules-invalid.mlir:[[# @LINE - 2]]:3; a popped tile is freed once
  func.return
}

// -----

// A free inside an if after a free of the same tile in the enclosing block.
func.func @kernel_aiv(%c: i1) attributes {tile.function_kind = "aiv"} {
  %v2c = tile.import_peer_buffer "v2c" from @kernel_aic
  %c2v = tile.reserve_buffer "c2v" size 8192 in vec
  tile.aiv_initialize_pipe %c2v, %v2c {dir_mask = 1 : i64, slot_size = 1024 : i64}
  %p = tile.tpop_from_aic {split = 0 : i64} : !tile.tile<16x16xf32, vec>
  tile.tfree_to_aic %p {split = 0 : i64} : !tile.tile<16x16xf32, vec>
  scf.if %c {
    tile.tfree_to_aic %p {split = 0 : i64} : !tile.tile<16x16xf32, vec>
// CHECK: pipe-rules-invalid.mlir:[[# @LINE - 1]]:5: error: tile.tfree_to_aic in @kernel_aiv: the popped tile is already freed at {{.*}}pipe-rules-invalid.mlir:[[# @LINE - 3]]:3; a popped tile is freed once
    scf.yield
  }
  func.return
}

// -----

// A tile popped once before a loop and freed on each iteration.
func.func @kernel_aiv() attributes {tile.function_kind = "aiv"} {
  %v2c = tile.import_peer_buffer "v2c" from @kernel_aic
  %c2v = tile.reserve_buffer "c2v" size 8192 in vec
  tile.aiv_initialize_pipe %c2v, %v2c {dir_mask = 1 : i64, slot_size = 1024 : i64}
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %p = tile.tpop_from_aic {split = 0 : i64} : !tile.tile<16x16xf32, vec>
  scf.for %i = %c0 to %c4 step %c1 {
    tile.tfree_to_aic %p {split = 0 : i64} : !tile.tile<16x16xf32, vec>
// CHECK: pipe-rules-invalid.mlir:[[# @LINE - 1]]:5: error: tile.tfree_to_aic in @kernel_aiv: the tile is popped once, outside the scf.for at {{.*}}pipe-rules-invalid.mlir:[[# @LINE - 2]]:3, but freed on each of its iterations; free it where it is popped
    scf.yield
  }
  func.return
}

// -----

// A popped tile never freed.
func.func @kernel_aiv() attributes {tile.function_kind = "aiv"} {
  %v2c = tile.import_peer_buffer "v2c" from @kernel_aic
  %c2v = tile.reserve_buffer "c2v" size 8192 in vec
  tile.aiv_initialize_pipe %c2v, %v2c {dir_mask = 1 : i64, slot_size = 1024 : i64}
  %p = tile.tpop_from_aic {split = 0 : i64} : !tile.tile<16x16xf32, vec>
// CHECK: pipe-rules-invalid.mlir:[[# @LINE - 1]]:8: error: tile.tpop_from_aic in @kernel_aiv: the popped tile is never freed; release its pipe slot with tile.tfree_to_aic
  func.return
}

// -----

// A pop on a pipe id the function never initializes (found by a fresh-user
// breaker: the direction check fell back to the other ids' dir_masks).
func.func @kernel_aiv() attributes {tile.function_kind = "aiv"} {
  %v2c = tile.import_peer_buffer "v2c" from @kernel_aic
  %c2v = tile.reserve_buffer "c2v" size 8192 in vec
  tile.aiv_initialize_pipe %c2v, %v2c {dir_mask = 1 : i64, slot_size = 1024 : i64}
  %p = tile.tpop_from_aic {id = 5 : i64, split = 0 : i64} : !tile.tile<16x16xf32, vec>
// CHECK: pipe-rules-invalid.mlir:[[# @LINE - 1]]:8: error: tile.tpop_from_aic in @kernel_aiv: pipe id 5 is not initialized in the function (its tile.aiv_initialize_pipe initializes id 0); an absent id is 0
  tile.tfree_to_aic %p {id = 5 : i64, split = 0 : i64} : !tile.tile<16x16xf32, vec>
  func.return
}

// -----

// A pop in a function with no pipe setup at all: ptoas refuses a pop, push
// or free without an initialize op of its id in the same function, so the
// Tile verifier does too, whatever else the function declares.
func.func @no_pipe_setup() {
  %p = tile.tpop_from_aic {split = 0 : i64} : !tile.tile<16x16xf32, vec>
// CHECK: pipe-rules-invalid.mlir:[[# @LINE - 1]]:8: error: tile.tpop_from_aic in @no_pipe_setup: pipe id 0 is not initialized in the function; a pop from the cube core needs a tile.aiv_initialize_pipe of that id with dir_mask 1 or 3 in the same function (ptoas refuses it otherwise)
  func.return
}

// -----

// One pipe used unsplit and split: ptoas refuses the mix ("cannot mix
// 'split = 0' with 'split = 1' or 'split = 2' on the same logical pipe").
func.func @kernel_aiv() attributes {tile.function_kind = "aiv"} {
  %none = arith.constant 0 : i32
  tile.aiv_initialize_pipe %none, %none {dir_mask = 3 : i64, slot_size = 1024 : i64}
  %p = tile.tpop_from_aic {split = 0 : i64} : !tile.tile<16x16xf32, vec>
// CHECK: pipe-rules-invalid.mlir:[[# @LINE - 1]]:8: error: tile.tpop_from_aic in @kernel_aiv: split = 0 on pipe id 0, which the tile.tpush_to_aic at {{.*}}pipe-rules-invalid.mlir:[[# @LINE + 1]]:3 uses with split = 1; ptoas does not mix an unsplit use (split = 0) with a split one on one pipe
  tile.tpush_to_aic %p {split = 1 : i64} : !tile.tile<16x16xf32, vec>
  func.return
}

// -----

// A pushed tile must be in acc: the cube pushes to the vector core through
// its FIX pipe only (ptoas: "tile type must map to a supported producer pipe").
func.func @kernel_aic(%m: !tile.tile<16x16xf16, mat>) attributes {tile.function_kind = "aic"} {
  %none = arith.constant 0 : i32
  tile.aic_initialize_pipe %none, %none {dir_mask = 1 : i64, slot_size = 1024 : i64}
  tile.tpush_to_aiv %m {split = 0 : i64} : !tile.tile<16x16xf16, mat>
// CHECK: pipe-rules-invalid.mlir:[[# @LINE - 1]]:3: error: 'tile.tpush_to_aiv' op tile must be in acc (the cube pushes to the vector core from L0C only), got mat
  func.return
}

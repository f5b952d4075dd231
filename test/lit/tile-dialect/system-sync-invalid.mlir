// RUN: xdsl-opt --split-input-file --verify-diagnostics %s | filecheck %s

// The documented limits of the pl.system synchronization ops
// (pypto-docs/operators.md, "SyncOp" and "Explicit Event Synchronization").

func.func @bar_pipe() {
  // CHECK: system-sync-invalid.mlir:[[# @LINE + 1]]:3: error: 'tile.pipe_barrier' op pipe must be one of PIPE_V, PIPE_M, PIPE_ALL, got 'PIPE_MTE2'
  tile.pipe_barrier {pipe = "PIPE_MTE2"}
  func.return
}

// -----

func.func @event_reserved() {
  // CHECK: system-sync-invalid.mlir:[[# @LINE + 1]]:3: error: 'tile.sync_set' op event_id (14 and 15 are reserved) must be in 0..13, got 14
  tile.sync_set {pipe = "PIPE_MTE3", event_id = 14 : i64}
  func.return
}

// -----

func.func @two_ids(%e: index) {
  // CHECK: system-sync-invalid.mlir:[[# @LINE + 1]]:3: error: 'tile.sync_wait' op expected exactly one event id: the event_id attribute or an index operand
  tile.sync_wait %e {pipe = "PIPE_V", event_id = 1 : i64} : index
  func.return
}

// -----

func.func @ffts_mode() {
  // CHECK: system-sync-invalid.mlir:[[# @LINE + 1]]:3: error: 'tile.sync_set' op ffts_mode must be in 0, 1, 2, got 3
  tile.sync_set {pipe = "PIPE_FIX", event_id = 1 : i64, ffts_mode = 3 : i64}
  func.return
}

// -----

func.func @wait_ffts_mode() {
  // CHECK: system-sync-invalid.mlir:[[# @LINE + 1]]:3: error: 'tile.sync_wait' op ffts_mode is sync_set's alone
  tile.sync_wait {pipe = "PIPE_FIX", event_id = 1 : i64, ffts_mode = 0 : i64}
  func.return
}

// -----

func.func @core_type() {
  // CHECK: system-sync-invalid.mlir:[[# @LINE + 1]]:3: error: 'tile.sync_set' op core_type must be one of aic, aiv, got 'mix'
  tile.sync_set {pipe = "PIPE_MTE3", event_id = 1 : i64, core_type = "mix"}
  func.return
}

// -----

func.func @ffts_small(%ws: memref<128xi64>) {
  // CHECK: system-sync-invalid.mlir:[[# @LINE + 1]]:3: error: 'tile.set_ffts' op the FFTS workspace needs at least 256 elements, memref<128xi64> has 128
  tile.set_ffts %ws : memref<128xi64>
  func.return
}

// -----

func.func @ffts_dtype(%ws: memref<256xi32>) {
  // CHECK: system-sync-invalid.mlir:[[# @LINE + 1]]:3: error: 'tile.set_ffts' op the FFTS workspace must be a one-dimensional i64 tensor, got memref<256xi32>
  tile.set_ffts %ws : memref<256xi32>
  func.return
}

// -----

func.func @flag_id() {
  // CHECK: system-sync-invalid.mlir:[[# @LINE + 1]]:3: error: 'tile.sync_src' op event_id must be in 0..7, got 8
  tile.sync_src {set_pipe = "PIPE_MTE2", wait_pipe = "PIPE_V", event_id = 8 : i64}
  func.return
}

// -----

func.func @soft_small(%ws: memref<8xi32>) {
  // CHECK: system-sync-invalid.mlir:[[# @LINE + 1]]:3: error: 'tile.syncall' op the workspace of a soft syncall needs at least 16 i32 elements (64 bytes), memref<8xi32> has 8
  tile.syncall %ws {core_type = "mix", mode = "soft"} : memref<8xi32>
  func.return
}

// -----

func.func @soft_dtype(%ws: memref<16xf32>) {
  // CHECK: system-sync-invalid.mlir:[[# @LINE + 1]]:3: error: 'tile.syncall' op the workspace of a soft syncall must be an i32 tensor, got memref<16xf32>
  tile.syncall %ws {core_type = "mix", mode = "soft"} : memref<16xf32>
  func.return
}

// -----

func.func @hard_operands(%ws: memref<16xi32>) {
  // CHECK: system-sync-invalid.mlir:[[# @LINE + 1]]:3: error: 'tile.syncall' op a hard syncall takes no operands
  tile.syncall %ws {core_type = "mix"} : memref<16xi32>
  func.return
}

// -----

func.func @soft_no_workspace() {
  // CHECK: system-sync-invalid.mlir:[[# @LINE + 1]]:3: error: 'tile.syncall' op a soft syncall needs its GM workspace
  tile.syncall {core_type = "mix", mode = "soft"}
  func.return
}

// -----

func.func @cache_shape(%t: memref<32x64xf32>) {
  %c0 = arith.constant 0 : index
  // CHECK: system-sync-invalid.mlir:[[# @LINE + 1]]:3: error: 'tile.cacheinvalid' op shape extent 1 is 128, outside 1..64 of memref<32x64xf32>
  tile.cacheinvalid %t[%c0, %c0] {shape = array<i64: 1, 128>} : memref<32x64xf32>
  func.return
}

// -----

func.func @cache_rank(%t: memref<32x64xf32>) {
  %c0 = arith.constant 0 : index
  // CHECK: system-sync-invalid.mlir:[[# @LINE + 1]]:3: error: 'tile.cacheinvalid' op expected 2 offsets and shape extents for a rank-2 tensor, got 1 and 2
  tile.cacheinvalid %t[%c0] {shape = array<i64: 1, 64>} : memref<32x64xf32>
  func.return
}

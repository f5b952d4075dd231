// RUN: xdsl-opt -p 'pto-plan-memory{backend=a3},convert-tile-to-pto' --split-input-file --verify-diagnostics %s | filecheck %s
// RUN: not xdsl-opt -p 'pto-plan-memory{backend=a5},convert-tile-to-pto' %S/Inputs/sync-set-vec-pipe.mlir 2>&1 | filecheck %s --check-prefix=A5

// The synchronization ops ptoas v0.48 has no form for are refused at the op,
// never dropped: the GM fence, both cache invalidations, the soft syncall
// (v0.48 wants UB/L1 scratch tiles pypto's form lacks). An explicit event on
// a3 needs the FFTS setup in its function; the FFTS workspace is a memref
// argument only pto.set_ffts may read.

func.func @fence() attributes {tile.function_kind = "aiv"} {
// CHECK: err-system-sync.mlir:[[# @LINE + 1]]:3: error: convert-tile-to-pto: tile.fence: ptoas v0.48 has no GM fence (the reference's pto.fence.barrier_all is an unknown op to it)
  tile.fence
  func.return
}

// -----

func.func @cache_region(%o: memref<16x64xf32>) attributes {tile.function_kind = "aiv"} {
  %c0 = arith.constant 0 : index
// CHECK: err-system-sync.mlir:[[# @LINE + 1]]:3: error: convert-tile-to-pto: tile.cacheinvalid: ptoas v0.48 has no cache maintenance op (the reference's pto.cmo.cacheinvalid is an unknown op to it)
  tile.cacheinvalid %o[%c0, %c0] {shape = array<i64: 1, 64>} : memref<16x64xf32>
  func.return
}

// -----

func.func @soft(%ws: memref<16xi32>) attributes {tile.function_kind = "aiv"} {
// CHECK: err-system-sync.mlir:[[# @LINE + 1]]:3: error: convert-tile-to-pto: tile.syncall (soft): ptoas v0.48 takes a soft syncall only with UB (and, for mix, L1) scratch tiles besides the GM workspace, which pypto's soft form does not have
  tile.syncall %ws {core_type = "aiv_only", mode = "soft"} : memref<16xi32>
  func.return
}

// -----

func.func @no_ffts() attributes {tile.function_kind = "aiv"} {
// CHECK: err-system-sync.mlir:[[# @LINE + 1]]:3: error: convert-tile-to-pto: tile.sync_wait on a3 needs a tile.set_ffts (pl.system.set_ffts(workspace)) in the same function, as ptoas v0.48 does
  tile.sync_wait {pipe = "PIPE_V", event_id = 1 : i64}
  func.return
}

// -----

func.func @shared_ws(%ws: memref<256xi64>) attributes {tile.function_kind = "aiv"} {
  %c0 = arith.constant 0 : index
// CHECK: err-system-sync.mlir:[[# @LINE + 1]]:3: error: convert-tile-to-pto: tile.set_ffts: its workspace is read by other ops too; ptoas v0.48 takes the FFTS workspace only as a memref argument, which no other op can read
  tile.set_ffts %ws : memref<256xi64>
  tile.cacheinvalid %ws[%c0] {shape = array<i64: 1>} : memref<256xi64>
  func.return
}

// On a5, v0.48 raises a cross-core event from PIPE_FIX or PIPE_MTE3 only.
// A5: sync-set-vec-pipe.mlir:3:3: error: convert-tile-to-pto: tile.sync_set on a5: ptoas v0.48 takes a cross-core event there only on PIPE_FIX, PIPE_MTE3, got PIPE_V

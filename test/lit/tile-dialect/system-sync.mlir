// RUN: xdsl-opt %s | filecheck %s
// RUN: xdsl-opt %s | xdsl-opt | filecheck %s

// The synchronization calls of pl.system (pipe barriers, the GM fence, the
// FFTS setup, explicit cross-core events with a static or dynamic id, the
// flag pair, the soft syncall, both cache invalidations) print back as
// written.

// CHECK:      tile.pipe_barrier {pipe = "PIPE_V"}
// CHECK-NEXT: tile.fence
// CHECK-NEXT: tile.set_ffts %ws : memref<256xi64>
// CHECK-NEXT: tile.sync_set {pipe = "PIPE_MTE3", event_id = 3 : i64, ffts_mode = 2 : i64}
// CHECK-NEXT: tile.sync_set %e {pipe = "PIPE_MTE3", core_type = "aiv"} : index
// CHECK-NEXT: tile.sync_wait {pipe = "PIPE_V", event_id = 13 : i64}
// CHECK-NEXT: tile.sync_src {set_pipe = "PIPE_MTE2", wait_pipe = "PIPE_V", event_id = 0 : i64}
// CHECK-NEXT: tile.sync_dst {set_pipe = "PIPE_MTE2", wait_pipe = "PIPE_V", event_id = 7 : i64}
// CHECK-NEXT: tile.syncall {core_type = "mix"}
// CHECK-NEXT: tile.syncall %sw {core_type = "aiv_only", mode = "soft"} : memref<16xi32>
// CHECK-NEXT: tile.syncall %sw, %n {core_type = "mix", mode = "soft"} : memref<16xi32>, i32
// CHECK-NEXT: tile.cacheinvalid %t[%c0, %c0] {shape = array<i64: 1, 64>} : memref<32x64xf32>
// CHECK-NEXT: tile.cacheinvalid{{$}}
// CHECK-NEXT: func.return
func.func @k(%ws: memref<256xi64>, %sw: memref<16xi32>, %t: memref<32x64xf32>, %e: index, %n: i32) {
  %c0 = arith.constant 0 : index
  tile.pipe_barrier {pipe = "PIPE_V"}
  tile.fence
  tile.set_ffts %ws : memref<256xi64>
  tile.sync_set {pipe = "PIPE_MTE3", event_id = 3 : i64, ffts_mode = 2 : i64}
  tile.sync_set %e {pipe = "PIPE_MTE3", core_type = "aiv"} : index
  tile.sync_wait {pipe = "PIPE_V", event_id = 13 : i64}
  tile.sync_src {set_pipe = "PIPE_MTE2", wait_pipe = "PIPE_V", event_id = 0 : i64}
  tile.sync_dst {set_pipe = "PIPE_MTE2", wait_pipe = "PIPE_V", event_id = 7 : i64}
  tile.syncall {core_type = "mix"}
  tile.syncall %sw {core_type = "aiv_only", mode = "soft"} : memref<16xi32>
  tile.syncall %sw, %n {core_type = "mix", mode = "soft"} : memref<16xi32>, i32
  tile.cacheinvalid %t[%c0, %c0] {shape = array<i64: 1, 64>} : memref<32x64xf32>
  tile.cacheinvalid
  func.return
}

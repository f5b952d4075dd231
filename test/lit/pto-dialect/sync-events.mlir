// RUN: xdsl-opt %s | filecheck %s
// RUN: xdsl-opt %s | xdsl-opt | filecheck %s

// The PTO text of the pl.system synchronization calls, as ptoas v0.48 reads
// it (xdsl_pto/dialects/pto/sync.py), prints back as written.

// CHECK:      pto.set_ffts %ws : memref<256xi64>
// CHECK-NEXT: pto.sync.set <PIPE_MTE3>, 3{{$}}
// CHECK-NEXT: pto.sync.set <PIPE_FIX>, %e {ffts_mode = 2 : i32}
// CHECK-NEXT: pto.sync.wait <PIPE_V>, 13{{$}}
// CHECK-NEXT: pto.sync.wait <PIPE_V>, %e{{$}}
// CHECK-NEXT: pto.set_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID0>]
// CHECK-NEXT: pto.wait_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID7>]
// CHECK-NEXT: pto.barrier <PIPE_M>
func.func @k(%ws: memref<256xi64>, %e: index) {
  pto.set_ffts %ws : memref<256xi64>
  pto.sync.set <PIPE_MTE3>, 3
  pto.sync.set <PIPE_FIX>, %e {ffts_mode = 2 : i32}
  pto.sync.wait <PIPE_V>, 13
  pto.sync.wait <PIPE_V>, %e
  pto.set_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID0>]
  pto.wait_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID7>]
  pto.barrier <PIPE_M>
  func.return
}

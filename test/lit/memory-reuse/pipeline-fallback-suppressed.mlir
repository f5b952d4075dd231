// RUN: not xdsl-opt -p 'pto-plan-memory{backend=a3}' %s 2>&1 | filecheck %s --check-prefix=ALONE

// The warning is suppressed when one buffer alone exceeds the space
// (196608 > 188416 bytes): that is an impossible allocation, not a lost
// pipeline depth, and only allocate-memory-addr's error is reported.
// ALONE-NOT: warning
// ALONE: error: allocate-memory-addr: function 'alone': vec buffer usage (393216 bytes) exceeds the a3 limit (188416 bytes)
// ALONE-NOT: warning
func.func @alone(%in: memref<128x384xf32>, %out: memref<128x384xf32>) {
  %c0 = arith.constant 0 : index
  %a0 = tile.load %in[%c0, %c0] {tile.pipeline_membership = [array<i64: 0, 0>]} : memref<128x384xf32> -> !tile.tile<128x384xf32, vec>
  tile.store %a0, %out[%c0, %c0] : !tile.tile<128x384xf32, vec>, memref<128x384xf32>
  %a1 = tile.load %in[%c0, %c0] {tile.pipeline_membership = [array<i64: 0, 1>]} : memref<128x384xf32> -> !tile.tile<128x384xf32, vec>
  tile.store %a1, %out[%c0, %c0] : !tile.tile<128x384xf32, vec>, memref<128x384xf32>
  func.return
}

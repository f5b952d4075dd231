// RUN: not xdsl-opt -p 'pto-plan-memory{backend=a3}' %s 2>&1 | filecheck %s

// Legacy fallback (seed 001/002, "Pipeline-stage guard"): %keep (128 KiB)
// stays live while two 64 KiB pipeline stages are loaded. Even at depth 1
// (both stages in one buffer) vec needs 196608 > 188416 bytes, so the shed is
// exhausted: memory-reuse re-packs with the legacy rule (loads of different
// stages never share: 262144 bytes), warns, and allocate-memory-addr reports
// the overflow.
// CHECK: pipeline-legacy-fallback.mlir:[[# @LINE + 6]]:9: warning: memory-reuse: vec overflows its 188416 bytes at every pipeline depth (group 0: 2 requested); re-packed with the legacy stage rule (only loads stay apart across stages): 262144 bytes
// CHECK-NEXT: error: allocate-memory-addr: function 'fallback': vec buffer usage (262144 bytes) exceeds the a3 limit (188416 bytes)
// CHECK-NOT: remark
func.func @fallback(%in: memref<128x256xf32>, %half: memref<128x128xf32>, %out: memref<128x256xf32>, %hout: memref<128x128xf32>) {
  %c0 = arith.constant 0 : index
  %keep = tile.load %in[%c0, %c0] : memref<128x256xf32> -> !tile.tile<128x256xf32, vec>
  %a0 = tile.load %half[%c0, %c0] {tile.pipeline_membership = [array<i64: 0, 0>]} : memref<128x128xf32> -> !tile.tile<128x128xf32, vec>
  tile.store %a0, %hout[%c0, %c0] : !tile.tile<128x128xf32, vec>, memref<128x128xf32>
  %a1 = tile.load %half[%c0, %c0] {tile.pipeline_membership = [array<i64: 0, 1>]} : memref<128x128xf32> -> !tile.tile<128x128xf32, vec>
  tile.store %a1, %hout[%c0, %c0] : !tile.tile<128x128xf32, vec>, memref<128x128xf32>
  tile.store %keep, %out[%c0, %c0] : !tile.tile<128x256xf32, vec>, memref<128x256xf32>
  func.return
}

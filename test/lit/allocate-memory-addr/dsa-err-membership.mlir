// RUN: not xdsl-opt -p 'pto-plan-memory{planner=dsa_rp backend=a3}' %s 2>&1 | filecheck %s

// A malformed pipeline tag is reported by the pass that reads it: under
// planner=dsa_rp that is allocate-memory-addr (memory-reuse does not run).
// CHECK: dsa-err-membership.mlir:[[# @LINE + 3]]:8: error: allocate-memory-addr: tile.pipeline_membership must be a list of [group, stage] pairs (e.g. [array<i64: 0, 1>]), got [array<i64: 0>]{{$}}
func.func @k(%in: memref<16x16xf32>, %out: memref<16x16xf32>) {
  %c0 = arith.constant 0 : index
  %x = tile.load %in[%c0, %c0] {tile.pipeline_membership = [array<i64: 0>]} : memref<16x16xf32> -> !tile.tile<16x16xf32, vec>
  tile.store %x, %out[%c0, %c0] : !tile.tile<16x16xf32, vec>, memref<16x16xf32>
  func.return
}

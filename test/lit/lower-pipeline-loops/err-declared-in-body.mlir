// A tile bound to a declared allocation inside a loop to replicate: every
// clone would land on the one allocation (defeating the ping-pong), and a
// runtime slot would no longer follow the original iterations (found by a
// fresh-user breaker). Bind after lowering instead.
// RUN: not xdsl-opt -p lower-pipeline-loops %s 2>&1 | filecheck %s
// RUN: sed 's/alloc = <@ping>/alloc = <@rot, slots = 2, slot = iv>/' %s | not xdsl-opt -p lower-pipeline-loops 2>&1 | filecheck %s --check-prefix=SLOT
// CHECK: err-declared-in-body.mlir:[[# @LINE + 7]]:10: error: lower-pipeline-loops: %x is bound to the declared allocation <@ping> inside a pipeline loop of 2 stages; all 2 clones would share it -- bind each stage's tile to an allocation of its own after lowering, or drop the binding
// SLOT: error: lower-pipeline-loops: %x is bound to the declared allocation <@rot, slots = 2, slot = iv> inside a pipeline loop of 2 stages
func.func @k(%a: memref<64x64xf32>, %o: memref<64x64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.for %i = %c0 to %c4 step %c1 {
    %x = tile.load %a[%c0, %c0] : memref<64x64xf32> -> !tile.tile<64x64xf32, vec, alloc = <@ping>>
    tile.store %x, %o[%c0, %c0] : !tile.tile<64x64xf32, vec, alloc = <@ping>>, memref<64x64xf32>
  } {tile.pipeline_stages = 2 : i64}
  func.return
}

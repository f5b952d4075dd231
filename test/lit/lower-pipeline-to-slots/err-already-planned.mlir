// RUN: not xdsl-opt -p 'lower-pipeline-to-slots{planner=ptoas}' %s 2>&1 | filecheck %s --check-prefix=PYPTO
// RUN: sed 's/^func.func/builtin.module attributes {tile.memory_planner = "ptoas"} {\nfunc.func/; $a}' %s | not xdsl-opt -p 'lower-pipeline-to-slots' 2>&1 | filecheck %s

// The pass runs before init-memref (seed 004, "Pipeline position"): a
// candidate that already has a MemRef cannot be moved onto a declaration any
// more, so a pipeline loop found in a module past init-memref is an error:
// the planner's own check when pypto passes made the MemRefs, the pass's when
// the module records ptoas (first RUN, second RUN; its input has one more
// line, the module header). The error is at the loop.
// PYPTO: {{^}}{{.*}}err-already-planned.mlir: error: lower-pipeline-to-slots: planner=ptoas takes an unplanned kernel or one planned under ptoas, but this module already has MemRefs from planner=pypto passes; plan the unplanned kernel with planner=ptoas{{$}}
// CHECK: {{^}}<stdin>:[[# @LINE + 8]]:3: error: lower-pipeline-to-slots: this pipeline loop is already planned (%x has a MemRef); run lower-pipeline-to-slots before init-memref / pto-plan-memory{{$}}
// CHECK-NOT: Traceback
func.func @planned(%a: memref<64x16xf32>) {
  tile.alloc @mem_vec_0 in vec size 1024
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.for %i = %c0 to %c4 step %c1 {
    %x = tile.load %a[%i, %c0] : memref<64x16xf32> -> !tile.tile<16x16xf32, vec, memref = <@mem_vec_0, offset = 0, size = 1024>>
    tile.store %x, %a[%i, %c0] : !tile.tile<16x16xf32, vec, memref = <@mem_vec_0, offset = 0, size = 1024>>, memref<64x16xf32>
  } {tile.pipeline_stages = 2 : i64}
  func.return
}

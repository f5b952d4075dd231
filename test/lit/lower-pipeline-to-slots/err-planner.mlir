// RUN: not xdsl-opt -p 'lower-pipeline-to-slots{planner=ptoass}' %s 2>&1 | filecheck %s --check-prefix=UNKNOWN
// RUN: xdsl-opt -p 'lower-pipeline-to-slots{planner=dsa_rp}' %s | filecheck %s --check-prefix=DSARP
// RUN: sed 's/^builtin.module {/builtin.module attributes {tile.memory_planner = "ptoas"} {/' %s > %t.recorded.mlir
// RUN: not xdsl-opt -p 'lower-pipeline-to-slots{planner=pypto}' %t.recorded.mlir 2>&1 | filecheck %s --check-prefix=MISMATCH

// The planner option is read as every planning pass reads it
// (xdsl_pto/planners.py): an unknown name and a planner other than the one
// the module records are errors, reported at the module op. Under dsa_rp, as
// under pypto, the pass leaves the module as it is (lower-pipeline-loops
// replicates the loop; the DSA placement keeps its stages apart).

// UNKNOWN: {{^}}{{.*}}err-planner.mlir:[[# @LINE + 4]]:1: error: lower-pipeline-to-slots: unknown planner 'ptoass' (expected one of pypto, dsa_rp, ptoas){{$}}
// DSARP: tile.load %a[%i, %c0] : memref<64x16xf32> -> !tile.tile<16x16xf32, vec>
// DSARP: } {tile.pipeline_stages = 2 : i64}
// MISMATCH: {{^}}{{.*}}.recorded.mlir:[[# @LINE + 1]]:1: error: lower-pipeline-to-slots: the module is planned by planner=ptoas (tile.memory_planner) but planner=pypto was asked for; plan the unplanned kernel with one planner{{$}}
builtin.module {
  func.func @k(%a: memref<64x16xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    scf.for %i = %c0 to %c4 step %c1 {
      %x = tile.load %a[%i, %c0] : memref<64x16xf32> -> !tile.tile<16x16xf32, vec>
      tile.store %x, %a[%i, %c0] : !tile.tile<16x16xf32, vec>, memref<64x16xf32>
    } {tile.pipeline_stages = 2 : i64}
    func.return
  }
}

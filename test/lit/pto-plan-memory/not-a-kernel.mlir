// A function with nothing to plan -- no tile op, no tile value: here an
// orchestration function that calls its kernel in a loop marked as a pipeline
// -- is not a kernel, and every planning pass leaves it exactly as written
// (the reference runs its memory passes on InCore functions only). The kernel
// beside it is planned as usual.
// RUN: xdsl-opt -p 'lower-pipeline-to-slots{planner=ptoas backend=a3}' %s | filecheck %s --check-prefix=ORCH
// RUN: xdsl-opt -p 'lower-pipeline-loops' %s | filecheck %s --check-prefixes=ORCH,REPL
// RUN: xdsl-opt -p 'auto-tile-matmul-l0{backend=a3}' %s | filecheck %s --check-prefix=ORCH
// RUN: xdsl-opt -p 'init-memref{backend=a3}' %s | filecheck %s --check-prefix=ORCH
// RUN: xdsl-opt -p 'pto-plan-memory{backend=a3 verify=true}' %s | filecheck %s --check-prefixes=ORCH,PLAN
// RUN: xdsl-opt -p 'pto-plan-memory{backend=a3 planner=dsa_rp}' %s | filecheck %s --check-prefix=ORCH
// RUN: xdsl-opt -p 'pto-plan-memory{backend=a3 planner=ptoas}' %s | filecheck %s --check-prefix=ORCH
// RUN: xdsl-opt -p 'init-memref,materialize-semantic-aliases,memory-reuse,allocate-memory-addr' %s | filecheck %s --check-prefix=ORCH

// REPL-LABEL: func.func @kern(
// REPL:         scf.for %i = %c0 to %c64_1 step %c2 {
// REPL-COUNT-2:   tile.load
// REPL:         } {tile.pipeline_stages = 1 : i64}
// PLAN-LABEL: func.func @kern(
// PLAN-NEXT:    tile.alloc @mem_vec_0 in vec size 64 addr 0{{$}}
// ORCH-LABEL: func.func @orch(%a: memref<64x16xf32>, %n: index, %s: index) {
// ORCH-NEXT:    %c0 = arith.constant 0 : index
// ORCH-NEXT:    scf.for %j = %c0 to %n step %s {
// ORCH-NEXT:      func.call @kern(%a) : (memref<64x16xf32>) -> ()
// ORCH-NEXT:    } {tile.pipeline_stages = 2 : i64}
// ORCH-NEXT:    func.return
// ORCH-NEXT:  }
func.func @kern(%a: memref<64x16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  scf.for %i = %c0 to %c64 step %c1 {
    %x = tile.load %a[%i, %c0] : memref<64x16xf32> -> !tile.tile<1x16xf32, vec>
    tile.store %x, %a[%i, %c0] : !tile.tile<1x16xf32, vec>, memref<64x16xf32>
  } {tile.pipeline_stages = 2 : i64}
  func.return
}
func.func @orch(%a: memref<64x16xf32>, %n: index, %s: index) {
  %c0 = arith.constant 0 : index
  scf.for %j = %c0 to %n step %s {
    func.call @kern(%a) : (memref<64x16xf32>) -> ()
  } {tile.pipeline_stages = 2 : i64}
  func.return
}

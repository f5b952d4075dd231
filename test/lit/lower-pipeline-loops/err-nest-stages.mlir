// RUN: not xdsl-opt -p lower-pipeline-loops %s 2>&1 | filecheck %s
// RUN: not xdsl-opt -p 'pto-compile{backend=a3}' %s 2>&1 | filecheck %s

// Issue 25: two nested 32-stage loops with a runtime trip count would make
// 528 x 528 copies of the inner body (the pass ran > 100 s and took ~1 GB).
// A nest takes at most 32 stages in all, the product of its loops' stages
// (README, "Where we differ"); the refusal comes before any rewrite, located
// at the nest's outermost loop.
// CHECK: {{^}}{{.*}}err-nest-stages.mlir:[[# @LINE + 6]]:3: error: lower-pipeline-loops: this nest of 2 pipeline loops asks for 32 x 32 = 1024 stages and would make 278784 copies of its innermost body; a nest takes at most 32 stages in all (the product of its loops' tile.pipeline_stages) -- lower the stages of its loops{{$}}
// CHECK-NOT: Traceback
!T = !tile.tile<64x64xf32, vec>
func.func @nest(%a: memref<4096x4096xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    scf.for %j = %c0 to %n step %c1 {
      %x = tile.load %a[%i, %j] : memref<4096x4096xf32> -> !T
      tile.store %x, %a[%i, %j] : !T, memref<4096x4096xf32>
    } {tile.pipeline_stages = 32 : i64}
  } {tile.pipeline_stages = 32 : i64}
  func.return
}

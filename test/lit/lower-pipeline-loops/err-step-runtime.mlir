// RUN: not xdsl-opt -p lower-pipeline-loops %s 2>&1 | filecheck %s

// A pipeline loop needs a constant stride: the clones' offsets are k * step.
// CHECK: {{^}}{{.*}}err-step-runtime.mlir:[[# @LINE + 5]]:3: error: lower-pipeline-loops: pipeline loop step must be a positive constant (got a runtime value){{$}}
// CHECK-NOT: Traceback
func.func @runtime_step(%a: memref<64x16xf32>, %s: index) {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  scf.for %i = %c0 to %c8 step %s {
    %x = tile.load %a[%i, %c0] : memref<64x16xf32> -> !tile.tile<8x16xf32, vec>
    tile.store %x, %a[%i, %c0] : !tile.tile<8x16xf32, vec>, memref<64x16xf32>
  } {tile.pipeline_stages = 2 : i64}
  func.return
}

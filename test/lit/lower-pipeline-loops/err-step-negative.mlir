// RUN: not xdsl-opt -p lower-pipeline-loops %s 2>&1 | filecheck %s

// CHECK: {{^}}{{.*}}err-step-negative.mlir:[[# @LINE + 6]]:3: error: lower-pipeline-loops: pipeline loop step must be a positive constant (got -1){{$}}
// CHECK-NOT: Traceback
func.func @negative_step(%a: memref<64x16xf32>) {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %m1 = arith.constant -1 : index
  scf.for %i = %c8 to %c0 step %m1 {
    %x = tile.load %a[%i, %c0] : memref<64x16xf32> -> !tile.tile<8x16xf32, vec>
    tile.store %x, %a[%i, %c0] : !tile.tile<8x16xf32, vec>, memref<64x16xf32>
  } {tile.pipeline_stages = 2 : i64}
  func.return
}

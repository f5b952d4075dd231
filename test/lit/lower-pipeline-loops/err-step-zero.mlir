// RUN: not xdsl-opt -p lower-pipeline-loops %s 2>&1 | filecheck %s

// A zero or negative step is rejected too (the trip-count formulas need a
// positive one).
// CHECK: {{^}}{{.*}}err-step-zero.mlir:[[# @LINE + 5]]:3: error: lower-pipeline-loops: pipeline loop step must be a positive constant (got 0){{$}}
// CHECK-NOT: Traceback
func.func @zero_step(%a: memref<64x16xf32>) {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  scf.for %i = %c0 to %c8 step %c0 {
    %x = tile.load %a[%i, %c0] : memref<64x16xf32> -> !tile.tile<8x16xf32, vec>
    tile.store %x, %a[%i, %c0] : !tile.tile<8x16xf32, vec>, memref<64x16xf32>
  } {tile.pipeline_stages = 2 : i64}
  func.return
}

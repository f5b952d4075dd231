// RUN: not xdsl-opt -p 'lower-pipeline-to-slots{planner=ptoas}' %s 2>&1 | filecheck %s

// Only a malformed tile.pipeline_stages (not a positive integer) is an error of
// this pass, named after it; a stage count above what a ptoas region holds is
// a gate like the others (decline-too-many-stages.mlir).
// CHECK: {{^}}{{.*}}err-stages.mlir:[[# @LINE + 6]]:3: error: lower-pipeline-to-slots: tile.pipeline_stages must be a positive integer, got 0 : i64{{$}}
// CHECK-NOT: Traceback
func.func @zero_stages(%a: memref<64x16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  scf.for %i = %c0 to %c8 step %c1 {
    %x = tile.load %a[%i, %c0] : memref<64x16xf32> -> !tile.tile<8x16xf32, vec>
    tile.store %x, %a[%i, %c0] : !tile.tile<8x16xf32, vec>, memref<64x16xf32>
  } {tile.pipeline_stages = 0 : i64}
  func.return
}

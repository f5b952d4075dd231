// RUN: not xdsl-opt -p 'lower-pipeline-to-slots{planner=ptoas}' %s 2>&1 | filecheck %s

// F must be 1 to 16 (seed 004, "Eligibility": ptoas' multi_tile_buf holds 2
// to 16 slots; F = 1 is not a pipeline). As for lower-pipeline-loops, a
// tile.pipeline_stages outside that range is an error, here named after this
// pass.
// CHECK: {{^}}{{.*}}err-stages.mlir:[[# @LINE + 6]]:3: error: lower-pipeline-to-slots: tile.pipeline_stages must be an integer from 1 to 16, got 17 : i64{{$}}
// CHECK-NOT: Traceback
func.func @too_many_stages(%a: memref<64x16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  scf.for %i = %c0 to %c8 step %c1 {
    %x = tile.load %a[%i, %c0] : memref<64x16xf32> -> !tile.tile<8x16xf32, vec>
    tile.store %x, %a[%i, %c0] : !tile.tile<8x16xf32, vec>, memref<64x16xf32>
  } {tile.pipeline_stages = 17 : i64}
  func.return
}

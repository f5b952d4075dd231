// RUN: not xdsl-opt -p lower-pipeline-loops %s 2>&1 | filecheck %s

// At most 32 stages: a runtime remainder needs F (F - 1) / 2 clones (found by
// a fresh-user breaker: F = 128 took seconds). The reference sets no bound
// (README, "Where we differ"); 32 compiles in about 2 s.
// CHECK: {{^}}{{.*}}err-stages-too-many.mlir:[[# @LINE + 6]]:3: error: lower-pipeline-loops: tile.pipeline_stages must be an integer from 1 to 32, got 33 : i64{{$}}
// CHECK-NOT: Traceback
func.func @too_many_stages(%a: memref<64x16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  scf.for %i = %c0 to %c8 step %c1 {
    %x = tile.load %a[%i, %c0] : memref<64x16xf32> -> !tile.tile<8x16xf32, vec>
    tile.store %x, %a[%i, %c0] : !tile.tile<8x16xf32, vec>, memref<64x16xf32>
  } {tile.pipeline_stages = 33 : i64}
  func.return
}

// RUN: not xdsl-opt -p lower-pipeline-loops %s 2>&1 | filecheck %s

// A chain counts only the F > 1 loops (the unmarked loop in between and the
// F = 1 loop do not), from its outermost pipeline loop down: 2 x 4 x 8 = 64
// stages. Static bounds make T mod F remainder copies besides the F of the
// main loop: 3 (T = 3) x 5 (T = 5) x 8 (T = 8) copies.
// CHECK: {{^}}{{.*}}err-nest-stages-chain.mlir:[[# @LINE + 9]]:3: error: lower-pipeline-loops: this nest of 3 pipeline loops asks for 2 x 4 x 8 = 64 stages and would make 120 copies of its innermost body; a nest takes at most 32 stages in all (the product of its loops' tile.pipeline_stages) -- lower the stages of its loops{{$}}
// CHECK-NOT: Traceback
!T = !tile.tile<8x16xf32, vec>
func.func @chain(%a: memref<64x16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %c8 = arith.constant 8 : index
  scf.for %i = %c0 to %c3 step %c1 {
    scf.for %u = %c0 to %c3 step %c1 {
      scf.for %j = %c0 to %c5 step %c1 {
        scf.for %v = %c0 to %c3 step %c1 {
          scf.for %k = %c0 to %c8 step %c1 {
            %x = tile.load %a[%k, %c0] : memref<64x16xf32> -> !T
            tile.store %x, %a[%k, %c0] : !T, memref<64x16xf32>
          } {tile.pipeline_stages = 8 : i64}
        } {tile.pipeline_stages = 1 : i64}
      } {tile.pipeline_stages = 4 : i64}
    }
  } {tile.pipeline_stages = 2 : i64}
  func.return
}

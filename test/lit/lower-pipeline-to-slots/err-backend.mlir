// RUN: not xdsl-opt -p 'lower-pipeline-to-slots{planner=ptoas backend=a4}' %s -o %t.out 2>&1 | filecheck %s
// RUN: not test -e %t.out
// RUN: not xdsl-opt -p 'lower-pipeline-to-slots{backend=a4}' %s 2>&1 | filecheck %s

// An unknown backend is an error, under planner=ptoas and -- a mistaken
// command line being a mistake whatever the planner -- under the default
// planner too, although the pass changes nothing there. A failing run
// leaves no output file.

// CHECK: {{^}}{{.*}}err-backend.mlir: error: lower-pipeline-to-slots: unknown backend 'a4' (expected one of a2, a3, a5){{$}}
// CHECK-NOT: Traceback
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

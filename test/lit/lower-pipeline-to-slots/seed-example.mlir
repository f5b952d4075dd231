// RUN: xdsl-opt -p 'lower-pipeline-to-slots{planner=ptoas}' %s 2>%t.err | filecheck %s
// RUN: not test -s %t.err
// RUN: xdsl-opt -p 'lower-pipeline-to-slots{planner=ptoas},lower-pipeline-loops,init-memref' %s | filecheck %s --check-prefix=INIT

// Seed 004's example ("Overview"): a 64-iteration stage=2 pipeline that loads
// one 128-element row per iteration and stores it back. The load is the one
// candidate: it becomes slot iv mod 2 of a fresh two-slot declaration named
// after it (@pipe_x), its use sees the new type, the pipeline attribute is
// gone, and the bounds and step are those of the input. Nothing is
// declined, so no remark is printed.
// CHECK:      builtin.module attributes {tile.memory_planner = "ptoas"} {
// CHECK-NEXT:   func.func @seed(%a: memref<64x128xf32>, %out: memref<64x128xf32>) {
// CHECK-NEXT:     %c0 = arith.constant 0 : index
// CHECK-NEXT:     %c1 = arith.constant 1 : index
// CHECK-NEXT:     %c64 = arith.constant 64 : index
// CHECK-NEXT:     scf.for %i = %c0 to %c64 step %c1 {
// CHECK-NEXT:       %x = tile.load %a[%i, %c0] : memref<64x128xf32> -> !tile.tile<1x128xf32, vec, alloc = <@pipe_x, slots = 2, slot = iv>>
// CHECK-NEXT:       tile.store %x, %out[%i, %c0] : !tile.tile<1x128xf32, vec, alloc = <@pipe_x, slots = 2, slot = iv>>, memref<64x128xf32>
// CHECK-NEXT:     }{{$}}
// CHECK-NEXT:     func.return
// CHECK-NEXT:   }
// CHECK-NEXT: }
// CHECK-NOT:  tile.pipeline_stages

// Downstream (seed 004, "Overview"): lower-pipeline-loops finds no pipeline
// left, and init-memref resolves @pipe_x like an author's declaration: one
// pinned two-slot root of one aligned slot each, the load on slot iv.
// INIT:      tile.alloc @pipe_x in vec size 1024 slots 2 pinned
// INIT:      scf.for %i = %c0 to %c64 step %c1 {
// INIT-NEXT:   %x = tile.load %a[%i, %c0] : memref<64x128xf32> -> !tile.tile<1x128xf32, vec, memref = <@pipe_x, offset = 0, size = 512, slot = iv>>
func.func @seed(%a: memref<64x128xf32>, %out: memref<64x128xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  scf.for %i = %c0 to %c64 step %c1 {
    %x = tile.load %a[%i, %c0] : memref<64x128xf32> -> !tile.tile<1x128xf32, vec>
    tile.store %x, %out[%i, %c0] : !tile.tile<1x128xf32, vec>, memref<64x128xf32>
  } {tile.pipeline_stages = 2 : i64}
  func.return
}

// RUN: xdsl-opt -p 'lower-pipeline-to-slots{planner=ptoas}' %s 2>%t.err | filecheck %s
// RUN: not test -s %t.err

// Loops this pass leaves whole, without a remark (seed 004, "Behavior"):
// tile.pipeline_stages = 1 (written so, or the marker lower-pipeline-loops
// leaves) keeps its attribute, a loop without the attribute is no pipeline,
// and a stage=2 loop without any top-level tile.load (its load sits in an
// scf.if) has nothing to rotate and is left for lower-pipeline-loops. A
// pipeline nested in a stage=1 loop is decided on its own and slotted.

// CHECK-LABEL: func.func @whole(
// CHECK:         scf.for %j = %c0 to %c4 step %c1 {
// CHECK-NEXT:      %b = tile.load %a[%j, %c0] : memref<16x16xf32> -> !tile.tile<1x16xf32, vec>
// CHECK-NEXT:      scf.for %i = %c0 to %c2 step %c1 {
// CHECK-NEXT:        %x = tile.load %a[%i, %c0] : memref<16x16xf32> -> !tile.tile<1x16xf32, vec, alloc = <@pipe_x, slots = 2, slot = iv>>
// CHECK-NEXT:        %y = tile.add %b, %x : (!tile.tile<1x16xf32, vec>, !tile.tile<1x16xf32, vec, alloc = <@pipe_x, slots = 2, slot = iv>>) -> !tile.tile<1x16xf32, vec>
// CHECK-NEXT:        tile.store %y, %a[%i, %c0] : !tile.tile<1x16xf32, vec>, memref<16x16xf32>
// CHECK-NEXT:      }{{$}}
// CHECK-NEXT:    } {tile.pipeline_stages = 1 : i64}
// CHECK-NEXT:    scf.for %k = %c0 to %c4 step %c1 {
// CHECK-NEXT:      %z = tile.load %a[%k, %c0] : memref<16x16xf32> -> !tile.tile<1x16xf32, vec>
// CHECK-NEXT:      tile.store %z, %a[%k, %c0] : !tile.tile<1x16xf32, vec>, memref<16x16xf32>
// CHECK-NEXT:    }{{$}}
// CHECK-NEXT:    scf.for %m = %c0 to %c4 step %c1 {
// CHECK-NEXT:      scf.if %c {
// CHECK-NEXT:        %w = tile.load %a[%m, %c0] : memref<16x16xf32> -> !tile.tile<1x16xf32, vec>
// CHECK-NEXT:        tile.store %w, %a[%m, %c0] : !tile.tile<1x16xf32, vec>, memref<16x16xf32>
// CHECK-NEXT:      }
// CHECK-NEXT:    } {tile.pipeline_stages = 2 : i64}
// CHECK-NEXT:    func.return
func.func @whole(%a: memref<16x16xf32>, %c: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  scf.for %j = %c0 to %c4 step %c1 {
    %b = tile.load %a[%j, %c0] : memref<16x16xf32> -> !tile.tile<1x16xf32, vec>
    scf.for %i = %c0 to %c2 step %c1 {
      %x = tile.load %a[%i, %c0] : memref<16x16xf32> -> !tile.tile<1x16xf32, vec>
      %y = tile.add %b, %x : (!tile.tile<1x16xf32, vec>, !tile.tile<1x16xf32, vec>) -> !tile.tile<1x16xf32, vec>
      tile.store %y, %a[%i, %c0] : !tile.tile<1x16xf32, vec>, memref<16x16xf32>
    } {tile.pipeline_stages = 2 : i64}
  } {tile.pipeline_stages = 1 : i64}
  scf.for %k = %c0 to %c4 step %c1 {
    %z = tile.load %a[%k, %c0] : memref<16x16xf32> -> !tile.tile<1x16xf32, vec>
    tile.store %z, %a[%k, %c0] : !tile.tile<1x16xf32, vec>, memref<16x16xf32>
  }
  scf.for %m = %c0 to %c4 step %c1 {
    scf.if %c {
      %w = tile.load %a[%m, %c0] : memref<16x16xf32> -> !tile.tile<1x16xf32, vec>
      tile.store %w, %a[%m, %c0] : !tile.tile<1x16xf32, vec>, memref<16x16xf32>
    }
  } {tile.pipeline_stages = 2 : i64}
  func.return
}

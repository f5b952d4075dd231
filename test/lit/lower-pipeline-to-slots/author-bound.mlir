// RUN: xdsl-opt -p 'lower-pipeline-to-slots{planner=ptoas}' %s 2>%t.err | filecheck %s
// RUN: not test -s %t.err

// A tile the author bound to a declared allocation stays the author's (seed
// 004, "Which tiles take a slot"): it is not a candidate, keeps its binding,
// and does not decline the loop -- even when a view consumes it, which would
// decline a candidate. Its unbound sibling is slotted and the loop demoted.

// CHECK-LABEL: func.func @mixed(
// CHECK:         scf.for %i = %c0 to %c4 step %c1 {
// CHECK-NEXT:      %own = tile.load %a[%i, %c0] : memref<64x256xf32> -> !tile.tile<2x128xf32, vec, alloc = <@own, slots = 2, slot = iv>>
// CHECK-NEXT:      %v = tile.slice %own, %c0, %c0 : (!tile.tile<2x128xf32, vec, alloc = <@own, slots = 2, slot = iv>>, index, index) -> !tile.tile<1x128xf32, vec, alloc = <@own, slots = 2, slot = iv>>
// CHECK-NEXT:      %x = tile.load %a[%c0, %c0] : memref<64x256xf32> -> !tile.tile<1x128xf32, vec, alloc = <@pipe_x, slots = 2, slot = iv>>
// CHECK-NEXT:      %s = tile.add %v, %x : (!tile.tile<1x128xf32, vec, alloc = <@own, slots = 2, slot = iv>>, !tile.tile<1x128xf32, vec, alloc = <@pipe_x, slots = 2, slot = iv>>) -> !tile.tile<1x128xf32, vec>
// CHECK-NEXT:      tile.store %s, %a[%i, %c0] : !tile.tile<1x128xf32, vec>, memref<64x256xf32>
// CHECK-NEXT:    }{{$}}
func.func @mixed(%a: memref<64x256xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.for %i = %c0 to %c4 step %c1 {
    %own = tile.load %a[%i, %c0] : memref<64x256xf32> -> !tile.tile<2x128xf32, vec, alloc = <@own, slots = 2, slot = iv>>
    %v = tile.slice %own, %c0, %c0 : (!tile.tile<2x128xf32, vec, alloc = <@own, slots = 2, slot = iv>>, index, index) -> !tile.tile<1x128xf32, vec, alloc = <@own, slots = 2, slot = iv>>
    %x = tile.load %a[%c0, %c0] : memref<64x256xf32> -> !tile.tile<1x128xf32, vec>
    %s = tile.add %v, %x : (!tile.tile<1x128xf32, vec, alloc = <@own, slots = 2, slot = iv>>, !tile.tile<1x128xf32, vec>) -> !tile.tile<1x128xf32, vec>
    tile.store %s, %a[%i, %c0] : !tile.tile<1x128xf32, vec>, memref<64x256xf32>
  } {tile.pipeline_stages = 2 : i64}
  func.return
}

// Only author-bound loads at the top level: nothing to rebind, but the loop
// passes the loop gates, so it is demoted -- the author's slots already
// rotate its load buffers, and lower-pipeline-loops would refuse to
// replicate a body holding a bound tile.
// CHECK-LABEL: func.func @only_bound(
// CHECK:         scf.for %i = %c0 to %c4 step %c1 {
// CHECK-NEXT:      %own = tile.load %a[%i, %c0] : memref<64x256xf32> -> !tile.tile<1x256xf32, vec, alloc = <@own, slots = 2, slot = iv>>
// CHECK-NEXT:      %e = tile.exp %own : (!tile.tile<1x256xf32, vec, alloc = <@own, slots = 2, slot = iv>>) -> !tile.tile<1x256xf32, vec>
// CHECK-NEXT:      tile.store %e, %a[%i, %c0] : !tile.tile<1x256xf32, vec>, memref<64x256xf32>
// CHECK-NEXT:    }{{$}}
func.func @only_bound(%a: memref<64x256xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.for %i = %c0 to %c4 step %c1 {
    %own = tile.load %a[%i, %c0] : memref<64x256xf32> -> !tile.tile<1x256xf32, vec, alloc = <@own, slots = 2, slot = iv>>
    %e = tile.exp %own : (!tile.tile<1x256xf32, vec, alloc = <@own, slots = 2, slot = iv>>) -> !tile.tile<1x256xf32, vec>
    tile.store %e, %a[%i, %c0] : !tile.tile<1x256xf32, vec>, memref<64x256xf32>
  } {tile.pipeline_stages = 2 : i64}
  func.return
}

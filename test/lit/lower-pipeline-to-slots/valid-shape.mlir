// RUN: xdsl-opt -p 'lower-pipeline-to-slots{planner=ptoas}' %s 2>%t.err | filecheck %s
// RUN: not test -s %t.err
// RUN: sed 's/valid = 1x100/valid = 1x?/' %s | not xdsl-opt -p 'lower-pipeline-to-slots{planner=ptoas}' 2>&1 | filecheck %s --check-prefix=DYNAMIC

// Static valid shape gate (seed 004, "Eligibility"): a region declares one
// static extent for all its slots. Our tile type only has static valid
// shapes -- `valid = 1x?` is refused when the kernel is read (second RUN) --
// so the gate cannot fire on a kernel this pass sees; it is kept for the day
// the type admits a dynamic extent, and pinned in
// test/pytest/test_lower_pipeline_to_slots.py. A static partial valid shape
// takes a slot like any other tile.

// DYNAMIC: error: a tile's valid shape is static ('?' is not supported)

// CHECK-LABEL: func.func @partial(
// CHECK:         scf.for %i = %c0 to %c8 step %c1 {
// CHECK-NEXT:      %x = tile.load %a[%i, %c0] : memref<8x128xf32> -> !tile.tile<1x128xf32, vec, valid = 1x100, alloc = <@pipe_x, slots = 2, slot = iv>>
// CHECK-NEXT:      tile.store %x, %a[%i, %c0] : !tile.tile<1x128xf32, vec, valid = 1x100, alloc = <@pipe_x, slots = 2, slot = iv>>, memref<8x128xf32>
// CHECK-NEXT:    }{{$}}
func.func @partial(%a: memref<8x128xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  scf.for %i = %c0 to %c8 step %c1 {
    %x = tile.load %a[%i, %c0] : memref<8x128xf32> -> !tile.tile<1x128xf32, vec, valid = 1x100>
    tile.store %x, %a[%i, %c0] : !tile.tile<1x128xf32, vec, valid = 1x100>, memref<8x128xf32>
  } {tile.pipeline_stages = 2 : i64}
  func.return
}

// RUN: xdsl-opt -p 'lower-pipeline-to-slots{planner=ptoas}' %s 2>%t.err | filecheck %s
// RUN: not test -s %t.err
// RUN: sed -e 's/valid = 1x100/valid = 1x?/' -e 's/%c0\] : memref<8x128xf32> ->/%c0] valid [%c1, %i] : memref<8x128xf32> ->/' %s | xdsl-opt -p 'lower-pipeline-to-slots{planner=ptoas}' 2>&1 >/dev/null | filecheck %s --check-prefix=DYNAMIC

// Static valid shape gate (seed 004, "Eligibility"): a region declares one
// static extent for all its slots, so a load with a runtime valid extent
// (`valid = 1x?`, issue 23's type form) declines the loop, which stays for
// lower-pipeline-loops (third RUN). A static partial valid shape takes a slot
// like any other tile.

// DYNAMIC: <stdin>:22:3: remark: lower-pipeline-to-slots: this stage=2 pipeline loop stays replicated: %x has the dynamic valid shape 1x?, and a slot region declares one static extent for all its slots

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

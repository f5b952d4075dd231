// RUN: xdsl-opt -p 'lower-pipeline-to-slots{planner=ptoas}' %s 2>%t.err | filecheck %s
// RUN: filecheck %s --check-prefix=REMARK --input-file=%t.err

// Counter gate (after the step and start gates): the slot index is taken on
// an index counter, so a loop whose induction variable is not an index (an
// i32 loop here, whose constant step 1 and start 0 pass the bounds gates)
// stays replicated, untouched. The index loop beside it is slotted.

// CHECK-LABEL: func.func @i32_counter(
// CHECK:         scf.for %i = %z to %n step %one : i32 {
// CHECK-NEXT:      %x = tile.load %a[%c0, %c0] : memref<64x16xf32> -> !tile.tile<16x16xf32, vec>{{$}}
// CHECK-NEXT:      tile.store %x, %a[%c0, %c0] : !tile.tile<16x16xf32, vec>, memref<64x16xf32>
// CHECK-NEXT:    } {tile.pipeline_stages = 2 : i64}
// REMARK: decline-counter.mlir:[[# @LINE + 5]]:3: remark: lower-pipeline-to-slots: this stage=2 pipeline loop stays replicated: its induction variable is i32; a slot index needs an index counter{{$}}
func.func @i32_counter(%a: memref<64x16xf32>, %n: i32) {
  %c0 = arith.constant 0 : index
  %z = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  scf.for %i = %z to %n step %one : i32 {
    %x = tile.load %a[%c0, %c0] : memref<64x16xf32> -> !tile.tile<16x16xf32, vec>
    tile.store %x, %a[%c0, %c0] : !tile.tile<16x16xf32, vec>, memref<64x16xf32>
  } {tile.pipeline_stages = 2 : i64}
  func.return
}

// CHECK-LABEL: func.func @index_counter(
// CHECK:         %x = tile.load %a[%c0, %c0] : memref<64x16xf32> -> !tile.tile<16x16xf32, vec, alloc = <@pipe_x, slots = 2, slot = iv>>{{$}}
// CHECK:         }{{$}}
// REMARK-NOT: remark
func.func @index_counter(%a: memref<64x16xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %x = tile.load %a[%c0, %c0] : memref<64x16xf32> -> !tile.tile<16x16xf32, vec>
    tile.store %x, %a[%c0, %c0] : !tile.tile<16x16xf32, vec>, memref<64x16xf32>
  } {tile.pipeline_stages = 2 : i64}
  func.return
}

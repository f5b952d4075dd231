// RUN: xdsl-opt -p 'lower-pipeline-to-slots{planner=ptoas}' %s 2>%t.err | filecheck %s
// RUN: filecheck %s --check-prefix=REMARK --input-file=%t.err

// The decline is per loop, not per tile (seed 004, "Eligibility"): one
// candidate that fails a tile gate keeps the whole loop replicated, its
// eligible sibling included -- slotting the sibling would demote the loop
// and leave the blocked load with neither a slot nor a replicated copy.
// Candidates are checked in program order and the first failure is reported
// (one remark per loop).

// %x is fine, %y is consumed by a view: neither is bound.
// CHECK-LABEL: func.func @bad_second(
// CHECK:         scf.for %i = %c0 to %c4 step %c1 {
// CHECK-NEXT:      %x = tile.load %a[%i, %c0] : memref<64x256xf32> -> !tile.tile<2x128xf32, vec>
// CHECK-NEXT:      %y = tile.load %a[%c0, %c0] : memref<64x256xf32> -> !tile.tile<2x128xf32, vec>
// CHECK-NEXT:      %v = tile.slice %y, %c0, %c0 : (!tile.tile<2x128xf32, vec>, index, index) -> !tile.tile<1x128xf32, vec>
// CHECK-NEXT:      %s = tile.add %x, %x : (!tile.tile<2x128xf32, vec>, !tile.tile<2x128xf32, vec>) -> !tile.tile<2x128xf32, vec>
// CHECK-NEXT:      tile.store %s, %a[%i, %c0] : !tile.tile<2x128xf32, vec>, memref<64x256xf32>
// CHECK-NEXT:      tile.store %v, %a[%i, %c0] : !tile.tile<1x128xf32, vec>, memref<64x256xf32>
// CHECK-NEXT:    } {tile.pipeline_stages = 2 : i64}
// REMARK: decline-per-loop.mlir:[[# @LINE + 5]]:3: remark: lower-pipeline-to-slots: this stage=2 pipeline loop stays replicated: %y is consumed by tile.slice, a view of its buffer{{$}}
func.func @bad_second(%a: memref<64x256xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.for %i = %c0 to %c4 step %c1 {
    %x = tile.load %a[%i, %c0] : memref<64x256xf32> -> !tile.tile<2x128xf32, vec>
    %y = tile.load %a[%c0, %c0] : memref<64x256xf32> -> !tile.tile<2x128xf32, vec>
    %v = tile.slice %y, %c0, %c0 : (!tile.tile<2x128xf32, vec>, index, index) -> !tile.tile<1x128xf32, vec>
    %s = tile.add %x, %x : (!tile.tile<2x128xf32, vec>, !tile.tile<2x128xf32, vec>) -> !tile.tile<2x128xf32, vec>
    tile.store %s, %a[%i, %c0] : !tile.tile<2x128xf32, vec>, memref<64x256xf32>
    tile.store %v, %a[%i, %c0] : !tile.tile<1x128xf32, vec>, memref<64x256xf32>
  } {tile.pipeline_stages = 2 : i64}
  func.return
}

// Two blocked loads: the loads are taken in program order, each through the
// whole gate sequence, so %q (consumed by a view) is named although %p, after
// it, fails an earlier gate (the phi).
// CHECK-LABEL: func.func @two_bad(
// CHECK:         %q = tile.load %a[%c0, %c0] : memref<64x256xf32> -> !tile.tile<2x128xf32, vec>
// CHECK-NEXT:    %p = tile.load %a[%i, %c0] : memref<64x256xf32> -> !tile.tile<1x256xf32, vec>
// CHECK:         } {tile.pipeline_stages = 2 : i64}
// REMARK: decline-per-loop.mlir:[[# @LINE + 6]]:8: remark: lower-pipeline-to-slots: this stage=2 pipeline loop stays replicated: %q is consumed by tile.reshape, a view of its buffer{{$}}
func.func @two_bad(%a: memref<64x256xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %init = tile.load %a[%c0, %c0] : memref<64x256xf32> -> !tile.tile<1x256xf32, vec>
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %init) -> (!tile.tile<1x256xf32, vec>) {
    %q = tile.load %a[%c0, %c0] : memref<64x256xf32> -> !tile.tile<2x128xf32, vec>
    %p = tile.load %a[%i, %c0] : memref<64x256xf32> -> !tile.tile<1x256xf32, vec>
    %v = tile.reshape %q : (!tile.tile<2x128xf32, vec>) -> !tile.tile<1x256xf32, vec>
    tile.store %v, %a[%i, %c0] : !tile.tile<1x256xf32, vec>, memref<64x256xf32>
    scf.yield %p : !tile.tile<1x256xf32, vec>
  } {tile.pipeline_stages = 2 : i64}
  tile.store %r, %a[%c0, %c0] : !tile.tile<1x256xf32, vec>, memref<64x256xf32>
  func.return
}

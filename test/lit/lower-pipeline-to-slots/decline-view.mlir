// RUN: xdsl-opt -p 'lower-pipeline-to-slots{planner=ptoas}' %s 2>%t.err | filecheck %s
// RUN: filecheck %s --check-prefix=REMARK --input-file=%t.err

// View gate (seed 004, "Eligibility"): a view's result is its source's
// buffer, so it would land on the candidate's region with another tile type.
// A candidate consumed by tile.slice or tile.reshape declines its loop, which
// is left untouched. (In-place consumers: decline-inplace.mlir.)

// CHECK-LABEL: func.func @slice(
// CHECK:         scf.for %i = %c0 to %c4 step %c1 {
// CHECK-NEXT:      %x = tile.load %a[%i, %c0] : memref<64x256xf32> -> !tile.tile<2x128xf32, vec>
// CHECK-NEXT:      %v = tile.slice %x, %c0, %c0 : (!tile.tile<2x128xf32, vec>, index, index) -> !tile.tile<1x128xf32, vec>
// CHECK-NEXT:      tile.store %v, %a[%i, %c0] : !tile.tile<1x128xf32, vec>, memref<64x256xf32>
// CHECK-NEXT:    } {tile.pipeline_stages = 2 : i64}
// REMARK: decline-view.mlir:[[# @LINE + 5]]:3: remark: lower-pipeline-to-slots: this stage=2 pipeline loop stays replicated: %x is consumed by tile.slice, a view of its buffer{{$}}
func.func @slice(%a: memref<64x256xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.for %i = %c0 to %c4 step %c1 {
    %x = tile.load %a[%i, %c0] : memref<64x256xf32> -> !tile.tile<2x128xf32, vec>
    %v = tile.slice %x, %c0, %c0 : (!tile.tile<2x128xf32, vec>, index, index) -> !tile.tile<1x128xf32, vec>
    tile.store %v, %a[%i, %c0] : !tile.tile<1x128xf32, vec>, memref<64x256xf32>
  } {tile.pipeline_stages = 2 : i64}
  func.return
}

// The view may sit in a nested region of the loop body.
// CHECK-LABEL: func.func @reshape_in_if(
// CHECK:         } {tile.pipeline_stages = 4 : i64}
// REMARK: decline-view.mlir:[[# @LINE + 5]]:3: remark: lower-pipeline-to-slots: this stage=4 pipeline loop stays replicated: %x is consumed by tile.reshape, a view of its buffer{{$}}
func.func @reshape_in_if(%a: memref<64x256xf32>, %c: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  scf.for %i = %c0 to %c8 step %c1 {
    %x = tile.load %a[%i, %c0] : memref<64x256xf32> -> !tile.tile<2x128xf32, vec>
    scf.if %c {
      %v = tile.reshape %x : (!tile.tile<2x128xf32, vec>) -> !tile.tile<1x256xf32, vec>
      tile.store %v, %a[%i, %c0] : !tile.tile<1x256xf32, vec>, memref<64x256xf32>
    }
  } {tile.pipeline_stages = 4 : i64}
  func.return
}

// RUN: xdsl-opt -p 'lower-pipeline-to-slots{planner=ptoas}' %s 2>%t.err | filecheck %s
// RUN: filecheck %s --check-prefix=REMARK --input-file=%t.err

// Phi gate, through a yield (seed 004, "Eligibility"): a candidate yielded by
// an scf.yield -- the pipeline loop's own carry, or an scf.if merge in its
// body -- would make the phi share its slot, so the loop stays replicated,
// untouched.

// CHECK-LABEL: func.func @loop_carry(
// CHECK:         %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %init) -> (!tile.tile<16x16xf32, vec>) {
// CHECK-NEXT:      %x = tile.load %a[%i, %c0] : memref<64x16xf32> -> !tile.tile<16x16xf32, vec>
// CHECK-NEXT:      scf.yield %x : !tile.tile<16x16xf32, vec>
// CHECK-NEXT:    } {tile.pipeline_stages = 2 : i64}
// REMARK: decline-yielded.mlir:[[# @LINE + 6]]:8: remark: lower-pipeline-to-slots: this stage=2 pipeline loop stays replicated: %x is carried into a phi (scf.for yields it){{$}}
func.func @loop_carry(%a: memref<64x16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %init = tile.load %a[%c0, %c0] : memref<64x16xf32> -> !tile.tile<16x16xf32, vec>
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %init) -> (!tile.tile<16x16xf32, vec>) {
    %x = tile.load %a[%i, %c0] : memref<64x16xf32> -> !tile.tile<16x16xf32, vec>
    scf.yield %x : !tile.tile<16x16xf32, vec>
  } {tile.pipeline_stages = 2 : i64}
  tile.store %r, %a[%c0, %c0] : !tile.tile<16x16xf32, vec>, memref<64x16xf32>
  func.return
}

// CHECK-LABEL: func.func @if_merge(
// CHECK:           %x = tile.load %a[%i, %c0] : memref<64x16xf32> -> !tile.tile<16x16xf32, vec>
// CHECK-NEXT:      %y = tile.load %a[%c0, %c0] : memref<64x16xf32> -> !tile.tile<16x16xf32, vec>
// CHECK:         } {tile.pipeline_stages = 2 : i64}
// REMARK: decline-yielded.mlir:[[# @LINE + 5]]:3: remark: lower-pipeline-to-slots: this stage=2 pipeline loop stays replicated: %x is carried into a phi (scf.if yields it){{$}}
func.func @if_merge(%a: memref<64x16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.for %i = %c0 to %c4 step %c1 {
    %x = tile.load %a[%i, %c0] : memref<64x16xf32> -> !tile.tile<16x16xf32, vec>
    %y = tile.load %a[%c0, %c0] : memref<64x16xf32> -> !tile.tile<16x16xf32, vec>
    %first = arith.cmpi eq, %i, %c0 : index
    %m = scf.if %first -> (!tile.tile<16x16xf32, vec>) {
      scf.yield %y : !tile.tile<16x16xf32, vec>
    } else {
      scf.yield %x : !tile.tile<16x16xf32, vec>
    }
    tile.store %m, %a[%i, %c0] : !tile.tile<16x16xf32, vec>, memref<64x16xf32>
  } {tile.pipeline_stages = 2 : i64}
  func.return
}

// RUN: xdsl-opt -p 'lower-pipeline-to-slots{planner=ptoas}' %s 2>%t.err | filecheck %s
// RUN: filecheck %s --check-prefix=REMARK --input-file=%t.err

// Step gate (seed 004, "Eligibility", "Why the slot index must be literally
// iv % F"): the slot is iv mod F, which counts the iterations only for the
// constant step 1. A loop with step 2, or a step known only at run time,
// stays replicated, untouched.

// CHECK-LABEL: func.func @step2(
// CHECK:         scf.for %i = %c0 to %c8 step %c2 {
// CHECK-NEXT:      %x = tile.load %a[%i, %c0] : memref<64x16xf32> -> !tile.tile<16x16xf32, vec>
// CHECK-NEXT:      tile.store %x, %a[%i, %c0] : !tile.tile<16x16xf32, vec>, memref<64x16xf32>
// CHECK-NEXT:    } {tile.pipeline_stages = 2 : i64}
// REMARK: decline-step.mlir:[[# @LINE + 5]]:3: remark: lower-pipeline-to-slots: this stage=2 pipeline loop stays replicated: its step is 2; a slot index iv mod 2 needs the constant step 1{{$}}
func.func @step2(%a: memref<64x16xf32>) {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c8 = arith.constant 8 : index
  scf.for %i = %c0 to %c8 step %c2 {
    %x = tile.load %a[%i, %c0] : memref<64x16xf32> -> !tile.tile<16x16xf32, vec>
    tile.store %x, %a[%i, %c0] : !tile.tile<16x16xf32, vec>, memref<64x16xf32>
  } {tile.pipeline_stages = 2 : i64}
  func.return
}

// CHECK-LABEL: func.func @runtime_step(
// CHECK:         scf.for %i = %c0 to %c8 step %s {
// CHECK-NEXT:      %x = tile.load %a[%i, %c0] : memref<64x16xf32> -> !tile.tile<16x16xf32, vec>
// CHECK-NEXT:      tile.store %x, %a[%i, %c0] : !tile.tile<16x16xf32, vec>, memref<64x16xf32>
// CHECK-NEXT:    } {tile.pipeline_stages = 3 : i64}
// REMARK: decline-step.mlir:[[# @LINE + 4]]:3: remark: lower-pipeline-to-slots: this stage=3 pipeline loop stays replicated: its step is a runtime value; a slot index iv mod 3 needs the constant step 1{{$}}
func.func @runtime_step(%a: memref<64x16xf32>, %s: index) {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  scf.for %i = %c0 to %c8 step %s {
    %x = tile.load %a[%i, %c0] : memref<64x16xf32> -> !tile.tile<16x16xf32, vec>
    tile.store %x, %a[%i, %c0] : !tile.tile<16x16xf32, vec>, memref<64x16xf32>
  } {tile.pipeline_stages = 3 : i64}
  func.return
}

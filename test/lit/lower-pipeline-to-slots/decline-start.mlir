// RUN: xdsl-opt -p 'lower-pipeline-to-slots{planner=ptoas}' %s 2>%t.err | filecheck %s
// RUN: filecheck %s --check-prefix=REMARK --input-file=%t.err

// Start gate (seed 004, "Eligibility", "Why the slot index must be literally
// iv % F"): iv mod F counts the iterations from slot 0 only when the start is
// a constant, non-negative multiple of F. Start 1 (F = 2), start 2 (F = 4),
// a runtime start and start -2 (F = 2: a multiple of F, but a negative iv
// would make the lowering's slot index arith.remsi %i, %c2 negative) stay
// replicated; start 4 (F = 2) is slotted, a runtime trip count needing no
// special case.

// CHECK-LABEL: func.func @start1(
// CHECK:         } {tile.pipeline_stages = 2 : i64}
// REMARK: decline-start.mlir:[[# @LINE + 5]]:3: remark: lower-pipeline-to-slots: this stage=2 pipeline loop stays replicated: its start is 1; a slot index iv mod 2 needs a constant start that is a non-negative multiple of 2{{$}}
func.func @start1(%a: memref<64x16xf32>) {
  %c1 = arith.constant 1 : index
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  scf.for %i = %c1 to %c8 step %c1 {
    %x = tile.load %a[%i, %c0] : memref<64x16xf32> -> !tile.tile<16x16xf32, vec>
    tile.store %x, %a[%i, %c0] : !tile.tile<16x16xf32, vec>, memref<64x16xf32>
  } {tile.pipeline_stages = 2 : i64}
  func.return
}

// CHECK-LABEL: func.func @start2_of_4(
// CHECK:         } {tile.pipeline_stages = 4 : i64}
// REMARK: decline-start.mlir:[[# @LINE + 6]]:3: remark: lower-pipeline-to-slots: this stage=4 pipeline loop stays replicated: its start is 2; a slot index iv mod 4 needs a constant start that is a non-negative multiple of 4{{$}}
func.func @start2_of_4(%a: memref<64x16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c8 = arith.constant 8 : index
  scf.for %i = %c2 to %c8 step %c1 {
    %x = tile.load %a[%i, %c0] : memref<64x16xf32> -> !tile.tile<16x16xf32, vec>
    tile.store %x, %a[%i, %c0] : !tile.tile<16x16xf32, vec>, memref<64x16xf32>
  } {tile.pipeline_stages = 4 : i64}
  func.return
}

// CHECK-LABEL: func.func @runtime_start(
// CHECK:         } {tile.pipeline_stages = 2 : i64}
// REMARK: decline-start.mlir:[[# @LINE + 5]]:3: remark: lower-pipeline-to-slots: this stage=2 pipeline loop stays replicated: its start is a runtime value; a slot index iv mod 2 needs a constant start that is a non-negative multiple of 2{{$}}
func.func @runtime_start(%a: memref<64x16xf32>, %lo: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  scf.for %i = %lo to %c8 step %c1 {
    %x = tile.load %a[%i, %c0] : memref<64x16xf32> -> !tile.tile<16x16xf32, vec>
    tile.store %x, %a[%i, %c0] : !tile.tile<16x16xf32, vec>, memref<64x16xf32>
  } {tile.pipeline_stages = 2 : i64}
  func.return
}

// CHECK-LABEL: func.func @negative_start(
// CHECK:         scf.for %i = %cm2 to %c2 step %c1 {
// CHECK-NEXT:      %x = tile.load %a[%c0, %c0] : memref<64x16xf32> -> !tile.tile<16x16xf32, vec>{{$}}
// CHECK:         } {tile.pipeline_stages = 2 : i64}
// REMARK: decline-start.mlir:[[# @LINE + 6]]:3: remark: lower-pipeline-to-slots: this stage=2 pipeline loop stays replicated: its start is -2; a slot index iv mod 2 needs a constant start that is a non-negative multiple of 2{{$}}
func.func @negative_start(%a: memref<64x16xf32>) {
  %cm2 = arith.constant -2 : index
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  scf.for %i = %cm2 to %c2 step %c1 {
    %x = tile.load %a[%c0, %c0] : memref<64x16xf32> -> !tile.tile<16x16xf32, vec>
    tile.store %x, %a[%c0, %c0] : !tile.tile<16x16xf32, vec>, memref<64x16xf32>
  } {tile.pipeline_stages = 2 : i64}
  func.return
}

// CHECK-LABEL: func.func @start4_runtime_stop(
// CHECK:         scf.for %i = %c4 to %hi step %c1 {
// CHECK-NEXT:      %x = tile.load %a[%i, %c0] : memref<64x16xf32> -> !tile.tile<16x16xf32, vec, alloc = <@pipe_x, slots = 2, slot = iv>>
// CHECK-NEXT:      tile.store %x, %a[%i, %c0] : !tile.tile<16x16xf32, vec, alloc = <@pipe_x, slots = 2, slot = iv>>, memref<64x16xf32>
// CHECK-NEXT:    }{{$}}
// REMARK-NOT: remark
func.func @start4_runtime_stop(%a: memref<64x16xf32>, %hi: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.for %i = %c4 to %hi step %c1 {
    %x = tile.load %a[%i, %c0] : memref<64x16xf32> -> !tile.tile<16x16xf32, vec>
    tile.store %x, %a[%i, %c0] : !tile.tile<16x16xf32, vec>, memref<64x16xf32>
  } {tile.pipeline_stages = 2 : i64}
  func.return
}

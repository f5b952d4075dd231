// RUN: xdsl-opt -p 'lower-pipeline-to-slots{planner=ptoas}' %s 2>%t.err | filecheck %s
// RUN: filecheck %s --check-prefix=REMARK --input-file=%t.err
// RUN: grep -c remark: %t.err | filecheck %s --check-prefix=COUNT

// Nested pipelines are decided outer first (seed 004, "Eligibility"). Each
// slotted loop binds its own top-level loads to its own induction variable
// (slot = iv is the innermost enclosing loop's). An inner pipeline under an
// outer one that stays replicated is declined too: the outer clones would
// each take a slot of one region in one body. That holds for an outer loop
// declined by a gate and for one left whole because it has no top-level
// load of its own.

// One remark per declined loop, none for a loop left whole or slotted.
// COUNT: {{^}}6{{$}}

// Both slotted: %b on %j's slots, %x on %i's.
// CHECK-LABEL: func.func @both(
// CHECK:         scf.for %j = %c0 to %c4 step %c1 {
// CHECK-NEXT:      %b = tile.load %a[%j, %c0] : memref<16x16xf32> -> !tile.tile<1x16xf32, vec, alloc = <@pipe_b, slots = 2, slot = iv>>
// CHECK-NEXT:      scf.for %i = %c0 to %c2 step %c1 {
// CHECK-NEXT:        %x = tile.load %a[%i, %c0] : memref<16x16xf32> -> !tile.tile<1x16xf32, vec, alloc = <@pipe_x, slots = 2, slot = iv>>
// CHECK-NEXT:        %y = tile.add %b, %x : (!tile.tile<1x16xf32, vec, alloc = <@pipe_b, slots = 2, slot = iv>>, !tile.tile<1x16xf32, vec, alloc = <@pipe_x, slots = 2, slot = iv>>) -> !tile.tile<1x16xf32, vec>
// CHECK-NEXT:        tile.store %y, %a[%i, %c0] : !tile.tile<1x16xf32, vec>, memref<16x16xf32>
// CHECK-NEXT:      }{{$}}
// CHECK-NEXT:    }{{$}}
func.func @both(%a: memref<16x16xf32>) {
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
  } {tile.pipeline_stages = 2 : i64}
  func.return
}

// The outer loop (step 2) is declined, so the inner one is declined too,
// with a remark of its own; nothing is rebound.
// CHECK-LABEL: func.func @outer_declined(
// CHECK:         scf.for %j = %c0 to %c4 step %c2 {
// CHECK-NEXT:      %b = tile.load %a[%j, %c0] : memref<16x16xf32> -> !tile.tile<1x16xf32, vec>
// CHECK-NEXT:      scf.for %i = %c0 to %c2 step %c1 {
// CHECK-NEXT:        %x = tile.load %a[%i, %c0] : memref<16x16xf32> -> !tile.tile<1x16xf32, vec>
// CHECK:           } {tile.pipeline_stages = 2 : i64}
// CHECK-NEXT:    } {tile.pipeline_stages = 4 : i64}
// REMARK: nested.mlir:[[# @LINE + 7]]:3: remark: lower-pipeline-to-slots: this stage=4 pipeline loop stays replicated: its step is 2; a slot index iv mod 4 needs the constant step 1{{$}}
// REMARK: nested.mlir:[[# @LINE + 8]]:5: remark: lower-pipeline-to-slots: this stage=2 pipeline loop stays replicated: the enclosing stage=4 pipeline loop stays replicated{{$}}
func.func @outer_declined(%a: memref<16x16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  scf.for %j = %c0 to %c4 step %c2 {
    %b = tile.load %a[%j, %c0] : memref<16x16xf32> -> !tile.tile<1x16xf32, vec>
    scf.for %i = %c0 to %c2 step %c1 {
      %x = tile.load %a[%i, %c0] : memref<16x16xf32> -> !tile.tile<1x16xf32, vec>
      %y = tile.add %b, %x : (!tile.tile<1x16xf32, vec>, !tile.tile<1x16xf32, vec>) -> !tile.tile<1x16xf32, vec>
      tile.store %y, %a[%i, %c0] : !tile.tile<1x16xf32, vec>, memref<16x16xf32>
    } {tile.pipeline_stages = 2 : i64}
  } {tile.pipeline_stages = 4 : i64}
  func.return
}

// Two levels down, through a plain loop: the innermost pipeline is declined
// because of the outermost one (the remark names the nearest enclosing
// pipeline loop that stays replicated).
// CHECK-LABEL: func.func @deep(
// CHECK-NOT:     alloc =
// CHECK:         func.return
// REMARK: nested.mlir:[[# @LINE + 6]]:3: remark: lower-pipeline-to-slots: this stage=2 pipeline loop stays replicated: %b is consumed by tile.slice, a view of its buffer{{$}}
// REMARK: nested.mlir:[[# @LINE + 9]]:7: remark: lower-pipeline-to-slots: this stage=3 pipeline loop stays replicated: the enclosing stage=2 pipeline loop stays replicated{{$}}
func.func @deep(%a: memref<16x16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  scf.for %j = %c0 to %c3 step %c1 {
    %b = tile.load %a[%j, %c0] : memref<16x16xf32> -> !tile.tile<1x16xf32, vec>
    %v = tile.slice %b, %c0, %c0 : (!tile.tile<1x16xf32, vec>, index, index) -> !tile.tile<1x8xf32, vec>
    scf.for %k = %c0 to %c3 step %c1 {
      scf.for %i = %c0 to %c3 step %c1 {
        %x = tile.load %a[%i, %c0] : memref<16x16xf32> -> !tile.tile<1x16xf32, vec>
        tile.store %x, %a[%i, %c0] : !tile.tile<1x16xf32, vec>, memref<16x16xf32>
      } {tile.pipeline_stages = 3 : i64}
    }
    tile.store %v, %a[%j, %c0] : !tile.tile<1x8xf32, vec>, memref<16x16xf32>
  } {tile.pipeline_stages = 2 : i64}
  func.return
}

// The outer pipeline has no top-level load: it is left whole, without a
// remark, for lower-pipeline-loops to replicate -- so the inner pipeline,
// whose slots its clones would share, is declined.
// CHECK-LABEL: func.func @outer_without_loads(
// CHECK:         scf.for %j = %c0 to %c4 step %c1 {
// CHECK-NEXT:      scf.for %i = %c0 to %c2 step %c1 {
// CHECK-NEXT:        %x = tile.load %a[%i, %c0] : memref<16x16xf32> -> !tile.tile<1x16xf32, vec>
// CHECK-NEXT:        tile.store %x, %a[%i, %c0] : !tile.tile<1x16xf32, vec>, memref<16x16xf32>
// CHECK-NEXT:      } {tile.pipeline_stages = 2 : i64}
// CHECK-NEXT:    } {tile.pipeline_stages = 2 : i64}
// REMARK: nested.mlir:[[# @LINE + 7]]:5: remark: lower-pipeline-to-slots: this stage=2 pipeline loop stays replicated: the enclosing stage=2 pipeline loop stays replicated{{$}}
func.func @outer_without_loads(%a: memref<16x16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  scf.for %j = %c0 to %c4 step %c1 {
    scf.for %i = %c0 to %c2 step %c1 {
      %x = tile.load %a[%i, %c0] : memref<16x16xf32> -> !tile.tile<1x16xf32, vec>
      tile.store %x, %a[%i, %c0] : !tile.tile<1x16xf32, vec>, memref<16x16xf32>
    } {tile.pipeline_stages = 2 : i64}
  } {tile.pipeline_stages = 2 : i64}
  func.return
}

// A slotted outer loop does not stop a declined inner one, nor the reverse.
// CHECK-LABEL: func.func @inner_declined(
// CHECK:         scf.for %j = %c0 to %c4 step %c1 {
// CHECK-NEXT:      %b = tile.load %a[%j, %c0] : memref<16x16xf32> -> !tile.tile<1x16xf32, vec, alloc = <@pipe_b, slots = 2, slot = iv>>
// CHECK-NEXT:      scf.for %i = %c1 to %c4 step %c1 {
// CHECK-NEXT:        %x = tile.load %a[%i, %c0] : memref<16x16xf32> -> !tile.tile<1x16xf32, vec>
// CHECK:           } {tile.pipeline_stages = 2 : i64}
// CHECK-NEXT:      tile.store %b, %a[%j, %c0] : !tile.tile<1x16xf32, vec, alloc = <@pipe_b, slots = 2, slot = iv>>, memref<16x16xf32>
// CHECK-NEXT:    }{{$}}
// REMARK: nested.mlir:[[# @LINE + 7]]:5: remark: lower-pipeline-to-slots: this stage=2 pipeline loop stays replicated: its start is 1; a slot index iv mod 2 needs a constant start that is a non-negative multiple of 2{{$}}
func.func @inner_declined(%a: memref<16x16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.for %j = %c0 to %c4 step %c1 {
    %b = tile.load %a[%j, %c0] : memref<16x16xf32> -> !tile.tile<1x16xf32, vec>
    scf.for %i = %c1 to %c4 step %c1 {
      %x = tile.load %a[%i, %c0] : memref<16x16xf32> -> !tile.tile<1x16xf32, vec>
      tile.store %x, %a[%i, %c0] : !tile.tile<1x16xf32, vec>, memref<16x16xf32>
    } {tile.pipeline_stages = 2 : i64}
    tile.store %b, %a[%j, %c0] : !tile.tile<1x16xf32, vec>, memref<16x16xf32>
  } {tile.pipeline_stages = 2 : i64}
  func.return
}

// RUN: xdsl-opt --disable-verify -p 'lower-pipeline-to-slots{planner=ptoas}' %s 2>%t.err | filecheck %s
// RUN: filecheck %s --check-prefix=REMARK --input-file=%t.err
// RUN: not xdsl-opt -p 'lower-pipeline-to-slots{planner=ptoas}' %s 2>&1 | filecheck %s --check-prefix=VERIFY

// Space gate (seed 004, "Eligibility"): a slot region lives in vec, mat or
// acc. tile.load writes only vec and mat (its verifier refuses any other
// space, third RUN), so in a verified kernel every candidate passes this
// gate; --disable-verify lets loads into left, right, bias and acc reach it.
// vec, mat and acc are slotted; left, right and bias decline their loop.

// CHECK-LABEL: func.func @vec(
// CHECK:         scf.for %i = %c0 to %c4 step %c1 {
// CHECK-NEXT:      %x = tile.load {{.*}} -> !tile.tile<16x16xf32, vec, alloc = <@pipe_x, slots = 2, slot = iv>>
// CHECK:         }{{$}}
func.func @vec(%a: memref<64x16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.for %i = %c0 to %c4 step %c1 {
    %x = tile.load %a[%c0, %c0] : memref<64x16xf32> -> !tile.tile<16x16xf32, vec>
    tile.store %x, %a[%c0, %c0] : !tile.tile<16x16xf32, vec>, memref<64x16xf32>
  } {tile.pipeline_stages = 2 : i64}
  func.return
}

// CHECK-LABEL: func.func @mat(
// CHECK:         scf.for %i = %c0 to %c4 step %c1 {
// CHECK-NEXT:      %x = tile.load {{.*}} -> !tile.tile<16x16xf16, mat, alloc = <@pipe_x, slots = 2, slot = iv>>
// CHECK:         }{{$}}
func.func @mat(%a: memref<64x16xf16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.for %i = %c0 to %c4 step %c1 {
    %x = tile.load %a[%c0, %c0] : memref<64x16xf16> -> !tile.tile<16x16xf16, mat>
    %l = tile.move %x : (!tile.tile<16x16xf16, mat>) -> !tile.tile<16x16xf16, left>
  } {tile.pipeline_stages = 2 : i64}
  func.return
}

// CHECK-LABEL: func.func @left(
// CHECK:         %x = tile.load {{.*}} -> !tile.tile<16x16xf16, left>{{$}}
// CHECK:         } {tile.pipeline_stages = 2 : i64}
// VERIFY: space.mlir:[[# @LINE + 7]]:10: error: 'tile.load' op cannot load from GM into memory space left (only vec or mat)
// REMARK: space.mlir:[[# @LINE + 5]]:3: remark: lower-pipeline-to-slots: this stage=2 pipeline loop stays replicated: %x is in left, and a slot region lives only in vec, mat or acc{{$}}
func.func @left(%a: memref<64x16xf16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.for %i = %c0 to %c4 step %c1 {
    %x = tile.load %a[%c0, %c0] : memref<64x16xf16> -> !tile.tile<16x16xf16, left>
  } {tile.pipeline_stages = 2 : i64}
  func.return
}

// CHECK-LABEL: func.func @right(
// CHECK:         } {tile.pipeline_stages = 2 : i64}
// REMARK: space.mlir:[[# @LINE + 5]]:3: remark: lower-pipeline-to-slots: this stage=2 pipeline loop stays replicated: %w is in right, and a slot region lives only in vec, mat or acc{{$}}
func.func @right(%a: memref<64x16xf16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.for %i = %c0 to %c4 step %c1 {
    %w = tile.load %a[%c0, %c0] : memref<64x16xf16> -> !tile.tile<16x16xf16, right>
  } {tile.pipeline_stages = 2 : i64}
  func.return
}

// CHECK-LABEL: func.func @bias(
// CHECK:         } {tile.pipeline_stages = 3 : i64}
// REMARK: space.mlir:[[# @LINE + 5]]:3: remark: lower-pipeline-to-slots: this stage=3 pipeline loop stays replicated: %b is in bias, and a slot region lives only in vec, mat or acc{{$}}
func.func @bias(%a: memref<64x16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c6 = arith.constant 6 : index
  scf.for %i = %c0 to %c6 step %c1 {
    %b = tile.load %a[%c0, %c0] : memref<64x16xf32> -> !tile.tile<1x16xf32, bias>
  } {tile.pipeline_stages = 3 : i64}
  func.return
}

// CHECK-LABEL: func.func @acc(
// CHECK:         scf.for %i = %c0 to %c4 step %c1 {
// CHECK-NEXT:      %x = tile.load {{.*}} -> !tile.tile<16x16xf32, acc, alloc = <@pipe_x, slots = 2, slot = iv>>
// CHECK:         }{{$}}
// REMARK-NOT: remark
func.func @acc(%a: memref<64x16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.for %i = %c0 to %c4 step %c1 {
    %x = tile.load %a[%c0, %c0] : memref<64x16xf32> -> !tile.tile<16x16xf32, acc>
    tile.store %x, %a[%c0, %c0] : !tile.tile<16x16xf32, acc>, memref<64x16xf32>
  } {tile.pipeline_stages = 2 : i64}
  func.return
}

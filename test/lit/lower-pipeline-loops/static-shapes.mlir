// RUN: xdsl-opt -p lower-pipeline-loops %s | filecheck %s

// Static trip counts that are smaller than F, a multiple of F, or start off
// zero with a step > 1; an empty static range is left alone (only marked lowered, stages = 1). Each function
// numbers its own groups from 0.
// CHECK-LABEL: func.func @fewer_than_f(
// CHECK-NEXT:    %c0 = arith.constant 0 : index
// CHECK-NEXT:    %c1 = arith.constant 1 : index
// CHECK-NEXT:    %c3 = arith.constant 3 : index
// CHECK-NEXT:    %c0_1 = arith.constant 0 : index
// CHECK-NEXT:    %c1_1 = arith.constant 1 : index
// CHECK-NEXT:    %c2 = arith.constant 2 : index
// CHECK-NEXT:    %x = tile.load %a[%c0_1, %c0] {tile.pipeline_membership = [array<i64: 0, 0>]} : memref<16x16xf32> -> !tile.tile<1x16xf32, vec>
// CHECK-NEXT:    tile.store %x, %a[%c0_1, %c0] : !tile.tile<1x16xf32, vec>, memref<16x16xf32>
// CHECK-NEXT:    %x_1 = tile.load %a[%c1_1, %c0] {tile.pipeline_membership = [array<i64: 0, 1>]} : memref<16x16xf32> -> !tile.tile<1x16xf32, vec>
// CHECK-NEXT:    tile.store %x_1, %a[%c1_1, %c0] : !tile.tile<1x16xf32, vec>, memref<16x16xf32>
// CHECK-NEXT:    %x_2 = tile.load %a[%c2, %c0] {tile.pipeline_membership = [array<i64: 0, 2>]} : memref<16x16xf32> -> !tile.tile<1x16xf32, vec>
// CHECK-NEXT:    tile.store %x_2, %a[%c2, %c0] : !tile.tile<1x16xf32, vec>, memref<16x16xf32>
// CHECK-NEXT:    func.return
// CHECK-NEXT:  }
// CHECK-LABEL: func.func @divisible(
// CHECK-NEXT:    %c0 = arith.constant 0 : index
// CHECK-NEXT:    %c1 = arith.constant 1 : index
// CHECK-NEXT:    %c4 = arith.constant 4 : index
// CHECK-NEXT:    %c4_1 = arith.constant 4 : index
// CHECK-NEXT:    %c1_1 = arith.constant 1 : index
// CHECK-NEXT:    %c2 = arith.constant 2 : index
// CHECK-NEXT:    scf.for %i = %c0 to %c4_1 step %c2 {
// CHECK-NEXT:      %x = tile.load %a[%i, %c0] {tile.pipeline_membership = [array<i64: 0, 0>]} : memref<16x16xf32> -> !tile.tile<1x16xf32, vec>
// CHECK-NEXT:      tile.store %x, %a[%i, %c0] : !tile.tile<1x16xf32, vec>, memref<16x16xf32>
// CHECK-NEXT:      %i_1 = arith.addi %i, %c1_1 : index
// CHECK-NEXT:      %x_1 = tile.load %a[%i_1, %c0] {tile.pipeline_membership = [array<i64: 0, 1>]} : memref<16x16xf32> -> !tile.tile<1x16xf32, vec>
// CHECK-NEXT:      tile.store %x_1, %a[%i_1, %c0] : !tile.tile<1x16xf32, vec>, memref<16x16xf32>
// CHECK-NEXT:    } {tile.pipeline_stages = 1 : i64}
// CHECK-NEXT:    func.return
// CHECK-NEXT:  }
// CHECK-LABEL: func.func @offset_start(
// CHECK-NEXT:    %c0 = arith.constant 0 : index
// CHECK-NEXT:    %c2 = arith.constant 2 : index
// CHECK-NEXT:    %c3 = arith.constant 3 : index
// CHECK-NEXT:    %c13 = arith.constant 13 : index
// CHECK-NEXT:    %c11 = arith.constant 11 : index
// CHECK-NEXT:    %c3_1 = arith.constant 3 : index
// CHECK-NEXT:    %c6 = arith.constant 6 : index
// CHECK-NEXT:    %c9 = arith.constant 9 : index
// CHECK-NEXT:    scf.for %i = %c2 to %c11 step %c9 {
// CHECK-NEXT:      %x = tile.load %a[%i, %c0] {tile.pipeline_membership = [array<i64: 0, 0>]} : memref<16x16xf32> -> !tile.tile<1x16xf32, vec>
// CHECK-NEXT:      tile.store %x, %a[%i, %c0] : !tile.tile<1x16xf32, vec>, memref<16x16xf32>
// CHECK-NEXT:      %i_1 = arith.addi %i, %c3_1 : index
// CHECK-NEXT:      %x_1 = tile.load %a[%i_1, %c0] {tile.pipeline_membership = [array<i64: 0, 1>]} : memref<16x16xf32> -> !tile.tile<1x16xf32, vec>
// CHECK-NEXT:      tile.store %x_1, %a[%i_1, %c0] : !tile.tile<1x16xf32, vec>, memref<16x16xf32>
// CHECK-NEXT:      %i_2 = arith.addi %i, %c6 : index
// CHECK-NEXT:      %x_2 = tile.load %a[%i_2, %c0] {tile.pipeline_membership = [array<i64: 0, 2>]} : memref<16x16xf32> -> !tile.tile<1x16xf32, vec>
// CHECK-NEXT:      tile.store %x_2, %a[%i_2, %c0] : !tile.tile<1x16xf32, vec>, memref<16x16xf32>
// CHECK-NEXT:    } {tile.pipeline_stages = 1 : i64}
// CHECK-NEXT:    %x_3 = tile.load %a[%c11, %c0] {tile.pipeline_membership = [array<i64: 0, 0>]} : memref<16x16xf32> -> !tile.tile<1x16xf32, vec>
// CHECK-NEXT:    tile.store %x_3, %a[%c11, %c0] : !tile.tile<1x16xf32, vec>, memref<16x16xf32>
// CHECK-NEXT:    func.return
// CHECK-NEXT:  }
// CHECK-LABEL: func.func @empty(
// CHECK-NEXT:    %c0 = arith.constant 0 : index
// CHECK-NEXT:    %c1 = arith.constant 1 : index
// CHECK-NEXT:    %c5 = arith.constant 5 : index
// CHECK-NEXT:    scf.for %i = %c5 to %c0 step %c1 {
// CHECK-NEXT:      %x = tile.load %a[%i, %c0] : memref<16x16xf32> -> !tile.tile<1x16xf32, vec>
// CHECK-NEXT:      tile.store %x, %a[%i, %c0] : !tile.tile<1x16xf32, vec>, memref<16x16xf32>
// CHECK-NEXT:    } {tile.pipeline_stages = 1 : i64}
// CHECK-NEXT:    func.return
// CHECK-NEXT:  }
!T = !tile.tile<1x16xf32, vec>
// 3 iterations, F = 4: no whole group, so no main loop at all.
func.func @fewer_than_f(%a: memref<16x16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  scf.for %i = %c0 to %c3 step %c1 {
    %x = tile.load %a[%i, %c0] : memref<16x16xf32> -> !T
    tile.store %x, %a[%i, %c0] : !T, memref<16x16xf32>
  } {tile.pipeline_stages = 4 : i64}
  func.return
}
// 4 iterations, F = 2: two whole groups, no tail.
func.func @divisible(%a: memref<16x16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.for %i = %c0 to %c4 step %c1 {
    %x = tile.load %a[%i, %c0] : memref<16x16xf32> -> !T
    tile.store %x, %a[%i, %c0] : !T, memref<16x16xf32>
  } {tile.pipeline_stages = 2 : i64}
  func.return
}
// [2, 13) step 3 is 4 iterations (2, 5, 8, 11); F = 3: main loop [2, 11)
// with stride 9, one tail clone at 11.
func.func @offset_start(%a: memref<16x16xf32>) {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c13 = arith.constant 13 : index
  scf.for %i = %c2 to %c13 step %c3 {
    %x = tile.load %a[%i, %c0] : memref<16x16xf32> -> !T
    tile.store %x, %a[%i, %c0] : !T, memref<16x16xf32>
  } {tile.pipeline_stages = 3 : i64}
  func.return
}
// An empty range (trip count 0) is left as it is, marked lowered (stages = 1).
func.func @empty(%a: memref<16x16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  scf.for %i = %c5 to %c0 step %c1 {
    %x = tile.load %a[%i, %c0] : memref<16x16xf32> -> !T
    tile.store %x, %a[%i, %c0] : !T, memref<16x16xf32>
  } {tile.pipeline_stages = 2 : i64}
  func.return
}

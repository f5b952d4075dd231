// RUN: xdsl-opt -p lower-pipeline-loops %s | filecheck %s

// Memberships already in the input are kept and appended to, and new groups
// are numbered after the largest group already used in the function (here
// 2), so a new pipeline never shares a group id with an earlier one.
// CHECK-LABEL: func.func @existing(
// CHECK-NEXT:    %c0 = arith.constant 0 : index
// CHECK-NEXT:    %c1 = arith.constant 1 : index
// CHECK-NEXT:    %c2 = arith.constant 2 : index
// CHECK-NEXT:    %p = tile.load %a[%c0, %c0] {tile.pipeline_membership = [array<i64: 2, 1>]} : memref<16x16xf32> -> !tile.tile<1x16xf32, vec>
// CHECK-NEXT:    %c2_1 = arith.constant 2 : index
// CHECK-NEXT:    %c1_1 = arith.constant 1 : index
// CHECK-NEXT:    scf.for %i = %c0 to %c2_1 step %c2_1 {
// CHECK-NEXT:      %x = tile.load %a[%i, %c0] {tile.pipeline_membership = [array<i64: 0, 1>, array<i64: 3, 0>]} : memref<16x16xf32> -> !tile.tile<1x16xf32, vec>
// CHECK-NEXT:      %y = tile.add %p, %x {tile.pipeline_membership = [array<i64: 3, 0>]} : (!tile.tile<1x16xf32, vec>, !tile.tile<1x16xf32, vec>) -> !tile.tile<1x16xf32, vec>
// CHECK-NEXT:      tile.store %y, %a[%i, %c0] : !tile.tile<1x16xf32, vec>, memref<16x16xf32>
// CHECK-NEXT:      %i_1 = arith.addi %i, %c1_1 : index
// CHECK-NEXT:      %x_1 = tile.load %a[%i_1, %c0] {tile.pipeline_membership = [array<i64: 0, 1>, array<i64: 3, 1>]} : memref<16x16xf32> -> !tile.tile<1x16xf32, vec>
// CHECK-NEXT:      %y_1 = tile.add %p, %x_1 {tile.pipeline_membership = [array<i64: 3, 1>]} : (!tile.tile<1x16xf32, vec>, !tile.tile<1x16xf32, vec>) -> !tile.tile<1x16xf32, vec>
// CHECK-NEXT:      tile.store %y_1, %a[%i_1, %c0] : !tile.tile<1x16xf32, vec>, memref<16x16xf32>
// CHECK-NEXT:    } {tile.pipeline_stages = 1 : i64}
// CHECK-NEXT:    func.return
// CHECK-NEXT:  }
!T = !tile.tile<1x16xf32, vec>
func.func @existing(%a: memref<16x16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %p = tile.load %a[%c0, %c0] {tile.pipeline_membership = [array<i64: 2, 1>]} : memref<16x16xf32> -> !T
  scf.for %i = %c0 to %c2 step %c1 {
    %x = tile.load %a[%i, %c0] {tile.pipeline_membership = [array<i64: 0, 1>]} : memref<16x16xf32> -> !T
    %y = tile.add %p, %x : (!T, !T) -> !T
    tile.store %y, %a[%i, %c0] : !T, memref<16x16xf32>
  } {tile.pipeline_stages = 2 : i64}
  func.return
}

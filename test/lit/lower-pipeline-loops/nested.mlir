// RUN: xdsl-opt -p lower-pipeline-loops %s | filecheck %s

// F = 2 inside F = 2. Groups are numbered in pre-order (outer 0, inner 1);
// the inner loop is lowered first, then the outer replication copies it.
// Tiles of the inner body carry two pairs, inner first: (1, inner stage),
// (0, outer stage); the outer body's own load carries (0, outer stage). Both
// main loops keep the marker tile.pipeline_stages = 1.
// CHECK-LABEL: func.func @nested(
// CHECK-NEXT:    %c0 = arith.constant 0 : index
// CHECK-NEXT:    %c1 = arith.constant 1 : index
// CHECK-NEXT:    %c2 = arith.constant 2 : index
// CHECK-NEXT:    %c4 = arith.constant 4 : index
// CHECK-NEXT:    %c4_1 = arith.constant 4 : index
// CHECK-NEXT:    %c1_1 = arith.constant 1 : index
// CHECK-NEXT:    %c2_1 = arith.constant 2 : index
// CHECK-NEXT:    scf.for %j = %c0 to %c4_1 step %c2_1 {
// CHECK-NEXT:      %b = tile.load %a[%j, %c0] {tile.pipeline_membership = [array<i64: 0, 0>]} : memref<16x16xf32> -> !tile.tile<1x16xf32, vec>
// CHECK-NEXT:      %c2_2 = arith.constant 2 : index
// CHECK-NEXT:      %c1_2 = arith.constant 1 : index
// CHECK-NEXT:      scf.for %i = %c0 to %c2_2 step %c2_2 {
// CHECK-NEXT:        %r = arith.addi %j, %i : index
// CHECK-NEXT:        %x = tile.load %a[%r, %c0] {tile.pipeline_membership = [array<i64: 1, 0>, array<i64: 0, 0>]} : memref<16x16xf32> -> !tile.tile<1x16xf32, vec>
// CHECK-NEXT:        %y = tile.add %b, %x {tile.pipeline_membership = [array<i64: 1, 0>, array<i64: 0, 0>]} : (!tile.tile<1x16xf32, vec>, !tile.tile<1x16xf32, vec>) -> !tile.tile<1x16xf32, vec>
// CHECK-NEXT:        tile.store %y, %a[%r, %c0] : !tile.tile<1x16xf32, vec>, memref<16x16xf32>
// CHECK-NEXT:        %i_1 = arith.addi %i, %c1_2 : index
// CHECK-NEXT:        %r_1 = arith.addi %j, %i_1 : index
// CHECK-NEXT:        %x_1 = tile.load %a[%r_1, %c0] {tile.pipeline_membership = [array<i64: 1, 1>, array<i64: 0, 0>]} : memref<16x16xf32> -> !tile.tile<1x16xf32, vec>
// CHECK-NEXT:        %y_1 = tile.add %b, %x_1 {tile.pipeline_membership = [array<i64: 1, 1>, array<i64: 0, 0>]} : (!tile.tile<1x16xf32, vec>, !tile.tile<1x16xf32, vec>) -> !tile.tile<1x16xf32, vec>
// CHECK-NEXT:        tile.store %y_1, %a[%r_1, %c0] : !tile.tile<1x16xf32, vec>, memref<16x16xf32>
// CHECK-NEXT:      } {tile.pipeline_stages = 1 : i64}
// CHECK-NEXT:      %j_1 = arith.addi %j, %c1_1 : index
// CHECK-NEXT:      %b_1 = tile.load %a[%j_1, %c0] {tile.pipeline_membership = [array<i64: 0, 1>]} : memref<16x16xf32> -> !tile.tile<1x16xf32, vec>
// CHECK-NEXT:      %c2_3 = arith.constant 2 : index
// CHECK-NEXT:      %c1_3 = arith.constant 1 : index
// CHECK-NEXT:      scf.for %i_2 = %c0 to %c2_3 step %c2_3 {
// CHECK-NEXT:        %r_2 = arith.addi %j_1, %i_2 : index
// CHECK-NEXT:        %x_2 = tile.load %a[%r_2, %c0] {tile.pipeline_membership = [array<i64: 1, 0>, array<i64: 0, 1>]} : memref<16x16xf32> -> !tile.tile<1x16xf32, vec>
// CHECK-NEXT:        %y_2 = tile.add %b_1, %x_2 {tile.pipeline_membership = [array<i64: 1, 0>, array<i64: 0, 1>]} : (!tile.tile<1x16xf32, vec>, !tile.tile<1x16xf32, vec>) -> !tile.tile<1x16xf32, vec>
// CHECK-NEXT:        tile.store %y_2, %a[%r_2, %c0] : !tile.tile<1x16xf32, vec>, memref<16x16xf32>
// CHECK-NEXT:        %i_3 = arith.addi %i_2, %c1_3 : index
// CHECK-NEXT:        %r_3 = arith.addi %j_1, %i_3 : index
// CHECK-NEXT:        %x_3 = tile.load %a[%r_3, %c0] {tile.pipeline_membership = [array<i64: 1, 1>, array<i64: 0, 1>]} : memref<16x16xf32> -> !tile.tile<1x16xf32, vec>
// CHECK-NEXT:        %y_3 = tile.add %b_1, %x_3 {tile.pipeline_membership = [array<i64: 1, 1>, array<i64: 0, 1>]} : (!tile.tile<1x16xf32, vec>, !tile.tile<1x16xf32, vec>) -> !tile.tile<1x16xf32, vec>
// CHECK-NEXT:        tile.store %y_3, %a[%r_3, %c0] : !tile.tile<1x16xf32, vec>, memref<16x16xf32>
// CHECK-NEXT:      } {tile.pipeline_stages = 1 : i64}
// CHECK-NEXT:    } {tile.pipeline_stages = 1 : i64}
// CHECK-NEXT:    func.return
// CHECK-NEXT:  }
!T = !tile.tile<1x16xf32, vec>
func.func @nested(%a: memref<16x16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  scf.for %j = %c0 to %c4 step %c1 {
    %b = tile.load %a[%j, %c0] : memref<16x16xf32> -> !T
    scf.for %i = %c0 to %c2 step %c1 {
      %r = arith.addi %j, %i : index
      %x = tile.load %a[%r, %c0] : memref<16x16xf32> -> !T
      %y = tile.add %b, %x : (!T, !T) -> !T
      tile.store %y, %a[%r, %c0] : !T, memref<16x16xf32>
    } {tile.pipeline_stages = 2 : i64}
  } {tile.pipeline_stages = 2 : i64}
  func.return
}

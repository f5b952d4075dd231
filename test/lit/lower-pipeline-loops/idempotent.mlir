// RUN: xdsl-opt -p lower-pipeline-loops,lower-pipeline-loops %s | filecheck %s
// RUN: xdsl-opt -p lower-pipeline-loops %s | xdsl-opt -p lower-pipeline-loops | filecheck %s

// Running the pass again changes nothing: every loop it produced carries
// tile.pipeline_stages = 1 (the same output as one run, checked below), in
// process and after a print/parse round trip. The kernel nests a static F = 3
// pipeline (main loop + one tail clone) in a dynamic F = 2 one.
// CHECK-LABEL: func.func @twice(
// CHECK-NEXT:    %c0 = arith.constant 0 : index
// CHECK-NEXT:    %c1 = arith.constant 1 : index
// CHECK-NEXT:    %c4 = arith.constant 4 : index
// CHECK-NEXT:    %c2 = arith.constant 2 : index
// CHECK-NEXT:    %c1_1 = arith.constant 1 : index
// CHECK-NEXT:    %trip = arith.subi %n, %c0 : index
// CHECK-NEXT:    %main_iters = arith.divsi %trip, %c2 : index
// CHECK-NEXT:    %0 = arith.muli %main_iters, %c2 : index
// CHECK-NEXT:    %main_end = arith.addi %c0, %0 : index
// CHECK-NEXT:    scf.for %j = %c0 to %main_end step %c2 {
// CHECK-NEXT:      %b = tile.load %a[%j, %c0] {tile.pipeline_membership = [array<i64: 0, 0>]} : memref<16x16xf32> -> !tile.tile<1x16xf32, vec>
// CHECK-NEXT:      %c3 = arith.constant 3 : index
// CHECK-NEXT:      %c1_2 = arith.constant 1 : index
// CHECK-NEXT:      %c2_1 = arith.constant 2 : index
// CHECK-NEXT:      scf.for %i = %c0 to %c3 step %c3 {
// CHECK-NEXT:        %x = tile.load %a[%i, %c0] {tile.pipeline_membership = [array<i64: 1, 0>, array<i64: 0, 0>]} : memref<16x16xf32> -> !tile.tile<1x16xf32, vec>
// CHECK-NEXT:        %y = tile.add %b, %x {tile.pipeline_membership = [array<i64: 1, 0>, array<i64: 0, 0>]} : (!tile.tile<1x16xf32, vec>, !tile.tile<1x16xf32, vec>) -> !tile.tile<1x16xf32, vec>
// CHECK-NEXT:        tile.store %y, %a[%i, %c0] : !tile.tile<1x16xf32, vec>, memref<16x16xf32>
// CHECK-NEXT:        %i_1 = arith.addi %i, %c1_2 : index
// CHECK-NEXT:        %x_1 = tile.load %a[%i_1, %c0] {tile.pipeline_membership = [array<i64: 1, 1>, array<i64: 0, 0>]} : memref<16x16xf32> -> !tile.tile<1x16xf32, vec>
// CHECK-NEXT:        %y_1 = tile.add %b, %x_1 {tile.pipeline_membership = [array<i64: 1, 1>, array<i64: 0, 0>]} : (!tile.tile<1x16xf32, vec>, !tile.tile<1x16xf32, vec>) -> !tile.tile<1x16xf32, vec>
// CHECK-NEXT:        tile.store %y_1, %a[%i_1, %c0] : !tile.tile<1x16xf32, vec>, memref<16x16xf32>
// CHECK-NEXT:        %i_2 = arith.addi %i, %c2_1 : index
// CHECK-NEXT:        %x_2 = tile.load %a[%i_2, %c0] {tile.pipeline_membership = [array<i64: 1, 2>, array<i64: 0, 0>]} : memref<16x16xf32> -> !tile.tile<1x16xf32, vec>
// CHECK-NEXT:        %y_2 = tile.add %b, %x_2 {tile.pipeline_membership = [array<i64: 1, 2>, array<i64: 0, 0>]} : (!tile.tile<1x16xf32, vec>, !tile.tile<1x16xf32, vec>) -> !tile.tile<1x16xf32, vec>
// CHECK-NEXT:        tile.store %y_2, %a[%i_2, %c0] : !tile.tile<1x16xf32, vec>, memref<16x16xf32>
// CHECK-NEXT:      } {tile.pipeline_stages = 1 : i64}
// CHECK-NEXT:      %x_3 = tile.load %a[%c3, %c0] {tile.pipeline_membership = [array<i64: 1, 0>, array<i64: 0, 0>]} : memref<16x16xf32> -> !tile.tile<1x16xf32, vec>
// CHECK-NEXT:      %y_3 = tile.add %b, %x_3 {tile.pipeline_membership = [array<i64: 1, 0>, array<i64: 0, 0>]} : (!tile.tile<1x16xf32, vec>, !tile.tile<1x16xf32, vec>) -> !tile.tile<1x16xf32, vec>
// CHECK-NEXT:      tile.store %y_3, %a[%c3, %c0] : !tile.tile<1x16xf32, vec>, memref<16x16xf32>
// CHECK-NEXT:      %j_1 = arith.addi %j, %c1_1 : index
// CHECK-NEXT:      %b_1 = tile.load %a[%j_1, %c0] {tile.pipeline_membership = [array<i64: 0, 1>]} : memref<16x16xf32> -> !tile.tile<1x16xf32, vec>
// CHECK-NEXT:      %c3_1 = arith.constant 3 : index
// CHECK-NEXT:      %c1_3 = arith.constant 1 : index
// CHECK-NEXT:      %c2_2 = arith.constant 2 : index
// CHECK-NEXT:      scf.for %i_3 = %c0 to %c3_1 step %c3_1 {
// CHECK-NEXT:        %x_4 = tile.load %a[%i_3, %c0] {tile.pipeline_membership = [array<i64: 1, 0>, array<i64: 0, 1>]} : memref<16x16xf32> -> !tile.tile<1x16xf32, vec>
// CHECK-NEXT:        %y_4 = tile.add %b_1, %x_4 {tile.pipeline_membership = [array<i64: 1, 0>, array<i64: 0, 1>]} : (!tile.tile<1x16xf32, vec>, !tile.tile<1x16xf32, vec>) -> !tile.tile<1x16xf32, vec>
// CHECK-NEXT:        tile.store %y_4, %a[%i_3, %c0] : !tile.tile<1x16xf32, vec>, memref<16x16xf32>
// CHECK-NEXT:        %i_4 = arith.addi %i_3, %c1_3 : index
// CHECK-NEXT:        %x_5 = tile.load %a[%i_4, %c0] {tile.pipeline_membership = [array<i64: 1, 1>, array<i64: 0, 1>]} : memref<16x16xf32> -> !tile.tile<1x16xf32, vec>
// CHECK-NEXT:        %y_5 = tile.add %b_1, %x_5 {tile.pipeline_membership = [array<i64: 1, 1>, array<i64: 0, 1>]} : (!tile.tile<1x16xf32, vec>, !tile.tile<1x16xf32, vec>) -> !tile.tile<1x16xf32, vec>
// CHECK-NEXT:        tile.store %y_5, %a[%i_4, %c0] : !tile.tile<1x16xf32, vec>, memref<16x16xf32>
// CHECK-NEXT:        %i_5 = arith.addi %i_3, %c2_2 : index
// CHECK-NEXT:        %x_6 = tile.load %a[%i_5, %c0] {tile.pipeline_membership = [array<i64: 1, 2>, array<i64: 0, 1>]} : memref<16x16xf32> -> !tile.tile<1x16xf32, vec>
// CHECK-NEXT:        %y_6 = tile.add %b_1, %x_6 {tile.pipeline_membership = [array<i64: 1, 2>, array<i64: 0, 1>]} : (!tile.tile<1x16xf32, vec>, !tile.tile<1x16xf32, vec>) -> !tile.tile<1x16xf32, vec>
// CHECK-NEXT:        tile.store %y_6, %a[%i_5, %c0] : !tile.tile<1x16xf32, vec>, memref<16x16xf32>
// CHECK-NEXT:      } {tile.pipeline_stages = 1 : i64}
// CHECK-NEXT:      %x_7 = tile.load %a[%c3_1, %c0] {tile.pipeline_membership = [array<i64: 1, 0>, array<i64: 0, 1>]} : memref<16x16xf32> -> !tile.tile<1x16xf32, vec>
// CHECK-NEXT:      %y_7 = tile.add %b_1, %x_7 {tile.pipeline_membership = [array<i64: 1, 0>, array<i64: 0, 1>]} : (!tile.tile<1x16xf32, vec>, !tile.tile<1x16xf32, vec>) -> !tile.tile<1x16xf32, vec>
// CHECK-NEXT:      tile.store %y_7, %a[%c3_1, %c0] : !tile.tile<1x16xf32, vec>, memref<16x16xf32>
// CHECK-NEXT:    } {tile.pipeline_stages = 1 : i64}
// CHECK-NEXT:    %rem = arith.subi %n, %main_end : index
// CHECK-NEXT:    %rem_is1 = arith.cmpi eq, %rem, %c1_1 : index
// CHECK-NEXT:    scf.if %rem_is1 {
// CHECK-NEXT:      %b_2 = tile.load %a[%main_end, %c0] {tile.pipeline_membership = [array<i64: 0, 0>]} : memref<16x16xf32> -> !tile.tile<1x16xf32, vec>
// CHECK-NEXT:      %c3_2 = arith.constant 3 : index
// CHECK-NEXT:      %c1_4 = arith.constant 1 : index
// CHECK-NEXT:      %c2_3 = arith.constant 2 : index
// CHECK-NEXT:      scf.for %i_6 = %c0 to %c3_2 step %c3_2 {
// CHECK-NEXT:        %x_8 = tile.load %a[%i_6, %c0] {tile.pipeline_membership = [array<i64: 1, 0>, array<i64: 0, 0>]} : memref<16x16xf32> -> !tile.tile<1x16xf32, vec>
// CHECK-NEXT:        %y_8 = tile.add %b_2, %x_8 {tile.pipeline_membership = [array<i64: 1, 0>, array<i64: 0, 0>]} : (!tile.tile<1x16xf32, vec>, !tile.tile<1x16xf32, vec>) -> !tile.tile<1x16xf32, vec>
// CHECK-NEXT:        tile.store %y_8, %a[%i_6, %c0] : !tile.tile<1x16xf32, vec>, memref<16x16xf32>
// CHECK-NEXT:        %i_7 = arith.addi %i_6, %c1_4 : index
// CHECK-NEXT:        %x_9 = tile.load %a[%i_7, %c0] {tile.pipeline_membership = [array<i64: 1, 1>, array<i64: 0, 0>]} : memref<16x16xf32> -> !tile.tile<1x16xf32, vec>
// CHECK-NEXT:        %y_9 = tile.add %b_2, %x_9 {tile.pipeline_membership = [array<i64: 1, 1>, array<i64: 0, 0>]} : (!tile.tile<1x16xf32, vec>, !tile.tile<1x16xf32, vec>) -> !tile.tile<1x16xf32, vec>
// CHECK-NEXT:        tile.store %y_9, %a[%i_7, %c0] : !tile.tile<1x16xf32, vec>, memref<16x16xf32>
// CHECK-NEXT:        %i_8 = arith.addi %i_6, %c2_3 : index
// CHECK-NEXT:        %x_10 = tile.load %a[%i_8, %c0] {tile.pipeline_membership = [array<i64: 1, 2>, array<i64: 0, 0>]} : memref<16x16xf32> -> !tile.tile<1x16xf32, vec>
// CHECK-NEXT:        %y_10 = tile.add %b_2, %x_10 {tile.pipeline_membership = [array<i64: 1, 2>, array<i64: 0, 0>]} : (!tile.tile<1x16xf32, vec>, !tile.tile<1x16xf32, vec>) -> !tile.tile<1x16xf32, vec>
// CHECK-NEXT:        tile.store %y_10, %a[%i_8, %c0] : !tile.tile<1x16xf32, vec>, memref<16x16xf32>
// CHECK-NEXT:      } {tile.pipeline_stages = 1 : i64}
// CHECK-NEXT:      %x_11 = tile.load %a[%c3_2, %c0] {tile.pipeline_membership = [array<i64: 1, 0>, array<i64: 0, 0>]} : memref<16x16xf32> -> !tile.tile<1x16xf32, vec>
// CHECK-NEXT:      %y_11 = tile.add %b_2, %x_11 {tile.pipeline_membership = [array<i64: 1, 0>, array<i64: 0, 0>]} : (!tile.tile<1x16xf32, vec>, !tile.tile<1x16xf32, vec>) -> !tile.tile<1x16xf32, vec>
// CHECK-NEXT:      tile.store %y_11, %a[%c3_2, %c0] : !tile.tile<1x16xf32, vec>, memref<16x16xf32>
// CHECK-NEXT:    }
// CHECK-NEXT:    func.return
// CHECK-NEXT:  }
!T = !tile.tile<1x16xf32, vec>
func.func @twice(%a: memref<16x16xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.for %j = %c0 to %n step %c1 {
    %b = tile.load %a[%j, %c0] : memref<16x16xf32> -> !T
    scf.for %i = %c0 to %c4 step %c1 {
      %x = tile.load %a[%i, %c0] : memref<16x16xf32> -> !T
      %y = tile.add %b, %x : (!T, !T) -> !T
      tile.store %y, %a[%i, %c0] : !T, memref<16x16xf32>
    } {tile.pipeline_stages = 3 : i64}
  } {tile.pipeline_stages = 2 : i64}
  func.return
}

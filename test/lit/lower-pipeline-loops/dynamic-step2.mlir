// RUN: xdsl-opt -p lower-pipeline-loops %s | filecheck %s

// Runtime start and stop, step 2, F = 3: trip = (hi - lo + 1) / 2 (a ceiling
// division), main_iters = trip / 3, main_end = lo + main_iters * 6; the main
// loop runs [lo, main_end) with stride 6 (clones at %i, %i + 2, %i + 4);
// rem = trip - main_iters * 3 selects 1 or 2 tail clones at main_end and
// main_end + 2. Without iter_args the ifs have no results and the last one
// no else.
// CHECK-LABEL: func.func @dynamic_step2(
// CHECK-NEXT:    %c0 = arith.constant 0 : index
// CHECK-NEXT:    %c2 = arith.constant 2 : index
// CHECK-NEXT:    %c1 = arith.constant 1 : index
// CHECK-NEXT:    %c2_1 = arith.constant 2 : index
// CHECK-NEXT:    %c3 = arith.constant 3 : index
// CHECK-NEXT:    %c6 = arith.constant 6 : index
// CHECK-NEXT:    %c4 = arith.constant 4 : index
// CHECK-NEXT:    %span = arith.subi %hi, %lo : index
// CHECK-NEXT:    %0 = arith.addi %span, %c1 : index
// CHECK-NEXT:    %trip = arith.divsi %0, %c2_1 : index
// CHECK-NEXT:    %main_iters = arith.divsi %trip, %c3 : index
// CHECK-NEXT:    %1 = arith.muli %main_iters, %c6 : index
// CHECK-NEXT:    %main_end = arith.addi %lo, %1 : index
// CHECK-NEXT:    scf.for %i = %lo to %main_end step %c6 {
// CHECK-NEXT:      %x = tile.load %a[%i, %c0] {tile.pipeline_membership = [array<i64: 0, 0>]} : memref<64x16xf32> -> !tile.tile<1x16xf32, vec>
// CHECK-NEXT:      %y = tile.exp %x {tile.pipeline_membership = [array<i64: 0, 0>]} : (!tile.tile<1x16xf32, vec>) -> !tile.tile<1x16xf32, vec>
// CHECK-NEXT:      tile.store %y, %a[%i, %c0] : !tile.tile<1x16xf32, vec>, memref<64x16xf32>
// CHECK-NEXT:      %i_1 = arith.addi %i, %c2_1 : index
// CHECK-NEXT:      %x_1 = tile.load %a[%i_1, %c0] {tile.pipeline_membership = [array<i64: 0, 1>]} : memref<64x16xf32> -> !tile.tile<1x16xf32, vec>
// CHECK-NEXT:      %y_1 = tile.exp %x_1 {tile.pipeline_membership = [array<i64: 0, 1>]} : (!tile.tile<1x16xf32, vec>) -> !tile.tile<1x16xf32, vec>
// CHECK-NEXT:      tile.store %y_1, %a[%i_1, %c0] : !tile.tile<1x16xf32, vec>, memref<64x16xf32>
// CHECK-NEXT:      %i_2 = arith.addi %i, %c4 : index
// CHECK-NEXT:      %x_2 = tile.load %a[%i_2, %c0] {tile.pipeline_membership = [array<i64: 0, 2>]} : memref<64x16xf32> -> !tile.tile<1x16xf32, vec>
// CHECK-NEXT:      %y_2 = tile.exp %x_2 {tile.pipeline_membership = [array<i64: 0, 2>]} : (!tile.tile<1x16xf32, vec>) -> !tile.tile<1x16xf32, vec>
// CHECK-NEXT:      tile.store %y_2, %a[%i_2, %c0] : !tile.tile<1x16xf32, vec>, memref<64x16xf32>
// CHECK-NEXT:    } {tile.pipeline_stages = 1 : i64}
// CHECK-NEXT:    %2 = arith.muli %main_iters, %c3 : index
// CHECK-NEXT:    %rem = arith.subi %trip, %2 : index
// CHECK-NEXT:    %rem_is1 = arith.cmpi eq, %rem, %c1 : index
// CHECK-NEXT:    scf.if %rem_is1 {
// CHECK-NEXT:      %x_3 = tile.load %a[%main_end, %c0] {tile.pipeline_membership = [array<i64: 0, 0>]} : memref<64x16xf32> -> !tile.tile<1x16xf32, vec>
// CHECK-NEXT:      %y_3 = tile.exp %x_3 {tile.pipeline_membership = [array<i64: 0, 0>]} : (!tile.tile<1x16xf32, vec>) -> !tile.tile<1x16xf32, vec>
// CHECK-NEXT:      tile.store %y_3, %a[%main_end, %c0] : !tile.tile<1x16xf32, vec>, memref<64x16xf32>
// CHECK-NEXT:    } else {
// CHECK-NEXT:      %rem_is2 = arith.cmpi eq, %rem, %c2_1 : index
// CHECK-NEXT:      scf.if %rem_is2 {
// CHECK-NEXT:        %x_4 = tile.load %a[%main_end, %c0] {tile.pipeline_membership = [array<i64: 0, 0>]} : memref<64x16xf32> -> !tile.tile<1x16xf32, vec>
// CHECK-NEXT:        %y_4 = tile.exp %x_4 {tile.pipeline_membership = [array<i64: 0, 0>]} : (!tile.tile<1x16xf32, vec>) -> !tile.tile<1x16xf32, vec>
// CHECK-NEXT:        tile.store %y_4, %a[%main_end, %c0] : !tile.tile<1x16xf32, vec>, memref<64x16xf32>
// CHECK-NEXT:        %i_3 = arith.addi %main_end, %c2_1 : index
// CHECK-NEXT:        %x_5 = tile.load %a[%i_3, %c0] {tile.pipeline_membership = [array<i64: 0, 1>]} : memref<64x16xf32> -> !tile.tile<1x16xf32, vec>
// CHECK-NEXT:        %y_5 = tile.exp %x_5 {tile.pipeline_membership = [array<i64: 0, 1>]} : (!tile.tile<1x16xf32, vec>) -> !tile.tile<1x16xf32, vec>
// CHECK-NEXT:        tile.store %y_5, %a[%i_3, %c0] : !tile.tile<1x16xf32, vec>, memref<64x16xf32>
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:    func.return
// CHECK-NEXT:  }
!T = !tile.tile<1x16xf32, vec>
func.func @dynamic_step2(%a: memref<64x16xf32>, %lo: index, %hi: index) {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  scf.for %i = %lo to %hi step %c2 {
    %x = tile.load %a[%i, %c0] : memref<64x16xf32> -> !T
    %y = tile.exp %x : (!T) -> !T
    tile.store %y, %a[%i, %c0] : !T, memref<64x16xf32>
  } {tile.pipeline_stages = 3 : i64}
  func.return
}

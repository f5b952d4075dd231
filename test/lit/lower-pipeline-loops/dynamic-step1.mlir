// RUN: xdsl-opt -p lower-pipeline-loops %s | filecheck %s

// Runtime stop %n, step 1, F = 4: trip = n - 0, main_iters = trip / 4,
// main_end = 0 + main_iters * 4; the main loop runs [0, main_end) with
// stride 4; rem = n - main_end picks 1, 2 or 3 tail clones (starting at
// main_end, tagged stages 0..k-1) in a cascade of scf.if; rem == 0 yields the
// main loop's result unchanged. The outermost if's result replaces the
// loop's (%sum_1 is stored).
// CHECK-LABEL: func.func @dynamic_stop(
// CHECK-NEXT:    %c0 = arith.constant 0 : index
// CHECK-NEXT:    %c1 = arith.constant 1 : index
// CHECK-NEXT:    %z = tile.create : !tile.tile<1x16xf32, vec>
// CHECK-NEXT:    %c4 = arith.constant 4 : index
// CHECK-NEXT:    %c1_1 = arith.constant 1 : index
// CHECK-NEXT:    %c2 = arith.constant 2 : index
// CHECK-NEXT:    %c3 = arith.constant 3 : index
// CHECK-NEXT:    %trip = arith.subi %n, %c0 : index
// CHECK-NEXT:    %main_iters = arith.divsi %trip, %c4 : index
// CHECK-NEXT:    %0 = arith.muli %main_iters, %c4 : index
// CHECK-NEXT:    %main_end = arith.addi %c0, %0 : index
// CHECK-NEXT:    %sum = scf.for %i = %c0 to %main_end step %c4 iter_args(%acc = %z) -> (!tile.tile<1x16xf32, vec>) {
// CHECK-NEXT:      %x = tile.load %a[%i, %c0] {tile.pipeline_membership = [array<i64: 0, 0>]} : memref<64x16xf32> -> !tile.tile<1x16xf32, vec>
// CHECK-NEXT:      %s = tile.add %acc, %x {tile.pipeline_membership = [array<i64: 0, 0>]} : (!tile.tile<1x16xf32, vec>, !tile.tile<1x16xf32, vec>) -> !tile.tile<1x16xf32, vec>
// CHECK-NEXT:      %i_1 = arith.addi %i, %c1_1 : index
// CHECK-NEXT:      %x_1 = tile.load %a[%i_1, %c0] {tile.pipeline_membership = [array<i64: 0, 1>]} : memref<64x16xf32> -> !tile.tile<1x16xf32, vec>
// CHECK-NEXT:      %s_1 = tile.add %s, %x_1 {tile.pipeline_membership = [array<i64: 0, 1>]} : (!tile.tile<1x16xf32, vec>, !tile.tile<1x16xf32, vec>) -> !tile.tile<1x16xf32, vec>
// CHECK-NEXT:      %i_2 = arith.addi %i, %c2 : index
// CHECK-NEXT:      %x_2 = tile.load %a[%i_2, %c0] {tile.pipeline_membership = [array<i64: 0, 2>]} : memref<64x16xf32> -> !tile.tile<1x16xf32, vec>
// CHECK-NEXT:      %s_2 = tile.add %s_1, %x_2 {tile.pipeline_membership = [array<i64: 0, 2>]} : (!tile.tile<1x16xf32, vec>, !tile.tile<1x16xf32, vec>) -> !tile.tile<1x16xf32, vec>
// CHECK-NEXT:      %i_3 = arith.addi %i, %c3 : index
// CHECK-NEXT:      %x_3 = tile.load %a[%i_3, %c0] {tile.pipeline_membership = [array<i64: 0, 3>]} : memref<64x16xf32> -> !tile.tile<1x16xf32, vec>
// CHECK-NEXT:      %s_3 = tile.add %s_2, %x_3 {tile.pipeline_membership = [array<i64: 0, 3>]} : (!tile.tile<1x16xf32, vec>, !tile.tile<1x16xf32, vec>) -> !tile.tile<1x16xf32, vec>
// CHECK-NEXT:      scf.yield %s_3 : !tile.tile<1x16xf32, vec>
// CHECK-NEXT:    } {tile.pipeline_stages = 1 : i64}
// CHECK-NEXT:    %rem = arith.subi %n, %main_end : index
// CHECK-NEXT:    %rem_is1 = arith.cmpi eq, %rem, %c1_1 : index
// CHECK-NEXT:    %sum_1 = scf.if %rem_is1 -> (!tile.tile<1x16xf32, vec>) {
// CHECK-NEXT:      %x_4 = tile.load %a[%main_end, %c0] {tile.pipeline_membership = [array<i64: 0, 0>]} : memref<64x16xf32> -> !tile.tile<1x16xf32, vec>
// CHECK-NEXT:      %s_4 = tile.add %sum, %x_4 {tile.pipeline_membership = [array<i64: 0, 0>]} : (!tile.tile<1x16xf32, vec>, !tile.tile<1x16xf32, vec>) -> !tile.tile<1x16xf32, vec>
// CHECK-NEXT:      scf.yield %s_4 : !tile.tile<1x16xf32, vec>
// CHECK-NEXT:    } else {
// CHECK-NEXT:      %rem_is2 = arith.cmpi eq, %rem, %c2 : index
// CHECK-NEXT:      %1 = scf.if %rem_is2 -> (!tile.tile<1x16xf32, vec>) {
// CHECK-NEXT:        %x_5 = tile.load %a[%main_end, %c0] {tile.pipeline_membership = [array<i64: 0, 0>]} : memref<64x16xf32> -> !tile.tile<1x16xf32, vec>
// CHECK-NEXT:        %s_5 = tile.add %sum, %x_5 {tile.pipeline_membership = [array<i64: 0, 0>]} : (!tile.tile<1x16xf32, vec>, !tile.tile<1x16xf32, vec>) -> !tile.tile<1x16xf32, vec>
// CHECK-NEXT:        %i_4 = arith.addi %main_end, %c1_1 : index
// CHECK-NEXT:        %x_6 = tile.load %a[%i_4, %c0] {tile.pipeline_membership = [array<i64: 0, 1>]} : memref<64x16xf32> -> !tile.tile<1x16xf32, vec>
// CHECK-NEXT:        %s_6 = tile.add %s_5, %x_6 {tile.pipeline_membership = [array<i64: 0, 1>]} : (!tile.tile<1x16xf32, vec>, !tile.tile<1x16xf32, vec>) -> !tile.tile<1x16xf32, vec>
// CHECK-NEXT:        scf.yield %s_6 : !tile.tile<1x16xf32, vec>
// CHECK-NEXT:      } else {
// CHECK-NEXT:        %rem_is3 = arith.cmpi eq, %rem, %c3 : index
// CHECK-NEXT:        %2 = scf.if %rem_is3 -> (!tile.tile<1x16xf32, vec>) {
// CHECK-NEXT:          %x_7 = tile.load %a[%main_end, %c0] {tile.pipeline_membership = [array<i64: 0, 0>]} : memref<64x16xf32> -> !tile.tile<1x16xf32, vec>
// CHECK-NEXT:          %s_7 = tile.add %sum, %x_7 {tile.pipeline_membership = [array<i64: 0, 0>]} : (!tile.tile<1x16xf32, vec>, !tile.tile<1x16xf32, vec>) -> !tile.tile<1x16xf32, vec>
// CHECK-NEXT:          %i_5 = arith.addi %main_end, %c1_1 : index
// CHECK-NEXT:          %x_8 = tile.load %a[%i_5, %c0] {tile.pipeline_membership = [array<i64: 0, 1>]} : memref<64x16xf32> -> !tile.tile<1x16xf32, vec>
// CHECK-NEXT:          %s_8 = tile.add %s_7, %x_8 {tile.pipeline_membership = [array<i64: 0, 1>]} : (!tile.tile<1x16xf32, vec>, !tile.tile<1x16xf32, vec>) -> !tile.tile<1x16xf32, vec>
// CHECK-NEXT:          %i_6 = arith.addi %main_end, %c2 : index
// CHECK-NEXT:          %x_9 = tile.load %a[%i_6, %c0] {tile.pipeline_membership = [array<i64: 0, 2>]} : memref<64x16xf32> -> !tile.tile<1x16xf32, vec>
// CHECK-NEXT:          %s_9 = tile.add %s_8, %x_9 {tile.pipeline_membership = [array<i64: 0, 2>]} : (!tile.tile<1x16xf32, vec>, !tile.tile<1x16xf32, vec>) -> !tile.tile<1x16xf32, vec>
// CHECK-NEXT:          scf.yield %s_9 : !tile.tile<1x16xf32, vec>
// CHECK-NEXT:        } else {
// CHECK-NEXT:          scf.yield %sum : !tile.tile<1x16xf32, vec>
// CHECK-NEXT:        }
// CHECK-NEXT:        scf.yield %2 : !tile.tile<1x16xf32, vec>
// CHECK-NEXT:      }
// CHECK-NEXT:      scf.yield %1 : !tile.tile<1x16xf32, vec>
// CHECK-NEXT:    }
// CHECK-NEXT:    tile.store %sum_1, %o[%c0, %c0] : !tile.tile<1x16xf32, vec>, memref<1x16xf32>
// CHECK-NEXT:    func.return
// CHECK-NEXT:  }
!T = !tile.tile<1x16xf32, vec>
func.func @dynamic_stop(%a: memref<64x16xf32>, %o: memref<1x16xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = tile.create : !T
  %sum = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> (!T) {
    %x = tile.load %a[%i, %c0] : memref<64x16xf32> -> !T
    %s = tile.add %acc, %x : (!T, !T) -> !T
    scf.yield %s : !T
  } {tile.pipeline_stages = 4 : i64}
  tile.store %sum, %o[%c0, %c0] : !T, memref<1x16xf32>
  func.return
}

// RUN: xdsl-opt -p lower-pipeline-loops %s | filecheck %s

// Static bounds with iter_args, F = 4 over 6 iterations. In the main loop
// clone k + 1 reads clone k's yielded values (%n -> %acc of the next clone);
// the loop yields the last clone's. The two tail clones (at 4 and 5) start
// from the main loop's results, and the last tail clone's values replace the
// original loop's results (%n_5 is stored, %r_5 returned).
// CHECK-LABEL: func.func @carried(
// CHECK-NEXT:    %c0 = arith.constant 0 : index
// CHECK-NEXT:    %c1 = arith.constant 1 : index
// CHECK-NEXT:    %c6 = arith.constant 6 : index
// CHECK-NEXT:    %c16 = arith.constant 16 : index
// CHECK-NEXT:    %z = tile.create : !tile.tile<16x16xf32, vec>
// CHECK-NEXT:    %c4 = arith.constant 4 : index
// CHECK-NEXT:    %c1_1 = arith.constant 1 : index
// CHECK-NEXT:    %c2 = arith.constant 2 : index
// CHECK-NEXT:    %c3 = arith.constant 3 : index
// CHECK-NEXT:    %c5 = arith.constant 5 : index
// CHECK-NEXT:    %sum, %last = scf.for %i = %c0 to %c4 step %c4 iter_args(%acc = %z, %prev = %c0) -> (!tile.tile<16x16xf32, vec>, index) {
// CHECK-NEXT:      %r = arith.muli %i, %c16 : index
// CHECK-NEXT:      %x = tile.load %a[%r, %c0] {tile.pipeline_membership = [array<i64: 0, 0>]} : memref<96x16xf32> -> !tile.tile<16x16xf32, vec>
// CHECK-NEXT:      %n = tile.add %acc, %x {tile.pipeline_membership = [array<i64: 0, 0>]} : (!tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec>) -> !tile.tile<16x16xf32, vec>
// CHECK-NEXT:      %i_1 = arith.addi %i, %c1_1 : index
// CHECK-NEXT:      %r_1 = arith.muli %i_1, %c16 : index
// CHECK-NEXT:      %x_1 = tile.load %a[%r_1, %c0] {tile.pipeline_membership = [array<i64: 0, 1>]} : memref<96x16xf32> -> !tile.tile<16x16xf32, vec>
// CHECK-NEXT:      %n_1 = tile.add %n, %x_1 {tile.pipeline_membership = [array<i64: 0, 1>]} : (!tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec>) -> !tile.tile<16x16xf32, vec>
// CHECK-NEXT:      %i_2 = arith.addi %i, %c2 : index
// CHECK-NEXT:      %r_2 = arith.muli %i_2, %c16 : index
// CHECK-NEXT:      %x_2 = tile.load %a[%r_2, %c0] {tile.pipeline_membership = [array<i64: 0, 2>]} : memref<96x16xf32> -> !tile.tile<16x16xf32, vec>
// CHECK-NEXT:      %n_2 = tile.add %n_1, %x_2 {tile.pipeline_membership = [array<i64: 0, 2>]} : (!tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec>) -> !tile.tile<16x16xf32, vec>
// CHECK-NEXT:      %i_3 = arith.addi %i, %c3 : index
// CHECK-NEXT:      %r_3 = arith.muli %i_3, %c16 : index
// CHECK-NEXT:      %x_3 = tile.load %a[%r_3, %c0] {tile.pipeline_membership = [array<i64: 0, 3>]} : memref<96x16xf32> -> !tile.tile<16x16xf32, vec>
// CHECK-NEXT:      %n_3 = tile.add %n_2, %x_3 {tile.pipeline_membership = [array<i64: 0, 3>]} : (!tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec>) -> !tile.tile<16x16xf32, vec>
// CHECK-NEXT:      scf.yield %n_3, %r_3 : !tile.tile<16x16xf32, vec>, index
// CHECK-NEXT:    } {tile.pipeline_stages = 1 : i64}
// CHECK-NEXT:    %r_4 = arith.muli %c4, %c16 : index
// CHECK-NEXT:    %x_4 = tile.load %a[%r_4, %c0] {tile.pipeline_membership = [array<i64: 0, 0>]} : memref<96x16xf32> -> !tile.tile<16x16xf32, vec>
// CHECK-NEXT:    %n_4 = tile.add %sum, %x_4 {tile.pipeline_membership = [array<i64: 0, 0>]} : (!tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec>) -> !tile.tile<16x16xf32, vec>
// CHECK-NEXT:    %r_5 = arith.muli %c5, %c16 : index
// CHECK-NEXT:    %x_5 = tile.load %a[%r_5, %c0] {tile.pipeline_membership = [array<i64: 0, 1>]} : memref<96x16xf32> -> !tile.tile<16x16xf32, vec>
// CHECK-NEXT:    %n_5 = tile.add %n_4, %x_5 {tile.pipeline_membership = [array<i64: 0, 1>]} : (!tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec>) -> !tile.tile<16x16xf32, vec>
// CHECK-NEXT:    tile.store %n_5, %o[%c0, %c0] : !tile.tile<16x16xf32, vec>, memref<16x16xf32>
// CHECK-NEXT:    func.return %r_5 : index
// CHECK-NEXT:  }
!T = !tile.tile<16x16xf32, vec>
func.func @carried(%a: memref<96x16xf32>, %o: memref<16x16xf32>) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c6 = arith.constant 6 : index
  %c16 = arith.constant 16 : index
  %z = tile.create : !T
  %sum, %last = scf.for %i = %c0 to %c6 step %c1 iter_args(%acc = %z, %prev = %c0) -> (!T, index) {
    %r = arith.muli %i, %c16 : index
    %x = tile.load %a[%r, %c0] : memref<96x16xf32> -> !T
    %n = tile.add %acc, %x : (!T, !T) -> !T
    scf.yield %n, %r : !T, index
  } {tile.pipeline_stages = 4 : i64}
  tile.store %sum, %o[%c0, %c0] : !T, memref<16x16xf32>
  func.return %last : index
}

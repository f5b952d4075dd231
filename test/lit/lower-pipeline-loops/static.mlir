// RUN: xdsl-opt -p lower-pipeline-loops %s | filecheck %s

// Static bounds, F = 4 over 10 iterations: a main loop over [0, 8) with
// stride 4 holding four clones (clone k at %i + k, tagged (0, k)), the marker
// tile.pipeline_stages = 1, then the 2 remaining iterations as straight-line
// clones at the constant induction values 8 and 9 (tagged (0, 0) and (0, 1)).
// The store has no tile result and is not tagged.
// CHECK-LABEL: func.func @static(
// CHECK-NEXT:    %c0 = arith.constant 0 : index
// CHECK-NEXT:    %c1 = arith.constant 1 : index
// CHECK-NEXT:    %c10 = arith.constant 10 : index
// CHECK-NEXT:    %c16 = arith.constant 16 : index
// CHECK-NEXT:    %c8 = arith.constant 8 : index
// CHECK-NEXT:    %c1_1 = arith.constant 1 : index
// CHECK-NEXT:    %c2 = arith.constant 2 : index
// CHECK-NEXT:    %c3 = arith.constant 3 : index
// CHECK-NEXT:    %c4 = arith.constant 4 : index
// CHECK-NEXT:    %c9 = arith.constant 9 : index
// CHECK-NEXT:    scf.for %i = %c0 to %c8 step %c4 {
// CHECK-NEXT:      %r = arith.muli %i, %c16 : index
// CHECK-NEXT:      %x = tile.load %a[%r, %c0] {tile.pipeline_membership = [array<i64: 0, 0>]} : memref<160x16xf32> -> !tile.tile<16x16xf32, vec>
// CHECK-NEXT:      %y = tile.exp %x {tile.pipeline_membership = [array<i64: 0, 0>]} : (!tile.tile<16x16xf32, vec>) -> !tile.tile<16x16xf32, vec>
// CHECK-NEXT:      tile.store %y, %o[%r, %c0] : !tile.tile<16x16xf32, vec>, memref<160x16xf32>
// CHECK-NEXT:      %i_1 = arith.addi %i, %c1_1 : index
// CHECK-NEXT:      %r_1 = arith.muli %i_1, %c16 : index
// CHECK-NEXT:      %x_1 = tile.load %a[%r_1, %c0] {tile.pipeline_membership = [array<i64: 0, 1>]} : memref<160x16xf32> -> !tile.tile<16x16xf32, vec>
// CHECK-NEXT:      %y_1 = tile.exp %x_1 {tile.pipeline_membership = [array<i64: 0, 1>]} : (!tile.tile<16x16xf32, vec>) -> !tile.tile<16x16xf32, vec>
// CHECK-NEXT:      tile.store %y_1, %o[%r_1, %c0] : !tile.tile<16x16xf32, vec>, memref<160x16xf32>
// CHECK-NEXT:      %i_2 = arith.addi %i, %c2 : index
// CHECK-NEXT:      %r_2 = arith.muli %i_2, %c16 : index
// CHECK-NEXT:      %x_2 = tile.load %a[%r_2, %c0] {tile.pipeline_membership = [array<i64: 0, 2>]} : memref<160x16xf32> -> !tile.tile<16x16xf32, vec>
// CHECK-NEXT:      %y_2 = tile.exp %x_2 {tile.pipeline_membership = [array<i64: 0, 2>]} : (!tile.tile<16x16xf32, vec>) -> !tile.tile<16x16xf32, vec>
// CHECK-NEXT:      tile.store %y_2, %o[%r_2, %c0] : !tile.tile<16x16xf32, vec>, memref<160x16xf32>
// CHECK-NEXT:      %i_3 = arith.addi %i, %c3 : index
// CHECK-NEXT:      %r_3 = arith.muli %i_3, %c16 : index
// CHECK-NEXT:      %x_3 = tile.load %a[%r_3, %c0] {tile.pipeline_membership = [array<i64: 0, 3>]} : memref<160x16xf32> -> !tile.tile<16x16xf32, vec>
// CHECK-NEXT:      %y_3 = tile.exp %x_3 {tile.pipeline_membership = [array<i64: 0, 3>]} : (!tile.tile<16x16xf32, vec>) -> !tile.tile<16x16xf32, vec>
// CHECK-NEXT:      tile.store %y_3, %o[%r_3, %c0] : !tile.tile<16x16xf32, vec>, memref<160x16xf32>
// CHECK-NEXT:    } {tile.pipeline_stages = 1 : i64}
// CHECK-NEXT:    %r_4 = arith.muli %c8, %c16 : index
// CHECK-NEXT:    %x_4 = tile.load %a[%r_4, %c0] {tile.pipeline_membership = [array<i64: 0, 0>]} : memref<160x16xf32> -> !tile.tile<16x16xf32, vec>
// CHECK-NEXT:    %y_4 = tile.exp %x_4 {tile.pipeline_membership = [array<i64: 0, 0>]} : (!tile.tile<16x16xf32, vec>) -> !tile.tile<16x16xf32, vec>
// CHECK-NEXT:    tile.store %y_4, %o[%r_4, %c0] : !tile.tile<16x16xf32, vec>, memref<160x16xf32>
// CHECK-NEXT:    %r_5 = arith.muli %c9, %c16 : index
// CHECK-NEXT:    %x_5 = tile.load %a[%r_5, %c0] {tile.pipeline_membership = [array<i64: 0, 1>]} : memref<160x16xf32> -> !tile.tile<16x16xf32, vec>
// CHECK-NEXT:    %y_5 = tile.exp %x_5 {tile.pipeline_membership = [array<i64: 0, 1>]} : (!tile.tile<16x16xf32, vec>) -> !tile.tile<16x16xf32, vec>
// CHECK-NEXT:    tile.store %y_5, %o[%r_5, %c0] : !tile.tile<16x16xf32, vec>, memref<160x16xf32>
// CHECK-NEXT:    func.return
// CHECK-NEXT:  }
func.func @static(%a: memref<160x16xf32>, %o: memref<160x16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c10 = arith.constant 10 : index
  %c16 = arith.constant 16 : index
  scf.for %i = %c0 to %c10 step %c1 {
    %r = arith.muli %i, %c16 : index
    %x = tile.load %a[%r, %c0] : memref<160x16xf32> -> !tile.tile<16x16xf32, vec>
    %y = tile.exp %x : (!tile.tile<16x16xf32, vec>) -> !tile.tile<16x16xf32, vec>
    tile.store %y, %o[%r, %c0] : !tile.tile<16x16xf32, vec>, memref<160x16xf32>
  } {tile.pipeline_stages = 4 : i64}
  func.return
}

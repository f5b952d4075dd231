// RUN: xdsl-opt -p lower-pipeline-loops %s | filecheck %s

// tile.pipeline_stages = 1 is left as it is (no replication, no tags), but a
// pipeline nested in it is lowered, as group 0: only F > 1 loops are
// numbered. A loop without the attribute is not a pipeline loop.
// CHECK-LABEL: func.func @factor_one(
// CHECK-NEXT:    %c0 = arith.constant 0 : index
// CHECK-NEXT:    %c1 = arith.constant 1 : index
// CHECK-NEXT:    %c2 = arith.constant 2 : index
// CHECK-NEXT:    %c4 = arith.constant 4 : index
// CHECK-NEXT:    scf.for %j = %c0 to %c4 step %c1 {
// CHECK-NEXT:      %b = tile.load %a[%j, %c0] : memref<16x16xf32> -> !tile.tile<1x16xf32, vec>
// CHECK-NEXT:      %c2_1 = arith.constant 2 : index
// CHECK-NEXT:      %c1_1 = arith.constant 1 : index
// CHECK-NEXT:      scf.for %i = %c0 to %c2_1 step %c2_1 {
// CHECK-NEXT:        %x = tile.load %a[%i, %c0] {tile.pipeline_membership = [array<i64: 0, 0>]} : memref<16x16xf32> -> !tile.tile<1x16xf32, vec>
// CHECK-NEXT:        %y = tile.add %b, %x {tile.pipeline_membership = [array<i64: 0, 0>]} : (!tile.tile<1x16xf32, vec>, !tile.tile<1x16xf32, vec>) -> !tile.tile<1x16xf32, vec>
// CHECK-NEXT:        tile.store %y, %a[%i, %c0] : !tile.tile<1x16xf32, vec>, memref<16x16xf32>
// CHECK-NEXT:        %i_1 = arith.addi %i, %c1_1 : index
// CHECK-NEXT:        %x_1 = tile.load %a[%i_1, %c0] {tile.pipeline_membership = [array<i64: 0, 1>]} : memref<16x16xf32> -> !tile.tile<1x16xf32, vec>
// CHECK-NEXT:        %y_1 = tile.add %b, %x_1 {tile.pipeline_membership = [array<i64: 0, 1>]} : (!tile.tile<1x16xf32, vec>, !tile.tile<1x16xf32, vec>) -> !tile.tile<1x16xf32, vec>
// CHECK-NEXT:        tile.store %y_1, %a[%i_1, %c0] : !tile.tile<1x16xf32, vec>, memref<16x16xf32>
// CHECK-NEXT:      } {tile.pipeline_stages = 1 : i64}
// CHECK-NEXT:    } {tile.pipeline_stages = 1 : i64}
// CHECK-NEXT:    scf.for %k = %c0 to %c4 step %c1 {
// CHECK-NEXT:      %z = tile.load %a[%k, %c0] : memref<16x16xf32> -> !tile.tile<1x16xf32, vec>
// CHECK-NEXT:      tile.store %z, %a[%k, %c0] : !tile.tile<1x16xf32, vec>, memref<16x16xf32>
// CHECK-NEXT:    }
// CHECK-NEXT:    func.return
// CHECK-NEXT:  }
!T = !tile.tile<1x16xf32, vec>
func.func @factor_one(%a: memref<16x16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  scf.for %j = %c0 to %c4 step %c1 {
    %b = tile.load %a[%j, %c0] : memref<16x16xf32> -> !T
    scf.for %i = %c0 to %c2 step %c1 {
      %x = tile.load %a[%i, %c0] : memref<16x16xf32> -> !T
      %y = tile.add %b, %x : (!T, !T) -> !T
      tile.store %y, %a[%i, %c0] : !T, memref<16x16xf32>
    } {tile.pipeline_stages = 2 : i64}
  } {tile.pipeline_stages = 1 : i64}
  scf.for %k = %c0 to %c4 step %c1 {
    %z = tile.load %a[%k, %c0] : memref<16x16xf32> -> !T
    tile.store %z, %a[%k, %c0] : !T, memref<16x16xf32>
  }
  func.return
}

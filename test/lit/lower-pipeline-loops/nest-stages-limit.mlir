// RUN: xdsl-opt -p lower-pipeline-loops %s | filecheck %s

// A nest of exactly 32 stages in all (4 x 8, static bounds that divide) is
// lowered: 4 x 8 = 32 copies of the inner body, each load tagged with its
// inner and outer stage.
// CHECK-LABEL: func.func @limit(
// CHECK-COUNT-32: tile.load {{.*}}tile.pipeline_membership = [array<i64: 1, {{[0-7]}}>, array<i64: 0, {{[0-3]}}>]
// CHECK-NOT:     tile.load
// CHECK:         func.return
!T = !tile.tile<8x16xf32, vec>
func.func @limit(%a: memref<64x16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  scf.for %i = %c0 to %c4 step %c1 {
    scf.for %k = %c0 to %c8 step %c1 {
      %x = tile.load %a[%k, %c0] : memref<64x16xf32> -> !T
      tile.store %x, %a[%k, %c0] : !T, memref<64x16xf32>
    } {tile.pipeline_stages = 8 : i64}
  } {tile.pipeline_stages = 4 : i64}
  func.return
}

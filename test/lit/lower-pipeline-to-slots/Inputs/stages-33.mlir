// Input of decline-too-many-stages.mlir: 33 stages, declined by
// lower-pipeline-to-slots, then above what lower-pipeline-loops replicates.
func.func @stages33(%a: memref<64x16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %c1 step %c1 {
    %x = tile.load %a[%i, %c0] : memref<64x16xf32> -> !tile.tile<1x16xf32, vec>
    tile.store %x, %a[%i, %c0] : !tile.tile<1x16xf32, vec>, memref<64x16xf32>
  } {tile.pipeline_stages = 33 : i64}
  func.return
}

func.func @k(%in: memref<16x16xf32>) {
  %x = tile.load %in[ : memref<16x16xf32> -> !tile.tile<16x16xf32, vec>
  func.return
}

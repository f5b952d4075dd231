// Issue 25: the same input through xdsl-pto validate -: the same <stdin> name
// COMMAND: xdsl-pto validate - < INPUT
// ERROR: <stdin>:7:20: error: Operation tile.nosuch is not registered
func.func @k(%a: memref<16x64xf32>) {
  %c0 = arith.constant 0 : index
  %t = tile.load %a[%c0, %c0] : memref<16x64xf32> -> !tile.tile<16x64xf32, vec>
  %u = tile.nosuch %t : (!tile.tile<16x64xf32, vec>) -> !tile.tile<16x64xf32, vec>
  func.return
}

// Issue 25: xdsl-opt did not take - for standard input, and named it stdin where xdsl-pto says <stdin>
// COMMAND: xdsl-opt -p 'pto-compile{backend=a3}' - -o OUTPUT < INPUT
// ERROR: <stdin>:7:20: error: Operation tile.nosuch is not registered
func.func @k(%a: memref<16x64xf32>) {
  %c0 = arith.constant 0 : index
  %t = tile.load %a[%c0, %c0] : memref<16x64xf32> -> !tile.tile<16x64xf32, vec>
  %u = tile.nosuch %t : (!tile.tile<16x64xf32, vec>) -> !tile.tile<16x64xf32, vec>
  func.return
}

// Issue 25: a function returning a tile (a func verifier error after planning, at no line)
// COMMAND: xdsl-opt -p 'pto-compile{backend=a3}' INPUT -o OUTPUT
// ERROR: INPUT:4:1: error: init-memref: function 'k' returns a tile; kernels store their results to GM tensors (tile.store)
func.func @k(%a: memref<16x64xf32>) -> !tile.tile<16x64xf32, vec> {
  %c0 = arith.constant 0 : index
  %t = tile.load %a[%c0, %c0] : memref<16x64xf32> -> !tile.tile<16x64xf32, vec>
  func.return %t : !tile.tile<16x64xf32, vec>
}

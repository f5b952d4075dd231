// Issue 25: xdsl-pto run on a loop with step 0 (a ValueError traceback)
// COMMAND: xdsl-pto run INPUT
// ERROR: INPUT:8:3: error: scf.for step must be positive, got 0
func.func @k(%a: memref<16x64xf32>, %o: memref<16x64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 1000000000 : index
  scf.for %i = %c0 to %c1 step %c0 {
    %t = tile.load %a[%c0, %c0] : memref<16x64xf32> -> !tile.tile<16x64xf32, vec>
    tile.store %t, %o[%c0, %c0] : !tile.tile<16x64xf32, vec>, memref<16x64xf32>
  }
  func.return
}

// Issue 25: xdsl-pto run on a loop of 10^9 trips ran forever: the step budget stops it at once
// COMMAND: xdsl-pto run INPUT
// ERROR: INPUT:8:3: error: scf.for would run 1000000000 iterations of 3 ops, past the run's budget of 1000000 executed ops (1000000 left); raise it with --max-steps
func.func @k(%a: memref<16x64xf32>, %o: memref<16x64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 1000000000 : index
  scf.for %i = %c0 to %n step %c1 {
    %t = tile.load %a[%c0, %c0] : memref<16x64xf32> -> !tile.tile<16x64xf32, vec>
    tile.store %t, %o[%c0, %c0] : !tile.tile<16x64xf32, vec>, memref<16x64xf32>
  }
  func.return
}

// planner=ptoas: the slot index of slot = iv is arith.remsi %iv, %cN, which is
// negative -- no slot -- for a negative iv: a loop starting below 0 is refused.
// RUN: not xdsl-opt -p 'pto-plan-memory{planner=ptoas backend=a3},convert-tile-to-pto' %s 2>&1 | filecheck %s
// CHECK: {{^}}{{.*}}err-ptoas-region-negative-start.mlir:[[# @LINE + 12]]:10: error: convert-tile-to-pto: %x selects slot iv mod 2 of the region @b in a loop that starts at -2; arith.remsi of a negative iv is no slot -- start the loop at a constant 0 or more{{$}}
func.func @i32slot(%a: memref<256x64xf32>, %o: memref<256x64xf32>) {
  %c0 = arith.constant 0 : index
  %cm2 = arith.constant -2 : index
  %c2 = arith.constant 2 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1 : i32
  %n = arith.constant 4 : i32
  %c16 = arith.constant 16 : index
  scf.for %i = %cm2 to %c2 step %c1 {
    %ii = arith.addi %i, %c2 : index
    %row = arith.muli %ii, %c16 : index
    %x = tile.load %a[%row, %c0] : memref<256x64xf32> -> !tile.tile<16x64xf32, vec, alloc = <@b, slots = 2, slot = iv>>
    tile.store %x, %o[%row, %c0] : !tile.tile<16x64xf32, vec, alloc = <@b, slots = 2, slot = iv>>, memref<256x64xf32>
  }
  func.return
}

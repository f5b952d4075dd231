// A tile on a runtime slot (slot = iv) follows its loop's induction variable:
// carried into an inner loop, "iv" would mean the inner loop's variable and
// the slot would change under it (found by a fresh-user breaker: the plan
// passed verify=true and computed wrong numbers). The validator refuses such
// a plan too.
// RUN: not xdsl-opt -p init-memref %s 2>&1 | filecheck %s
// CHECK: err-runtime-slot-carried.mlir:[[# @LINE + 10]]:10: error: init-memref: %acc is on a runtime slot of @rot (slot = iv) and is carried by scf.for; its slot follows the loop's induction variable, so it cannot be a carry or a merge -- copy it into a tile of its own (tile.move) first
!T = !tile.tile<64x64xf32, vec>
!R = !tile.tile<64x64xf32, vec, alloc = <@rot, slots = 2, slot = iv>>
func.func @k(%a: memref<64x64xf32>, %o: memref<64x64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  scf.for %j = %c0 to %c2 step %c1 {
    %t = tile.load %a[%c0, %c0] : memref<64x64xf32> -> !R
    %r = scf.for %i = %c0 to %c3 step %c1 iter_args(%acc = %t) -> (!R) {
      %x = tile.load %a[%c0, %c0] : memref<64x64xf32> -> !T
      %n = tile.add %acc, %x : (!R, !T) -> !R
      scf.yield %n : !R
    }
    tile.store %r, %o[%c0, %c0] : !R, memref<64x64xf32>
  }
  func.return
}

// Runtime slots (slot = iv) are compared by the slots they can reach (found by
// a fresh-user breaker: both kernels used to plan, pass verify=true and
// compute wrong numbers).
// RUN: not xdsl-opt -p 'pto-plan-memory{backend=a3}' %s 2>&1 | filecheck %s
// RUN: not xdsl-opt -p 'init-memref,materialize-semantic-aliases,allocate-memory-addr,verify-memory-plan' %s 2>&1 | filecheck %s --check-prefix=VALID

// Two tiles on the runtime slot of one loop are always on the same slot: %a
// and %b, live together, collide on every iteration.
// CHECK: err-runtime-slot-overlap.mlir:[[# @LINE + 9]]:10: error: memory-reuse: %a and %b are both on slot iv of @l1 and live at once where %b is defined
// VALID: err-runtime-slot-overlap.mlir:[[# @LINE + 8]]:10: error: verify-memory-plan: %a [0, 32768) and %b [0, 32768) overlap in vec and are both live where %b is defined
!R = !tile.tile<64x64xf32, vec, alloc = <@l1, slots = 2, slot = iv>>
func.func @same_iteration(%x: memref<64x64xf32>, %o: memref<64x64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.for %i = %c0 to %c4 step %c1 {
    %a = tile.load %x[%c0, %c0] : memref<64x64xf32> -> !R
    %b = tile.load %x[%c0, %c0] : memref<64x64xf32> -> !R
    %s = tile.add %a, %b : (!R, !R) -> !tile.tile<64x64xf32, vec>
    tile.store %s, %o[%c0, %c0] : !tile.tile<64x64xf32, vec>, memref<64x64xf32>
  }
  func.return
}

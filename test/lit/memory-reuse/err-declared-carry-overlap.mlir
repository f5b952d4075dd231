// A loop's iter_arg is live round the back-edge: a new tile bound to the
// carried declared allocation, written while the iter_arg is still to be
// read, would destroy it (found by a fresh-user breaker: the check used to
// look only at the tiles bound by their own producer, and the plan computed
// wrong numbers).
// RUN: not xdsl-opt -p 'pto-plan-memory{backend=a3}' %s 2>&1 | filecheck %s
// CHECK: err-declared-carry-overlap.mlir:[[# @LINE + 10]]:10: error: memory-reuse: %acc and %e are both on @ping and live at once where %e is defined; it would destroy data the other still needs -- bind one of them to another slot or declaration
!T = !tile.tile<64x64xf32, vec>
!P = !tile.tile<64x64xf32, vec, alloc = <@ping>>
func.func @k(%a: memref<64x64xf32>, %o: memref<64x64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %z = tile.load %a[%c0, %c0] : memref<64x64xf32> -> !P
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %z) -> (!P) {
    %x = tile.load %a[%c0, %c0] : memref<64x64xf32> -> !T
    %e = tile.exp %x : (!T) -> !P
    %n = tile.add %e, %acc : (!P, !P) -> !P
    scf.yield %n : !P
  }
  tile.store %r, %o[%c0, %c0] : !P, memref<64x64xf32>
  func.return
}

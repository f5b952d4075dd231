// An op that may not write its result over its operand (tile.transpose:
// not_inplace_safe) cannot have both bound to one slot of a declaration
// (found by a fresh-user breaker: the plan computed wrong numbers).
// RUN: not xdsl-opt -p 'pto-plan-memory{backend=a3}' %s 2>&1 | filecheck %s
// CHECK: err-declared-no-alias.mlir:[[# @LINE + 7]]:8: error: memory-reuse: tile.transpose may not write its result over its operand %t, but both are bound to @ping; bind the result to another slot or declaration
!P = !tile.tile<64x64xf32, vec, alloc = <@ping>>
!T = !tile.tile<64x64xf32, vec>
func.func @k(%a: memref<64x64xf32>, %o: memref<64x64xf32>) {
  %c0 = arith.constant 0 : index
  %t = tile.load %a[%c0, %c0] : memref<64x64xf32> -> !P
  %tmp = tile.create : !T
  %u = tile.transpose %t, %tmp : (!P, !T) -> !P
  tile.store %u, %o[%c0, %c0] : !P, memref<64x64xf32>
  func.return
}

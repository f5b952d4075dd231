// RUN: not xdsl-opt -p 'init-memref,materialize-semantic-aliases{backend=a5},memory-reuse{backend=a3}' %s 2>&1 | filecheck %s

// materialize-semantic-aliases planned for a5 computes the prelu in place on
// its tmp (the carried buffer), which a3 forbids; memory-reuse for a3 cannot
// undo a must-alias, so it refuses rather than hand on the a5 decision.
// (Found by a fresh-user breaker.)
// CHECK: {{^}}{{.*}}err-other-target-inplace.mlir:[[# @LINE + 9]]:10: error: memory-reuse: tile.prelu may not write its result over its operand %acc on a3, but both are already on one buffer (planned for another target, or bound together); plan the unplanned kernel for this backend, or bind the result elsewhere{{$}}
func.func @prelu_tmp_carry(%a: memref<32x32xf32>, %b: memref<32x32xf32>, %o: memref<32x32xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %k = tile.load %b[%c0, %c0] : memref<32x32xf32> -> !tile.tile<32x32xf32, vec>
  %init = tile.load %b[%c0, %c0] : memref<32x32xf32> -> !tile.tile<32x32xf32, vec>
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %init) -> (!tile.tile<32x32xf32, vec>) {
    %x = tile.load %a[%c0, %c0] : memref<32x32xf32> -> !tile.tile<32x32xf32, vec>
    %y = tile.prelu %x, %k, %acc : (!tile.tile<32x32xf32, vec>, !tile.tile<32x32xf32, vec>, !tile.tile<32x32xf32, vec>) -> !tile.tile<32x32xf32, vec>
    scf.yield %y : !tile.tile<32x32xf32, vec>
  }
  tile.store %r, %o[%c0, %c0] : !tile.tile<32x32xf32, vec>, memref<32x32xf32>
  func.return
}

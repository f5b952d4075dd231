// RUN: xdsl-opt -p 'init-memref,materialize-semantic-aliases' %s | filecheck %s
// RUN: not xdsl-opt -p 'pto-plan-memory{backend=a3}' %s 2>&1 | filecheck %s --check-prefix=ERR
// A tile bound to a declared allocation is never moved off it. The init %z
// is still read after the loop, so init-memref carries a private copy
// (@mem_vec_0) and %n, bound to @ping, is written back by a carry move.
// Retargeting %n onto the carry would take it out of @ping: the move stays,
// and memory-reuse then reports what the bindings ask for -- %n overwrites
// @ping while %z, also on @ping, is still needed.
// CHECK:      %n = tile.exp {{.*}} -> !tile.tile<64x64xf32, vec, memref = <@ping, offset = 0, size = 16384>>
// CHECK-NEXT: tile.move %n {carry} {{.*}} -> !tile.tile<64x64xf32, vec, memref = <@mem_vec_0, offset = 0, size = 16384>>
// ERR: keep-declared.mlir:[[# @LINE + 8]]:10: error: memory-reuse: %z and %n are both on @ping and live at once where %n is defined
!P = !tile.tile<64x64xf32, vec, alloc = <@ping>>
func.func @k(%a: memref<64x64xf32>, %o: memref<64x64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %z = tile.load %a[%c0, %c0] : memref<64x64xf32> -> !P
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %z) -> (!P) {
    %n = tile.exp %acc : (!P) -> !P
    scf.yield %n : !P
  }
  tile.store %z, %o[%c0, %c0] : !P, memref<64x64xf32>
  tile.store %r, %o[%c0, %c0] : !P, memref<64x64xf32>
  func.return
}

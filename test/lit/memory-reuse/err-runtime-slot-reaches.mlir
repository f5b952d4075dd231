// A runtime slot reaches iv mod 2 for every iteration of its loop: i = 0..3
// reaches slot 0, where %keep still waits to be stored (found by a fresh-user
// breaker). With i = 1, 3 only slot 1 is reached: see
// test/lit/xdsl-pto-run/runtime-slot.mlir. The validator agrees.
// RUN: not xdsl-opt -p 'pto-plan-memory{backend=a3}' %s 2>&1 | filecheck %s
// RUN: not xdsl-opt -p 'init-memref,materialize-semantic-aliases,allocate-memory-addr,verify-memory-plan' %s 2>&1 | filecheck %s --check-prefix=VALID
// CHECK: err-runtime-slot-reaches.mlir:[[# @LINE + 8]]:10: error: memory-reuse: %keep and %r are both on @buf and live at once where %r is defined
// VALID: err-runtime-slot-reaches.mlir:[[# @LINE + 7]]:10: error: verify-memory-plan: %keep [0, 16384) and %r [0, 32768) overlap in vec and are both live where %r is defined
func.func @rotate(%a: memref<64x64xf32>, %b: memref<64x64xf32>, %o: memref<64x64xf32>, %o2: memref<64x64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %keep = tile.load %a[%c0, %c0] : memref<64x64xf32> -> !tile.tile<64x64xf32, vec, alloc = <@buf, slots = 2, slot = 0>>
  scf.for %i = %c0 to %c4 step %c1 {
    %r = tile.load %b[%c0, %c0] : memref<64x64xf32> -> !tile.tile<64x64xf32, vec, alloc = <@buf, slots = 2, slot = iv>>
    tile.store %r, %o2[%c0, %c0] : !tile.tile<64x64xf32, vec, alloc = <@buf, slots = 2, slot = iv>>, memref<64x64xf32>
  }
  tile.store %keep, %o[%c0, %c0] : !tile.tile<64x64xf32, vec, alloc = <@buf, slots = 2, slot = 0>>, memref<64x64xf32>
  func.return
}

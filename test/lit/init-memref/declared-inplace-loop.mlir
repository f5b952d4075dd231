// RUN: xdsl-opt -p 'pto-plan-memory{backend=a3 verify=true}' %s | filecheck %s
// An accumulator declared by the author (@l0c) and updated in place across a
// K loop: the in-place result and the loop carry repeat the binding their
// source has (scf.for needs equal types), which is not a second binding.
// The carry stays on @l0c (no Acc->Acc move), and nothing else joins it.
// A runtime slot (slot = iv) rotates a matmul result through @pp's two slots.

// CHECK:      tile.alloc @l0c in acc size 16384 pinned addr 0
// CHECK-NEXT: tile.alloc @pp in acc size 32768 slots 2 pinned addr 16384
// CHECK:      %n = tile.matmul_acc {{.*}} -> !tile.tile<64x64xf32, acc, memref = <@l0c, offset = 0, size = 16384>>
// CHECK-NEXT: scf.yield %n
// CHECK:      %m = tile.matmul {{.*}} -> !tile.tile<64x64xf32, acc, memref = <@pp, offset = 0, size = 16384, slot = iv>>
// CHECK-NOT:  tile.move
func.func @acc(%a: memref<64x64xf16>, %b: memref<64x64xf16>, %c: memref<64x64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %acc0 = tile.create : !tile.tile<64x64xf32, acc, alloc = <@l0c>>
  %r = scf.for %k = %c0 to %c4 step %c1 iter_args(%acc = %acc0) -> (!tile.tile<64x64xf32, acc, alloc = <@l0c>>) {
    %a1 = tile.load %a[%c0, %c0] : memref<64x64xf16> -> !tile.tile<64x64xf16, mat>
    %b1 = tile.load %b[%c0, %c0] : memref<64x64xf16> -> !tile.tile<64x64xf16, mat>
    %a0 = tile.move %a1 : (!tile.tile<64x64xf16, mat>) -> !tile.tile<64x64xf16, left>
    %b0 = tile.move %b1 : (!tile.tile<64x64xf16, mat>) -> !tile.tile<64x64xf16, right>
    %first = arith.cmpi eq, %k, %c0 : index
    %n = tile.matmul_acc %acc, %a0, %b0, %first : (!tile.tile<64x64xf32, acc, alloc = <@l0c>>, !tile.tile<64x64xf16, left>, !tile.tile<64x64xf16, right>, i1) -> !tile.tile<64x64xf32, acc, alloc = <@l0c>>
    scf.yield %n : !tile.tile<64x64xf32, acc, alloc = <@l0c>>
  }
  tile.store %r, %c[%c0, %c0] : !tile.tile<64x64xf32, acc, alloc = <@l0c>>, memref<64x64xf32>
  scf.for %i = %c0 to %c4 step %c1 {
    %a1 = tile.load %a[%c0, %c0] : memref<64x64xf16> -> !tile.tile<64x64xf16, mat>
    %b1 = tile.load %b[%c0, %c0] : memref<64x64xf16> -> !tile.tile<64x64xf16, mat>
    %a0 = tile.move %a1 : (!tile.tile<64x64xf16, mat>) -> !tile.tile<64x64xf16, left>
    %b0 = tile.move %b1 : (!tile.tile<64x64xf16, mat>) -> !tile.tile<64x64xf16, right>
    %m = tile.matmul %a0, %b0 : (!tile.tile<64x64xf16, left>, !tile.tile<64x64xf16, right>) -> !tile.tile<64x64xf32, acc, alloc = <@pp, slots = 2, slot = iv>>
    tile.store %m, %c[%c0, %c0] : !tile.tile<64x64xf32, acc, alloc = <@pp, slots = 2, slot = iv>>, memref<64x64xf32>
  }
  func.return
}

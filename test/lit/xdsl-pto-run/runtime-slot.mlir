// RUN: xdsl-pto run %s | filecheck %s
// RUN: xdsl-opt -p 'pto-plan-memory{backend=a3 verify=true}' %s | filecheck %s --check-prefix=PLAN
// A runtime slot in the physical run: %r takes slot (iv mod 2) of @buf on each
// iteration. The loop runs i = 1, 3, so %r is always on slot 1, while %keep
// holds slot 0 across the loop; placing %r by the live induction variable
// (not on slot 0) is what keeps %keep's bytes intact.
// CHECK: runtime-slot.mlir: logical and physical runs agree (seed 0)
// PLAN: tile.alloc @buf in vec size 32768 slots 2 pinned addr 0
// PLAN: %keep = tile.load {{.*}} memref = <@buf, offset = 0, size = 16384, slot = 0>>
// PLAN: %r = tile.load {{.*}} memref = <@buf, offset = 0, size = 16384, slot = iv>>
func.func @rotate(%a: memref<64x64xf32>, %b: memref<64x64xf32>, %o: memref<64x64xf32>, %o2: memref<64x64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %keep = tile.load %a[%c0, %c0] : memref<64x64xf32> -> !tile.tile<64x64xf32, vec, alloc = <@buf, slots = 2, slot = 0>>
  scf.for %i = %c1 to %c4 step %c2 {
    %r = tile.load %b[%c0, %c0] : memref<64x64xf32> -> !tile.tile<64x64xf32, vec, alloc = <@buf, slots = 2, slot = iv>>
    tile.store %r, %o2[%c0, %c0] : !tile.tile<64x64xf32, vec, alloc = <@buf, slots = 2, slot = iv>>, memref<64x64xf32>
  }
  tile.store %keep, %o[%c0, %c0] : !tile.tile<64x64xf32, vec, alloc = <@buf, slots = 2, slot = 0>>, memref<64x64xf32>
  func.return
}

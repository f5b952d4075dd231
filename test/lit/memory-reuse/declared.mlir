// RUN: xdsl-opt -p 'pto-plan-memory{backend=a3 verify=true}' %s | filecheck %s
// Declared allocations in MemoryReuse (seed 001, "Declared allocations"):
// tiles bound to different declarations are never coalesced however
// disjoint their lifetimes; unbound tiles are packed as before and never
// pulled into a declared allocation; per-slot overlap check: touching is
// allowed, two slots are meant to be live together, a runtime slot rotates
// through the slots once the static-slot tiles are dead.

// @a and @b are dead by the time %u and %w are defined, yet neither is
// reused: %u and %w share the one unbound buffer.
// CHECK-LABEL: func.func @isolation
// CHECK-NEXT:    tile.alloc @a in vec size 16384 pinned addr 0
// CHECK-NEXT:    tile.alloc @b in vec size 16384 pinned addr 16384
// CHECK-NEXT:    tile.alloc @mem_vec_0 in vec size 16384 addr 32768
// CHECK-NOT:     tile.alloc
// CHECK:         %u = tile.exp {{.*}} -> !tile.tile<64x64xf32, vec, memref = <@mem_vec_0, offset = 0, size = 16384>>
// CHECK-NEXT:    %w = tile.exp {{.*}} -> !tile.tile<64x64xf32, vec, memref = <@mem_vec_0, offset = 0, size = 16384>>
func.func @isolation(%in: memref<64x64xf32>, %o: memref<64x64xf32>) {
  %c0 = arith.constant 0 : index
  %x = tile.load %in[%c0, %c0] : memref<64x64xf32> -> !tile.tile<64x64xf32, vec, alloc = <@a>>
  %y = tile.exp %x : (!tile.tile<64x64xf32, vec, alloc = <@a>>) -> !tile.tile<64x64xf32, vec, alloc = <@b>>
  %u = tile.exp %y : (!tile.tile<64x64xf32, vec, alloc = <@b>>) -> !tile.tile<64x64xf32, vec>
  %w = tile.exp %u : (!tile.tile<64x64xf32, vec>) -> !tile.tile<64x64xf32, vec>
  tile.store %w, %o[%c0, %c0] : !tile.tile<64x64xf32, vec>, memref<64x64xf32>
  func.return
}

// %x's last read is %y's definition (touching): both on slot 0 is fine.
// %p and %q are on two slots and live together: the ping-pong.
// CHECK-LABEL: func.func @slots
// CHECK-NEXT:    tile.alloc @s in vec size 32768 slots 2 pinned addr 16384
// CHECK-NEXT:    tile.alloc @mem_vec_0 in vec size 16384 addr 0
// CHECK:         %x = tile.load {{.*}} memref = <@s, offset = 0, size = 16384, slot = 0>>
// CHECK-NEXT:    %y = tile.exp {{.*}} -> !tile.tile<64x64xf32, vec, memref = <@s, offset = 0, size = 16384, slot = 0>>
// CHECK:         %p = tile.load {{.*}} memref = <@s, offset = 0, size = 16384, slot = 0>>
// CHECK-NEXT:    %q = tile.load {{.*}} memref = <@s, offset = 16384, size = 16384, slot = 1>>
func.func @slots(%in: memref<64x64xf32>, %o: memref<64x64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %x = tile.load %in[%c0, %c0] : memref<64x64xf32> -> !tile.tile<64x64xf32, vec, alloc = <@s, slots = 2, slot = 0>>
  %y = tile.exp %x : (!tile.tile<64x64xf32, vec, alloc = <@s, slots = 2, slot = 0>>) -> !tile.tile<64x64xf32, vec, alloc = <@s, slots = 2, slot = 0>>
  tile.store %y, %o[%c0, %c0] : !tile.tile<64x64xf32, vec, alloc = <@s, slots = 2, slot = 0>>, memref<64x64xf32>
  %p = tile.load %in[%c0, %c0] : memref<64x64xf32> -> !tile.tile<64x64xf32, vec, alloc = <@s, slots = 2, slot = 0>>
  %q = tile.load %in[%c0, %c0] : memref<64x64xf32> -> !tile.tile<64x64xf32, vec, alloc = <@s, slots = 2, slot = 1>>
  %pq = tile.add %p, %q : (!tile.tile<64x64xf32, vec, alloc = <@s, slots = 2, slot = 0>>, !tile.tile<64x64xf32, vec, alloc = <@s, slots = 2, slot = 1>>) -> !tile.tile<64x64xf32, vec>
  tile.store %pq, %o[%c0, %c0] : !tile.tile<64x64xf32, vec>, memref<64x64xf32>
  scf.for %i = %c0 to %c2 step %c1 {
    %r = tile.load %in[%c0, %c0] : memref<64x64xf32> -> !tile.tile<64x64xf32, vec, alloc = <@s, slots = 2, slot = iv>>
    %r2 = tile.load %in[%c0, %c0] : memref<64x64xf32> -> !tile.tile<64x64xf32, vec>
    %rr = tile.add %r, %r2 : (!tile.tile<64x64xf32, vec, alloc = <@s, slots = 2, slot = iv>>, !tile.tile<64x64xf32, vec>) -> !tile.tile<64x64xf32, vec>
    tile.store %rr, %o[%c0, %c0] : !tile.tile<64x64xf32, vec>, memref<64x64xf32>
  }
  func.return
}

// A pinned root never joins another buffer either: %big (64 KiB, unbound)
// is dead before %p is written, yet @p keeps its own bytes.
// CHECK-LABEL: func.func @pinned_never_joins
// CHECK-NEXT:    tile.alloc @p in vec size 16384 pinned addr 65536
// CHECK-NEXT:    tile.alloc @mem_vec_0 in vec size 65536 addr 0
// CHECK-NOT:     tile.alloc
func.func @pinned_never_joins(%in: memref<128x128xf32>, %o: memref<128x128xf32>, %s: memref<64x64xf32>, %so: memref<64x64xf32>) {
  %c0 = arith.constant 0 : index
  %big = tile.load %in[%c0, %c0] : memref<128x128xf32> -> !tile.tile<128x128xf32, vec>
  tile.store %big, %o[%c0, %c0] : !tile.tile<128x128xf32, vec>, memref<128x128xf32>
  %p = tile.load %s[%c0, %c0] : memref<64x64xf32> -> !tile.tile<64x64xf32, vec, alloc = <@p>>
  tile.store %p, %so[%c0, %c0] : !tile.tile<64x64xf32, vec, alloc = <@p>>, memref<64x64xf32>
  func.return
}

// A bound tile and a view of it are the same data: both live at once on
// @v is not an overlap.
// CHECK-LABEL: func.func @view_of_bound
// CHECK-NEXT:    tile.alloc @v in vec size 16384 pinned addr 0
// CHECK:         %r = tile.reshape {{.*}} -> !tile.tile<32x128xf32, vec, memref = <@v, offset = 0, size = 16384>>
func.func @view_of_bound(%in: memref<64x64xf32>, %o: memref<64x64xf32>, %o2: memref<32x128xf32>) {
  %c0 = arith.constant 0 : index
  %x = tile.load %in[%c0, %c0] : memref<64x64xf32> -> !tile.tile<64x64xf32, vec, alloc = <@v>>
  %r = tile.reshape %x : (!tile.tile<64x64xf32, vec, alloc = <@v>>) -> !tile.tile<32x128xf32, vec>
  tile.store %r, %o2[%c0, %c0] : !tile.tile<32x128xf32, vec>, memref<32x128xf32>
  tile.store %x, %o[%c0, %c0] : !tile.tile<64x64xf32, vec, alloc = <@v>>, memref<64x64xf32>
  func.return
}

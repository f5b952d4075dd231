// RUN: xdsl-opt -p init-memref %s | filecheck %s
// RUN: xdsl-opt -p 'pto-plan-memory{backend=a3 verify=true}' %s | filecheck %s --check-prefix=PLAN
// RUN: xdsl-opt -p init-memref %s | xdsl-opt -p init-memref | filecheck %s

// Declared allocations (python_syntax.md "Declared Allocations" and "Slots";
// pypto-docs/31-init_memref.md). A tile type's `alloc = <@name>` binds the
// tile to an author-declared allocation: init-memref makes one pinned
// tile.alloc per declaration, sized from its largest bound tile (one slot's
// size times the slot count, each slot 32-byte aligned), puts every bound
// tile on it at its slot, and removes the binding from the types. A view of
// a bound tile lands in its source's allocation by inheritance.

// CHECK-LABEL: func.func @pingpong
// CHECK-NEXT:    tile.alloc @ping in vec size 16384 pinned
// CHECK-NEXT:    tile.alloc @pong in vec size 16384 pinned
// CHECK-NEXT:    tile.alloc @mem_vec_0 in vec size 8192
// CHECK:         %t0 = tile.load {{.*}} -> !tile.tile<64x64xf32, vec, memref = <@ping, offset = 0, size = 16384>>
// CHECK-NEXT:    %t1 = tile.exp {{.*}} -> !tile.tile<64x64xf32, vec, memref = <@pong, offset = 0, size = 16384>>
// CHECK-NEXT:    %t2 = tile.exp {{.*}} -> !tile.tile<64x64xf32, vec, memref = <@ping, offset = 0, size = 16384>>
// CHECK-NEXT:    %h = tile.slice {{.*}} -> !tile.tile<32x64xf32, vec, memref = <@ping, offset = 0, size = 8192>>
// CHECK-NEXT:    %t3 = tile.exp {{.*}} -> !tile.tile<32x64xf32, vec, memref = <@mem_vec_0, offset = 0, size = 8192>>
// CHECK-NOT:     alloc = <

// Unbound %t3 is never pulled into @ping (dead after %h) or @pong (dead
// after %t2): it keeps its own buffer, and the pinned roots get their own
// addresses (natural name order).
// PLAN-LABEL: func.func @pingpong
// PLAN-NEXT:    tile.alloc @ping in vec size 16384 pinned addr 8192
// PLAN-NEXT:    tile.alloc @pong in vec size 16384 pinned addr 24576
// PLAN-NEXT:    tile.alloc @mem_vec_0 in vec size 8192 addr 0
func.func @pingpong(%a: memref<64x64xf32>, %o: memref<64x64xf32>) {
  %c0 = arith.constant 0 : index
  %t0 = tile.load %a[%c0, %c0] : memref<64x64xf32> -> !tile.tile<64x64xf32, vec, alloc = <@ping>>
  %t1 = tile.exp %t0 : (!tile.tile<64x64xf32, vec, alloc = <@ping>>) -> !tile.tile<64x64xf32, vec, alloc = <@pong>>
  %t2 = tile.exp %t1 : (!tile.tile<64x64xf32, vec, alloc = <@pong>>) -> !tile.tile<64x64xf32, vec, alloc = <@ping>>
  %h = tile.slice %t2, %c0, %c0 : (!tile.tile<64x64xf32, vec, alloc = <@ping>>, index, index) -> !tile.tile<32x64xf32, vec>
  %t3 = tile.exp %h : (!tile.tile<32x64xf32, vec>) -> !tile.tile<32x64xf32, vec>
  tile.store %t3, %o[%c0, %c0] : !tile.tile<32x64xf32, vec>, memref<64x64xf32>
  func.return
}

// Slots: one slot is sized for the largest tile bound to any slot (64x64xf32
// = 16384 bytes), slot k starts at k x 16384; a runtime slot (slot = iv: the
// loop's induction variable modulo 2) keeps its offset relative to the slot.
// CHECK-LABEL: func.func @slots
// CHECK-NEXT:    tile.alloc @buf in vec size 32768 slots 2 pinned
// CHECK-NEXT:    tile.alloc @rot in vec size 32768 slots 2 pinned
// CHECK-NEXT:    tile.alloc @mem_vec_0 in vec size 16384
// CHECK:         %s0 = tile.load {{.*}} -> !tile.tile<64x64xf32, vec, memref = <@buf, offset = 0, size = 16384, slot = 0>>
// CHECK-NEXT:    %s1 = tile.load {{.*}} -> !tile.tile<32x64xf32, vec, memref = <@buf, offset = 16384, size = 8192, slot = 1>>
// CHECK:         %r = tile.load {{.*}} -> !tile.tile<64x64xf32, vec, memref = <@rot, offset = 0, size = 16384, slot = iv>>

// PLAN-LABEL: func.func @slots
// PLAN-NEXT:    tile.alloc @buf in vec size 32768 slots 2 pinned addr 0
// PLAN-NEXT:    tile.alloc @rot in vec size 32768 slots 2 pinned addr 49152
// PLAN-NEXT:    tile.alloc @mem_vec_0 in vec size 16384 addr 32768
func.func @slots(%a: memref<64x64xf32>, %o: memref<64x64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %s0 = tile.load %a[%c0, %c0] : memref<64x64xf32> -> !tile.tile<64x64xf32, vec, alloc = <@buf, slots = 2, slot = 0>>
  %s1 = tile.load %a[%c0, %c0] : memref<64x64xf32> -> !tile.tile<32x64xf32, vec, alloc = <@buf, slots = 2, slot = 1>>
  %x = tile.add %s0, %s0 : (!tile.tile<64x64xf32, vec, alloc = <@buf, slots = 2, slot = 0>>, !tile.tile<64x64xf32, vec, alloc = <@buf, slots = 2, slot = 0>>) -> !tile.tile<64x64xf32, vec>
  tile.store %x, %o[%c0, %c0] : !tile.tile<64x64xf32, vec>, memref<64x64xf32>
  tile.store %s1, %o[%c0, %c0] : !tile.tile<32x64xf32, vec, alloc = <@buf, slots = 2, slot = 1>>, memref<64x64xf32>
  scf.for %i = %c0 to %c4 step %c1 {
    %r = tile.load %a[%c0, %c0] : memref<64x64xf32> -> !tile.tile<64x64xf32, vec, alloc = <@rot, slots = 2, slot = iv>>
    tile.store %r, %o[%c0, %c0] : !tile.tile<64x64xf32, vec, alloc = <@rot, slots = 2, slot = iv>>, memref<64x64xf32>
  }
  func.return
}

// A slot is rounded up to the allocator's 32 bytes, so every slot starts
// aligned: 12-byte tiles get 32-byte slots.
// CHECK-LABEL: func.func @small_slots
// CHECK-NEXT:    tile.alloc @tiny in vec size 64 slots 2 pinned
// CHECK:         %u = tile.load {{.*}} -> !tile.tile<3xf32, vec, memref = <@tiny, offset = 0, size = 12, slot = 0>>
// CHECK-NEXT:    %w = tile.load {{.*}} -> !tile.tile<3xf32, vec, memref = <@tiny, offset = 32, size = 12, slot = 1>>
func.func @small_slots(%a: memref<3xf32>) {
  %c0 = arith.constant 0 : index
  %u = tile.load %a[%c0] : memref<3xf32> -> !tile.tile<3xf32, vec, alloc = <@tiny, slots = 2, slot = 0>>
  %w = tile.load %a[%c0] : memref<3xf32> -> !tile.tile<3xf32, vec, alloc = <@tiny, slots = 2, slot = 1>>
  tile.store %u, %a[%c0] : !tile.tile<3xf32, vec, alloc = <@tiny, slots = 2, slot = 0>>, memref<3xf32>
  tile.store %w, %a[%c0] : !tile.tile<3xf32, vec, alloc = <@tiny, slots = 2, slot = 1>>, memref<3xf32>
  func.return
}

// A declaration may use init-memref's own naming scheme: the compiler's
// roots then skip that name.
// CHECK-LABEL: func.func @name_clash
// CHECK-NEXT:    tile.alloc @mem_vec_0 in vec size 16384 pinned
// CHECK-NEXT:    tile.alloc @mem_vec_1 in vec size 16384
// CHECK-NOT:     tile.alloc
func.func @name_clash(%a: memref<64x64xf32>) {
  %c0 = arith.constant 0 : index
  %x = tile.load %a[%c0, %c0] : memref<64x64xf32> -> !tile.tile<64x64xf32, vec, alloc = <@mem_vec_0>>
  %y = tile.exp %x : (!tile.tile<64x64xf32, vec, alloc = <@mem_vec_0>>) -> !tile.tile<64x64xf32, vec>
  tile.store %y, %a[%c0, %c0] : !tile.tile<64x64xf32, vec>, memref<64x64xf32>
  func.return
}

// Over-pinning: declared allocations are never coalesced, so a kernel that
// pins more than its space holds gets the AllocateMemoryAddr capacity error
// (seed 001, "Declared allocations") instead of being silently packed back.
// Without the declarations the same kernel fits in one reused buffer.
// RUN: not xdsl-opt -p 'pto-plan-memory{backend=a3}' %s 2>&1 | filecheck %s
// RUN: sed -e 's/, alloc = <@[a-z0-9]*>//g' %s | xdsl-opt -p 'pto-plan-memory{backend=a3}' | filecheck %s --check-prefix=UNPINNED
// The error names the declared allocations, which share with nothing.
// CHECK: declared-overpinned.mlir:[[# @LINE + 6]]:8: error: allocate-memory-addr: function 'overpinned': vec buffer usage (196608 bytes) exceeds the a3 limit (188416 bytes); at this tile.exp 131072 bytes of vec tiles are kept apart: @p0 (65536 bytes), @p1 (65536 bytes); @p1 may not take the bytes of @p0: @p0 is a declared allocation, which shares its bytes with no other tile; they fit in the 188416 bytes for tiles: the overflow comes from how tiles live at different points were packed, not from one point; a declared allocation shares its bytes with no other tile: @p0 (65536 bytes), @p1 (65536 bytes), @p2 (65536 bytes){{$}}
// UNPINNED: tile.alloc @mem_vec_0 in vec size 65536 addr 0
// UNPINNED-NOT: tile.alloc
func.func @overpinned(%in: memref<128x128xf32>, %o: memref<128x128xf32>) {
  %c0 = arith.constant 0 : index
  %x = tile.load %in[%c0, %c0] : memref<128x128xf32> -> !tile.tile<128x128xf32, vec, alloc = <@p0>>
  %y = tile.exp %x : (!tile.tile<128x128xf32, vec, alloc = <@p0>>) -> !tile.tile<128x128xf32, vec, alloc = <@p1>>
  %z = tile.exp %y : (!tile.tile<128x128xf32, vec, alloc = <@p1>>) -> !tile.tile<128x128xf32, vec, alloc = <@p2>>
  tile.store %z, %o[%c0, %c0] : !tile.tile<128x128xf32, vec, alloc = <@p2>>, memref<128x128xf32>
  func.return
}

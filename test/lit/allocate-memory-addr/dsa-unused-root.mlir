// RUN: xdsl-opt -p 'allocate-memory-addr{planner=dsa_rp backend=a3}' %s | filecheck %s

// A MemRef-carrying module written by hand (or by another tool) may declare a
// root no tile is on. planner=dsa_rp drops it before placing, as memory-reuse
// does (seed 001/002, MemoryReuse step 8): every root left has an address.

// CHECK:      tile.alloc @mem_vec_0 in vec size 1024 addr 0{{$}}
// CHECK-NEXT: tile.alloc @mem_vec_1 in vec size 1024 addr 1024{{$}}
// CHECK-NOT:  tile.alloc
func.func @k(%in: memref<16x16xf32>, %out: memref<16x16xf32>) {
  tile.alloc @mem_vec_0 in vec size 1024
  tile.alloc @spare in vec size 4096
  tile.alloc @mem_vec_1 in vec size 1024
  %c0 = arith.constant 0 : index
  %x = tile.load %in[%c0, %c0] : memref<16x16xf32> -> !tile.tile<16x16xf32, vec, memref = <@mem_vec_0, offset = 0, size = 1024>>
  %y = tile.recip %x : (!tile.tile<16x16xf32, vec, memref = <@mem_vec_0, offset = 0, size = 1024>>) -> !tile.tile<16x16xf32, vec, memref = <@mem_vec_1, offset = 0, size = 1024>>
  tile.store %y, %out[%c0, %c0] : !tile.tile<16x16xf32, vec, memref = <@mem_vec_1, offset = 0, size = 1024>>, memref<16x16xf32>
  func.return
}

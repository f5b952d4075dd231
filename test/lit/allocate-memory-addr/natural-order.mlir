// RUN: xdsl-opt -p allocate-memory-addr %s | filecheck %s

// Roots are taken in *natural* name order: mem_vec_2, mem_vec_9, mem_vec_10
// (string order would put mem_vec_10 first and give 0 / 64 / 192). The
// allocs keep their textual order; only their addresses change:
//   mem_vec_2: 100 bytes at 0 -> 100, aligned to 128
//   mem_vec_9: 32 bytes at 128 -> 160
//   mem_vec_10: 64 bytes at 160
// CHECK-LABEL: func.func @order
// CHECK-NEXT:    tile.alloc @mem_vec_10 in vec size 64 addr 160{{$}}
// CHECK-NEXT:    tile.alloc @mem_vec_2 in vec size 100 addr 0{{$}}
// CHECK-NEXT:    tile.alloc @mem_vec_9 in vec size 32 addr 128{{$}}
// CHECK-NOT:     tile.alloc
func.func @order(%a: memref<16xf32>, %b: memref<25xf32>, %c: memref<8xf32>) {
  tile.alloc @mem_vec_10 in vec size 64
  tile.alloc @mem_vec_2 in vec size 100
  tile.alloc @mem_vec_9 in vec size 32
  %c0 = arith.constant 0 : index
  %x = tile.load %a[%c0] : memref<16xf32> -> !tile.tile<16xf32, vec, memref = <@mem_vec_10, offset = 0, size = 64>>
  %y = tile.load %b[%c0] : memref<25xf32> -> !tile.tile<25xf32, vec, memref = <@mem_vec_2, offset = 0, size = 100>>
  %z = tile.load %c[%c0] : memref<8xf32> -> !tile.tile<8xf32, vec, memref = <@mem_vec_9, offset = 0, size = 32>>
  func.return
}

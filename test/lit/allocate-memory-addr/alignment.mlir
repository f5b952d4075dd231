// RUN: xdsl-opt -p init-memref,allocate-memory-addr %s | filecheck %s

// Each memory space is its own address space starting at 0; roots are placed
// in name order, each start aligned up to 32 bytes:
//   mem_vec_0: 256 bytes at 0 -> next free 256 (already aligned)
//   mem_vec_1: 100 bytes at 256 -> next free 356, aligned up to 384
//   mem_vec_2: 16384 bytes at 384
//   mem_mat_3: the first Mat root, at 0 again.
// CHECK-LABEL: func.func @align
// CHECK-NEXT:    tile.alloc @mem_vec_0 in vec size 256 addr 0{{$}}
// CHECK-NEXT:    tile.alloc @mem_vec_1 in vec size 100 addr 256{{$}}
// CHECK-NEXT:    tile.alloc @mem_vec_2 in vec size 16384 addr 384{{$}}
// CHECK-NEXT:    tile.alloc @mem_mat_3 in mat size 16384 addr 0{{$}}
// CHECK-NEXT:    tile.alloc @mem_vec_4 in vec size 4 addr 16768{{$}}
// CHECK-NOT:     tile.alloc
func.func @align(%a: memref<64x1xf32>, %b: memref<25xf32>, %o: memref<64x64xf32>, %s: memref<1xf32>) {
  %c0 = arith.constant 0 : index
  %v = tile.load %a[%c0, %c0] : memref<64x1xf32> -> !tile.tile<64x1xf32, vec>
  %w = tile.load %b[%c0] : memref<25xf32> -> !tile.tile<25xf32, vec>
  %x = tile.load %o[%c0, %c0] : memref<64x64xf32> -> !tile.tile<64x64xf32, vec>
  %m = tile.load %o[%c0, %c0] : memref<64x64xf32> -> !tile.tile<64x64xf32, mat>
  %one = tile.load %s[%c0] : memref<1xf32> -> !tile.tile<1xf32, vec>
  tile.store %v, %a[%c0, %c0] : !tile.tile<64x1xf32, vec>, memref<64x1xf32>
  tile.store %w, %b[%c0] : !tile.tile<25xf32, vec>, memref<25xf32>
  tile.store %x, %o[%c0, %c0] : !tile.tile<64x64xf32, vec>, memref<64x64xf32>
  tile.store %m, %o[%c0, %c0] : !tile.tile<64x64xf32, mat>, memref<64x64xf32>
  tile.store %one, %s[%c0] : !tile.tile<1xf32, vec>, memref<1xf32>
  func.return
}

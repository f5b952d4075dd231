// RUN: xdsl-opt -p 'init-memref,allocate-memory-addr{backend=a3},memory-reuse' %s | filecheck %s
// RUN: xdsl-opt -p 'init-memref,allocate-memory-addr{backend=a3},memory-reuse,allocate-memory-addr' %s | filecheck %s --check-prefix=AGAIN

// Sharing changes the buffers, so addresses assigned before memory-reuse are
// dropped rather than left describing a layout that no longer exists.
// CHECK:      tile.alloc @mem_vec_0 in vec size 4096{{$}}
// CHECK-NEXT: tile.alloc @mem_vec_1 in vec size 4096{{$}}
// CHECK-NOT:  tile.alloc
// AGAIN:      tile.alloc @mem_vec_0 in vec size 4096 addr 0{{$}}
// AGAIN-NEXT: tile.alloc @mem_vec_1 in vec size 4096 addr 4096{{$}}
// AGAIN-NOT:  tile.alloc
func.func @stale(%in: memref<32x32xf32>, %out: memref<32x32xf32>) {
  %c0 = arith.constant 0 : index
  %a = tile.load %in[%c0, %c0] : memref<32x32xf32> -> !tile.tile<32x32xf32, vec>
  %b = tile.exp %a : (!tile.tile<32x32xf32, vec>) -> !tile.tile<32x32xf32, vec>
  %c = tile.add %a, %b : (!tile.tile<32x32xf32, vec>, !tile.tile<32x32xf32, vec>) -> !tile.tile<32x32xf32, vec>
  tile.store %c, %out[%c0, %c0] : !tile.tile<32x32xf32, vec>, memref<32x32xf32>
  func.return
}

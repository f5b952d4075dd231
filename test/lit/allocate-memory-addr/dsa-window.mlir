// RUN: xdsl-opt -p 'pto-plan-memory{planner=dsa_rp backend=a3 verify=true}' %s | filecheck %s
// RUN: xdsl-pto run %s --pipeline 'pto-plan-memory{planner=dsa_rp backend=a3}' | filecheck %s --check-prefix=AGREE

// A result may take the bytes of an operand that is a view at its root's
// start, from that start (ops stream front to back). Found by a fresh user:
// the rule used to keep any view apart from the op's result, and this kernel
// -- which planner=pypto fits in 160 KiB -- got a no-fit error on A3.
// %k (64 KiB) is live throughout; %e = exp(%s), %s the first half of %u,
// runs on %u's first half; %f then runs on %e's bytes. LOAD = 160 KiB.
// CHECK:      tile.alloc @mem_vec_0 in vec size 65536 addr 0{{$}}
// CHECK-NEXT: tile.alloc @mem_vec_1 in vec size 32768 addr 131072{{$}}
// CHECK-NEXT: tile.alloc @mem_vec_2 in vec size 65536 addr 65536{{$}}
// CHECK-NEXT: tile.alloc @mem_vec_3 in vec size 32768 addr 65536{{$}}
// CHECK-NEXT: tile.alloc @mem_vec_4 in vec size 32768 addr 65536{{$}}
// CHECK:      %e = tile.exp {{.*}} -> !tile.tile<64x128xf32, vec, memref = <@mem_vec_3, offset = 0, size = 32768>>
// AGREE: dsa-window.mlir: logical and physical runs agree (seed 0)
func.func @window(%in: memref<128x128xf32>, %out: memref<128x128xf32>) {
  %c0 = arith.constant 0 : index
  %k = tile.load %in[%c0, %c0] : memref<128x128xf32> -> !tile.tile<128x128xf32, vec>
  %x = tile.load %in[%c0, %c0] : memref<128x128xf32> -> !tile.tile<64x128xf32, vec>
  %u = tile.load %in[%c0, %c0] : memref<128x128xf32> -> !tile.tile<128x128xf32, vec>
  %s = tile.slice %u, %c0, %c0 : (!tile.tile<128x128xf32, vec>, index, index) -> !tile.tile<64x128xf32, vec>
  %e = tile.exp %s : (!tile.tile<64x128xf32, vec>) -> !tile.tile<64x128xf32, vec>
  %f = tile.add %e, %x : (!tile.tile<64x128xf32, vec>, !tile.tile<64x128xf32, vec>) -> !tile.tile<64x128xf32, vec>
  tile.store %f, %out[%c0, %c0] : !tile.tile<64x128xf32, vec>, memref<128x128xf32>
  tile.store %k, %out[%c0, %c0] : !tile.tile<128x128xf32, vec>, memref<128x128xf32>
  func.return
}

// RUN: xdsl-opt -p 'pto-plan-memory{backend=a5 verify=true}' %s | filecheck %s

// memory-reuse packs for the bytes left above a reserved cross-core window
// (tile.reserve_buffer): the tiles of subrange-fallback.mlir whole-buffer
// packed need 196608 bytes, which A5's 245760-byte Vec holds on its own but
// not above a 65536-byte ring (262144 bytes in all). So the overflow retry
// runs as it does on A3: %c takes the subrange [32768, 65536) of %a's dead
// arena, and the space needs 65536 + 163840 = 229376 bytes. (Found in
// review: memory-reuse used to check the whole capacity, and
// allocate-memory-addr then refused the plan.)
// CHECK:      tile.alloc @mem_vec_0 in vec size 98304 addr 65536
// CHECK-NEXT: tile.alloc @mem_vec_1 in vec size 65536 addr 163840
// CHECK-NOT:  tile.alloc
// CHECK:      %ring = tile.reserve_buffer "ring" size 65536 in vec at 0
// CHECK:      %c = tile.load {{.*}} -> !tile.tile<32x256xf32, vec, memref = <@mem_vec_1, offset = 32768, size = 32768>>
func.func @subrange(%in_d: memref<96x256xf32>, %in_a: memref<64x256xf32>, %in_b: memref<32x256xf32>, %in_c: memref<32x256xf32>, %out_d: memref<96x256xf32>, %out_a: memref<64x256xf32>, %out_e: memref<32x256xf32>) {
  %c0 = arith.constant 0 : index
  %ring = tile.reserve_buffer "ring" size 65536 in vec
  %d = tile.load %in_d[%c0, %c0] : memref<96x256xf32> -> !tile.tile<96x256xf32, vec>
  %a = tile.load %in_a[%c0, %c0] : memref<64x256xf32> -> !tile.tile<64x256xf32, vec>
  tile.store %a, %out_a[%c0, %c0] : !tile.tile<64x256xf32, vec>, memref<64x256xf32>
  %b = tile.load %in_b[%c0, %c0] : memref<32x256xf32> -> !tile.tile<32x256xf32, vec>
  %c = tile.load %in_c[%c0, %c0] : memref<32x256xf32> -> !tile.tile<32x256xf32, vec>
  %e = tile.add %b, %c : (!tile.tile<32x256xf32, vec>, !tile.tile<32x256xf32, vec>) -> !tile.tile<32x256xf32, vec>
  tile.store %e, %out_e[%c0, %c0] : !tile.tile<32x256xf32, vec>, memref<32x256xf32>
  tile.store %d, %out_d[%c0, %c0] : !tile.tile<96x256xf32, vec>, memref<96x256xf32>
  func.return
}

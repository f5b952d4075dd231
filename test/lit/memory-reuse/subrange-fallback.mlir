// RUN: xdsl-opt -p 'pto-plan-memory{backend=a3 verify=true}' %s | filecheck %s
// RUN: xdsl-opt -p 'pto-plan-memory{backend=a5}' %s | filecheck %s --check-prefix=FITS
// RUN: xdsl-opt -p pto-plan-memory %s | not xdsl-opt -p 'allocate-memory-addr{backend=a3}' 2>&1 | filecheck %s --check-prefix=LEGACY
// RUN: xdsl-pto run %s | filecheck %s --check-prefix=EXEC
// memory-reuse{backend=...} records its target, so a later pass checks the
// same capacity (found by a fresh-user breaker: it used not to).
// RUN: xdsl-opt -p 'init-memref,materialize-semantic-aliases,memory-reuse{backend=a3}' %s | filecheck %s --check-prefix=RECORDS
// RECORDS: builtin.module attributes {pto.target_arch = "a3"}

// Capacity-overflow subrange fallback (seed 001/002 MemoryReuse step 3, the
// seed's own example). %d (96 KiB) lives throughout; %a (64 KiB) dies early;
// then %b and %c (32 KiB each) are live together. Whole-buffer packing puts
// %b (and %e) on %a's buffer but needs a third buffer for %c:
// 96 + 64 + 32 KiB = 196608 bytes, past A3's 188416-byte Vec.
// The error says that no point needs more than 163840 bytes.
// LEGACY: <stdin>:8:10: error: allocate-memory-addr: function 'subrange': vec buffer usage (196608 bytes) exceeds the a3 limit (188416 bytes); at this tile.load 163840 bytes of vec tiles are live together: %d (98304 bytes), %a (65536 bytes); they fit in the 188416 bytes for tiles: the overflow comes from how tiles live at different points were packed, not from one point{{$}}
//
// On A3 the overflow triggers the retry: %c takes the aligned subrange
// [32768, 65536) of the dead 64 KiB arena, clear of %b at [0, 32768), and
// the space needs 163840 bytes.
// CHECK:      tile.alloc @mem_vec_0 in vec size 98304 addr 0
// CHECK-NEXT: tile.alloc @mem_vec_1 in vec size 65536 addr 98304
// CHECK-NOT:  tile.alloc
// CHECK:      %a = tile.load {{.*}} -> !tile.tile<64x256xf32, vec, memref = <@mem_vec_1, offset = 0, size = 65536>>
// CHECK:      %b = tile.load {{.*}} -> !tile.tile<32x256xf32, vec, memref = <@mem_vec_1, offset = 0, size = 32768>>
// CHECK-NEXT: %c = tile.load {{.*}} -> !tile.tile<32x256xf32, vec, memref = <@mem_vec_1, offset = 32768, size = 32768>>
// CHECK-NEXT: %e = tile.add %b, %c : {{.*}} -> !tile.tile<32x256xf32, vec, memref = <@mem_vec_1, offset = 0, size = 32768>>
//
// Where the whole-buffer packing fits (A5: 240 KiB Vec) it is kept byte for byte.
// FITS:      tile.alloc @mem_vec_0 in vec size 98304 addr 0
// FITS-NEXT: tile.alloc @mem_vec_1 in vec size 65536 addr 98304
// FITS-NEXT: tile.alloc @mem_vec_3 in vec size 32768 addr 163840
// FITS:      %c = tile.load {{.*}} -> !tile.tile<32x256xf32, vec, memref = <@mem_vec_3, offset = 0, size = 32768>>
// EXEC: {{.*}}subrange-fallback.mlir: logical and physical runs agree (seed 0)
func.func @subrange(%in_d: memref<96x256xf32>, %in_a: memref<64x256xf32>, %in_b: memref<32x256xf32>, %in_c: memref<32x256xf32>, %out_d: memref<96x256xf32>, %out_a: memref<64x256xf32>, %out_e: memref<32x256xf32>) {
  %c0 = arith.constant 0 : index
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

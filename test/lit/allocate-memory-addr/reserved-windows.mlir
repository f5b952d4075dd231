// RUN: xdsl-opt -p 'init-memref,allocate-memory-addr{backend=a3}' %s | filecheck %s --check-prefixes=CHECK,PYPTO
// RUN: xdsl-opt -p 'init-memref,allocate-memory-addr{backend=a3 planner=dsa_rp}' %s | filecheck %s --check-prefixes=CHECK,DSA

// Reserved cross-core windows (tile.reserve_buffer). The explicit window
// "fixed" [0, 100) is kept; the AUTO ones get bases in program order, each
// at the lowest 32-byte-aligned address clear of the windows already there:
// "auto_vec" at 128 (after "fixed"), "auto_mat" at 0 of mat. The floor is
// the aligned end of the reservations (vec 192, mat 64): every tile root of
// that space is placed at or above it, by both planners.
// CHECK-LABEL: func.func @k(
// PYPTO-NEXT:   tile.alloc @mem_vec_0 in vec size 4096 addr 192
// PYPTO-NEXT:   tile.alloc @mem_vec_1 in vec size 4096 addr 4288
// PYPTO-NEXT:   tile.alloc @mem_mat_2 in mat size 2048 addr 64
// DSA-NEXT:     tile.alloc @mem_vec_0 in vec size 4096 addr 192
// DSA-NEXT:     tile.alloc @mem_vec_1 in vec size 4096 addr 192
// DSA-NEXT:     tile.alloc @mem_mat_2 in mat size 2048 addr 64
// CHECK-NEXT:   %fixed = tile.reserve_buffer "fixed" size 100 in vec at 0
// CHECK-NEXT:   %auto_vec = tile.reserve_buffer "auto_vec" size 64 in vec at 128
// CHECK-NEXT:   %auto_mat = tile.reserve_buffer "auto_mat" size 40 in mat at 0
func.func @k(%in: memref<32x32xf32>, %out: memref<32x32xf32>, %h: memref<32x32xf16>) attributes {tile.function_kind = "aiv"} {
  %fixed = tile.reserve_buffer "fixed" size 100 in vec at 0
  %auto_vec = tile.reserve_buffer "auto_vec" size 64 in vec
  %auto_mat = tile.reserve_buffer "auto_mat" size 40 in mat
  %c0 = arith.constant 0 : index
  %a = tile.load %in[%c0, %c0] : memref<32x32xf32> -> !tile.tile<32x32xf32, vec>
  %b = tile.exp %a : (!tile.tile<32x32xf32, vec>) -> !tile.tile<32x32xf32, vec>
  %m = tile.load %h[%c0, %c0] : memref<32x32xf16> -> !tile.tile<32x32xf16, mat>
  tile.store %b, %out[%c0, %c0] : !tile.tile<32x32xf32, vec>, memref<32x32xf32>
  func.return
}

// RUN: xdsl-opt -p init-memref %s | filecheck %s

// Views share their source's root at their own byte window; in-place results
// share operand 0's window. Only ops with no must-alias trait get fresh roots.

// A 64x64 f32 tile has 256-byte rows. A [16, 32] window at (row 16, col 8)
// starts at (16 * 64 + 8) * 4 = 4128 and its hull ends after element
// (31 * 64 + 39), so it spans (2023 - 1032 + 1) * 4 = 3968 bytes.
// A whole-row window at row 8 is (8 * 64) * 4 = 2048 bytes in, 2048 long; a
// reshape of it keeps that window. A column vector [64, 1] is col_major:
// row 16 of it is 64 bytes in.
// CHECK-LABEL: func.func @views
// CHECK-NEXT:    tile.alloc @mem_vec_0 in vec size 16384{{$}}
// CHECK-NEXT:    tile.alloc @mem_vec_1 in vec size 256{{$}}
// CHECK-NEXT:    tile.alloc @mem_vec_2 in vec size 2048{{$}}
// CHECK-NOT:     tile.alloc
// CHECK:         %a = tile.load {{.*}} -> !tile.tile<64x64xf32, vec, memref = <@mem_vec_0, offset = 0, size = 16384>>
// CHECK-NEXT:    %s = tile.slice {{.*}} -> !tile.tile<16x32xf32, vec, memref = <@mem_vec_0, offset = 4128, size = 3968>>
// CHECK-NEXT:    %rows = tile.slice {{.*}} -> !tile.tile<8x64xf32, vec, memref = <@mem_vec_0, offset = 2048, size = 2048>>
// CHECK-NEXT:    %rr = tile.reshape {{.*}} -> !tile.tile<16x32xf32, vec, memref = <@mem_vec_0, offset = 2048, size = 2048>>
// CHECK-NEXT:    %sub = tile.slice %rows, {{.*}} -> !tile.tile<2x64xf32, vec, memref = <@mem_vec_0, offset = 3584, size = 512>>
// CHECK-NEXT:    %cv = tile.load {{.*}} -> !tile.tile<64x1xf32, vec, memref = <@mem_vec_1, offset = 0, size = 256>>
// CHECK-NEXT:    %cs = tile.slice {{.*}} -> !tile.tile<16x1xf32, vec, memref = <@mem_vec_1, offset = 64, size = 64>>
// CHECK-NEXT:    %e = tile.exp %rr : {{.*}} -> !tile.tile<16x32xf32, vec, memref = <@mem_vec_2, offset = 0, size = 2048>>
func.func @views(%in: memref<64x64xf32>, %v: memref<64x1xf32>) {
  %c0 = arith.constant 0 : index
  %c6 = arith.constant 6 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %a = tile.load %in[%c0, %c0] : memref<64x64xf32> -> !tile.tile<64x64xf32, vec>
  %s = tile.slice %a, %c16, %c8 : (!tile.tile<64x64xf32, vec>, index, index) -> !tile.tile<16x32xf32, vec>
  %rows = tile.slice %a, %c8, %c0 : (!tile.tile<64x64xf32, vec>, index, index) -> !tile.tile<8x64xf32, vec>
  %rr = tile.reshape %rows : (!tile.tile<8x64xf32, vec>) -> !tile.tile<16x32xf32, vec>
  %sub = tile.slice %rows, %c6, %c0 : (!tile.tile<8x64xf32, vec>, index, index) -> !tile.tile<2x64xf32, vec>
  %cv = tile.load %v[%c0, %c0] : memref<64x1xf32> -> !tile.tile<64x1xf32, vec>
  %cs = tile.slice %cv, %c16, %c0 : (!tile.tile<64x1xf32, vec>, index, index) -> !tile.tile<16x1xf32, vec>
  %e = tile.exp %rr : (!tile.tile<16x32xf32, vec>) -> !tile.tile<16x32xf32, vec>
  func.return
}

// tile.matmul_acc is in place on operand 0 (reuses(0)): its result has the
// accumulator's MemRef and no root of its own; tile.matmul and the moves into
// L0 get fresh roots in their own spaces.
// CHECK-LABEL: func.func @acc_in_place
// CHECK-NEXT:    tile.alloc @mem_mat_0 in mat size 8192{{$}}
// CHECK-NEXT:    tile.alloc @mem_left_1 in left size 8192{{$}}
// CHECK-NEXT:    tile.alloc @mem_right_2 in right size 8192{{$}}
// CHECK-NEXT:    tile.alloc @mem_acc_3 in acc size 16384{{$}}
// CHECK-NOT:     tile.alloc
// CHECK:         %acc = tile.matmul {{.*}} -> !tile.tile<64x64xf32, acc, memref = <@mem_acc_3, offset = 0, size = 16384>>
// CHECK-NEXT:    %acc2 = tile.matmul_acc %acc, %l, %r, %t : {{.*}} -> !tile.tile<64x64xf32, acc, memref = <@mem_acc_3, offset = 0, size = 16384>>
// CHECK-NEXT:    %acc3 = tile.matmul_acc %acc2, %l, %r, %t : {{.*}} -> !tile.tile<64x64xf32, acc, memref = <@mem_acc_3, offset = 0, size = 16384>>
func.func @acc_in_place(%a: memref<64x64xf16>, %c: memref<64x64xf32>) {
  %c0 = arith.constant 0 : index
  %t = arith.constant false
  %m = tile.load %a[%c0, %c0] : memref<64x64xf16> -> !tile.tile<64x64xf16, mat>
  %l = tile.move %m : (!tile.tile<64x64xf16, mat>) -> !tile.tile<64x64xf16, left>
  %r = tile.move %m : (!tile.tile<64x64xf16, mat>) -> !tile.tile<64x64xf16, right>
  %acc = tile.matmul %l, %r : (!tile.tile<64x64xf16, left>, !tile.tile<64x64xf16, right>) -> !tile.tile<64x64xf32, acc>
  %acc2 = tile.matmul_acc %acc, %l, %r, %t : (!tile.tile<64x64xf32, acc>, !tile.tile<64x64xf16, left>, !tile.tile<64x64xf16, right>, i1) -> !tile.tile<64x64xf32, acc>
  %acc3 = tile.matmul_acc %acc2, %l, %r, %t : (!tile.tile<64x64xf32, acc>, !tile.tile<64x64xf16, left>, !tile.tile<64x64xf16, right>, i1) -> !tile.tile<64x64xf32, acc>
  tile.store %acc3, %c[%c0, %c0] : !tile.tile<64x64xf32, acc>, memref<64x64xf32>
  func.return
}

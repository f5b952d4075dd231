// RUN: xdsl-opt -p init-memref,memory-reuse %s | filecheck %s

// tile.row_expand_add: no_alias(1) (row vector) and no_alias(2) (tmp). %t
// outlives the op and the tmp dies at it: without the guard %s would take
// the tmp's buffer (same size, touching lifetimes).
// Regression (fixed): the kernel does not even verify. RowExpandAddOp declares its optional
// tmp in the subclass, so its IRDL operand order is [tmp, tile, vec] and the
// textual `%t, %m, %tmp` binds tile = %m:
//   error: 'tile.row_expand_add' op shape mismatch: tile [64, 1] vs result [64, 128]
// CHECK-LABEL: func.func @row_expand_add_tmp
// CHECK-NEXT:    tile.alloc @mem_vec_0 in vec size 32768{{$}}
// CHECK-NEXT:    tile.alloc @mem_vec_1 in vec size 32768{{$}}
// CHECK-NEXT:    tile.alloc @mem_vec_2 in vec size 256{{$}}
// CHECK-NEXT:    tile.alloc @mem_vec_3 in vec size 32768{{$}}
// CHECK-NOT:     tile.alloc
// CHECK:         %s = tile.row_expand_add %t, %m, %tmp : {{.*}} -> !tile.tile<64x128xf32, vec, memref = <@mem_vec_3, offset = 0, size = 32768>>
func.func @row_expand_add_tmp(%in: memref<64x128xf32>, %v: memref<64x1xf32>, %out: memref<64x128xf32>) {
  %c0 = arith.constant 0 : index
  %t = tile.load %in[%c0, %c0] : memref<64x128xf32> -> !tile.tile<64x128xf32, vec>
  %tmp = tile.create : !tile.tile<64x128xf32, vec>
  %m = tile.load %v[%c0, %c0] : memref<64x1xf32> -> !tile.tile<64x1xf32, vec>
  %s = tile.row_expand_add %t, %m, %tmp : (!tile.tile<64x128xf32, vec>, !tile.tile<64x1xf32, vec>, !tile.tile<64x128xf32, vec>) -> !tile.tile<64x128xf32, vec>
  tile.store %s, %out[%c0, %c0] : !tile.tile<64x128xf32, vec>, memref<64x128xf32>
  tile.store %t, %out[%c0, %c0] : !tile.tile<64x128xf32, vec>, memref<64x128xf32>
  tile.store %m, %v[%c0, %c0] : !tile.tile<64x1xf32, vec>, memref<64x1xf32>
  func.return
}

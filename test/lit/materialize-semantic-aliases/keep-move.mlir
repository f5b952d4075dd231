// RUN: xdsl-opt -p init-memref,materialize-semantic-aliases %s | filecheck %s

// Cases where computing the yielded value in the carried buffer would be
// wrong: the carry move stays, and so does the yielded value's own root.

// The iter_arg is read after %n is defined (by %m): writing %n into %acc's
// buffer would clobber it before %m reads it.
// CHECK-LABEL: func.func @read_after
// CHECK-NEXT:    tile.alloc @mem_vec_0 in vec size 4096{{$}}
// CHECK-NEXT:    tile.alloc @mem_vec_1 in vec size 4096{{$}}
// CHECK-NEXT:    tile.alloc @mem_vec_2 in vec size 4096{{$}}
// CHECK-NEXT:    tile.alloc @mem_vec_3 in vec size 4096{{$}}
// CHECK:           %n = tile.add %acc, %x : {{.*}} -> !tile.tile<32x32xf32, vec, memref = <@mem_vec_2, offset = 0, size = 4096>>
// CHECK-NEXT:      %m = tile.mul %acc, %n : {{.*}} -> !tile.tile<32x32xf32, vec, memref = <@mem_vec_3, offset = 0, size = 4096>>
// CHECK-NEXT:      tile.store %m
// CHECK-NEXT:      %[[MV:.+]] = tile.move %n {carry} : (!tile.tile<32x32xf32, vec, memref = <@mem_vec_2, offset = 0, size = 4096>>) -> !tile.tile<32x32xf32, vec, memref = <@mem_vec_1, offset = 0, size = 4096>>
// CHECK-NEXT:      scf.yield %[[MV]]
func.func @read_after(%in: memref<32x32xf32>, %out: memref<32x32xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %x = tile.load %in[%c0, %c0] : memref<32x32xf32> -> !tile.tile<32x32xf32, vec>
  %acc0 = tile.create : !tile.tile<32x32xf32, vec>
  %res = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %acc0) -> (!tile.tile<32x32xf32, vec>) {
    %n = tile.add %acc, %x : (!tile.tile<32x32xf32, vec>, !tile.tile<32x32xf32, vec>) -> !tile.tile<32x32xf32, vec>
    %m = tile.mul %acc, %n : (!tile.tile<32x32xf32, vec>, !tile.tile<32x32xf32, vec>) -> !tile.tile<32x32xf32, vec>
    tile.store %m, %out[%c0, %c0] : !tile.tile<32x32xf32, vec>, memref<32x32xf32>
    scf.yield %n : !tile.tile<32x32xf32, vec>
  }
  tile.store %res, %out[%c0, %c0] : !tile.tile<32x32xf32, vec>, memref<32x32xf32>
  func.return
}

// tile.recip is not in-place safe: its result must not share the carry it
// reads.
// CHECK-LABEL: func.func @recip_carry
// CHECK:           %n = tile.recip %acc : (!tile.tile<32x32xf32, vec, memref = <@mem_vec_0, offset = 0, size = 4096>>) -> !tile.tile<32x32xf32, vec, memref = <@mem_vec_1, offset = 0, size = 4096>>
// CHECK-NEXT:      %[[MV:.+]] = tile.move %n {carry} : {{.*}} -> !tile.tile<32x32xf32, vec, memref = <@mem_vec_0, offset = 0, size = 4096>>
// CHECK-NEXT:      scf.yield %[[MV]]
func.func @recip_carry(%in: memref<32x32xf32>, %out: memref<32x32xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %x = tile.load %in[%c0, %c0] : memref<32x32xf32> -> !tile.tile<32x32xf32, vec>
  %res = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %x) -> (!tile.tile<32x32xf32, vec>) {
    %n = tile.recip %acc : (!tile.tile<32x32xf32, vec>) -> !tile.tile<32x32xf32, vec>
    scf.yield %n : !tile.tile<32x32xf32, vec>
  }
  tile.store %res, %out[%c0, %c0] : !tile.tile<32x32xf32, vec>, memref<32x32xf32>
  func.return
}

// tile.row_sum is not in-place safe either, here reading the carry as its
// source ([64, 1] column vectors).
// CHECK-LABEL: func.func @row_sum_carry
// CHECK:           %n = tile.row_sum %acc, %tmp : {{.*}} -> !tile.tile<64x1xf32, vec, memref = <@mem_vec_2, offset = 0, size = 256>>
// CHECK-NEXT:      %[[MV:.+]] = tile.move %n {carry} : {{.*}} -> !tile.tile<64x1xf32, vec, memref = <@mem_vec_0, offset = 0, size = 256>>
// CHECK-NEXT:      scf.yield %[[MV]]
func.func @row_sum_carry(%in: memref<64x1xf32>, %out: memref<64x1xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %x = tile.load %in[%c0, %c0] : memref<64x1xf32> -> !tile.tile<64x1xf32, vec>
  %tmp = tile.create : !tile.tile<64x1xf32, vec>
  %res = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %x) -> (!tile.tile<64x1xf32, vec>) {
    %n = tile.row_sum %acc, %tmp : (!tile.tile<64x1xf32, vec>, !tile.tile<64x1xf32, vec>) -> !tile.tile<64x1xf32, vec>
    scf.yield %n : !tile.tile<64x1xf32, vec>
  }
  tile.store %res, %out[%c0, %c0] : !tile.tile<64x1xf32, vec>, memref<64x1xf32>
  func.return
}

// The loop yields a value defined outside it: that buffer is not the loop's
// to write, so the move stays and %y keeps @mem_vec_1.
// CHECK-LABEL: func.func @yield_outer
// CHECK-NEXT:    tile.alloc @mem_vec_0 in vec size 4096{{$}}
// CHECK-NEXT:    tile.alloc @mem_vec_1 in vec size 4096{{$}}
// CHECK-NOT:     tile.alloc
// CHECK:         %y = tile.exp %x : {{.*}} -> !tile.tile<32x32xf32, vec, memref = <@mem_vec_1, offset = 0, size = 4096>>
// CHECK:           %[[MV:.+]] = tile.move %y {carry} : (!tile.tile<32x32xf32, vec, memref = <@mem_vec_1, offset = 0, size = 4096>>) -> !tile.tile<32x32xf32, vec, memref = <@mem_vec_0, offset = 0, size = 4096>>
// CHECK-NEXT:      scf.yield %[[MV]]
func.func @yield_outer(%in: memref<32x32xf32>, %out: memref<32x32xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %x = tile.load %in[%c0, %c0] : memref<32x32xf32> -> !tile.tile<32x32xf32, vec>
  %y = tile.exp %x : (!tile.tile<32x32xf32, vec>) -> !tile.tile<32x32xf32, vec>
  %res = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %x) -> (!tile.tile<32x32xf32, vec>) {
    scf.yield %y : !tile.tile<32x32xf32, vec>
  }
  tile.store %res, %out[%c0, %c0] : !tile.tile<32x32xf32, vec>, memref<32x32xf32>
  func.return
}

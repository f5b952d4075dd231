// RUN: xdsl-opt -p init-memref,materialize-semantic-aliases,memory-reuse %s | filecheck %s

// A Vec carry move that materialize-semantic-aliases could not remove (the
// yielded value is a tile.recip of the carry, which is not in place safe)
// stays through memory-reuse: it is the copy that writes %n back into the
// carried buffer. Its source and destination stay on different roots (a
// tile.move is never in place) even though %n's last use touches the move.
// CHECK-LABEL: func.func @recip_carry
// CHECK-NEXT:    tile.alloc @mem_vec_0 in vec size 4096{{$}}
// CHECK-NEXT:    tile.alloc @mem_vec_1 in vec size 4096{{$}}
// CHECK-NOT:     tile.alloc
// CHECK:         %res = scf.for {{.*}} iter_args(%acc = %x) -> (!tile.tile<32x32xf32, vec, memref = <@mem_vec_0, offset = 0, size = 4096>>) {
// CHECK-NEXT:      %n = tile.recip %acc : {{.*}} -> !tile.tile<32x32xf32, vec, memref = <@mem_vec_1, offset = 0, size = 4096>>
// CHECK-NEXT:      %[[MV:.+]] = tile.move %n {carry} : (!tile.tile<32x32xf32, vec, memref = <@mem_vec_1, offset = 0, size = 4096>>) -> !tile.tile<32x32xf32, vec, memref = <@mem_vec_0, offset = 0, size = 4096>>
// CHECK-NEXT:      scf.yield %[[MV]] : !tile.tile<32x32xf32, vec, memref = <@mem_vec_0, offset = 0, size = 4096>>
// CHECK-NEXT:    }
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

// The carry buffer is live through the whole body (the writeback lands in
// it at the end of every iteration), so no temporary of the body may take it,
// even one defined after the carry's last read (%t, %u); the temporaries
// share among themselves (%u reuses %t's buffer: producer-consumer).
// CHECK-LABEL: func.func @carry_live_through_body
// CHECK-NEXT:    tile.alloc @mem_vec_0 in vec size 4096{{$}}
// CHECK-NEXT:    tile.alloc @mem_vec_1 in vec size 4096{{$}}
// CHECK-NEXT:    tile.alloc @mem_vec_2 in vec size 4096{{$}}
// CHECK-NOT:     tile.alloc
// CHECK:           %n = tile.recip %acc : {{.*}} -> !tile.tile<32x32xf32, vec, memref = <@mem_vec_1, offset = 0, size = 4096>>
// CHECK-NEXT:      %t = tile.load {{.*}} -> !tile.tile<32x32xf32, vec, memref = <@mem_vec_2, offset = 0, size = 4096>>
// CHECK-NEXT:      %u = tile.add %n, %t : {{.*}} -> !tile.tile<32x32xf32, vec, memref = <@mem_vec_2, offset = 0, size = 4096>>
// CHECK-NEXT:      tile.store %u
// CHECK-NEXT:      %[[MV:.+]] = tile.move %n {carry} : (!tile.tile<32x32xf32, vec, memref = <@mem_vec_1, offset = 0, size = 4096>>) -> !tile.tile<32x32xf32, vec, memref = <@mem_vec_0, offset = 0, size = 4096>>
func.func @carry_live_through_body(%in: memref<32x32xf32>, %out: memref<32x32xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %x = tile.load %in[%c0, %c0] : memref<32x32xf32> -> !tile.tile<32x32xf32, vec>
  %res = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %x) -> (!tile.tile<32x32xf32, vec>) {
    %n = tile.recip %acc : (!tile.tile<32x32xf32, vec>) -> !tile.tile<32x32xf32, vec>
    %t = tile.load %in[%c0, %c0] : memref<32x32xf32> -> !tile.tile<32x32xf32, vec>
    %u = tile.add %n, %t : (!tile.tile<32x32xf32, vec>, !tile.tile<32x32xf32, vec>) -> !tile.tile<32x32xf32, vec>
    tile.store %u, %out[%c0, %c0] : !tile.tile<32x32xf32, vec>, memref<32x32xf32>
    scf.yield %n : !tile.tile<32x32xf32, vec>
  }
  tile.store %res, %out[%c0, %c0] : !tile.tile<32x32xf32, vec>, memref<32x32xf32>
  func.return
}

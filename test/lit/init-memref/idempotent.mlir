// Running init-memref twice gives exactly what running it once gives: a kernel
// whose tiles all carry MemRefs is left unchanged (no new roots, no second
// carry move, no second init copy).
// RUN: xdsl-opt -p init-memref %s -o %t.once.mlir
// RUN: xdsl-opt -p init-memref,init-memref %s -o %t.twice.mlir
// RUN: diff %t.once.mlir %t.twice.mlir
// RUN: xdsl-opt -p init-memref %t.once.mlir | diff %t.once.mlir -
// RUN: filecheck %s < %t.twice.mlir

// CHECK-LABEL: func.func @twice
// CHECK-NEXT:    tile.alloc @mem_vec_0 in vec size 4096{{$}}
// CHECK-NEXT:    tile.alloc @mem_vec_1 in vec size 4096{{$}}
// CHECK-NEXT:    tile.alloc @mem_vec_2 in vec size 4096{{$}}
// CHECK-NEXT:    tile.alloc @mem_vec_3 in vec size 4096{{$}}
// CHECK-NOT:     tile.alloc
// CHECK-COUNT-2: tile.move
// CHECK-NOT:     tile.move
func.func @twice(%in: memref<32x32xf32>, %out: memref<32x32xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %x = tile.load %in[%c0, %c0] : memref<32x32xf32> -> !tile.tile<32x32xf32, vec>
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %x) -> (!tile.tile<32x32xf32, vec>) {
    %n = tile.exp %acc : (!tile.tile<32x32xf32, vec>) -> !tile.tile<32x32xf32, vec>
    scf.yield %n : !tile.tile<32x32xf32, vec>
  }
  %s = tile.add %r, %x : (!tile.tile<32x32xf32, vec>, !tile.tile<32x32xf32, vec>) -> !tile.tile<32x32xf32, vec>
  tile.store %s, %out[%c0, %c0] : !tile.tile<32x32xf32, vec>, memref<32x32xf32>
  func.return
}

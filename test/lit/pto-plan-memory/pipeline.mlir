// pto-plan-memory is exactly init-memref, materialize-semantic-aliases,
// memory-reuse and allocate-memory-addr in that order.
// RUN: xdsl-opt -p pto-plan-memory %s -o %t.plan.mlir
// RUN: xdsl-opt -p init-memref,materialize-semantic-aliases,memory-reuse,allocate-memory-addr %s -o %t.steps.mlir
// RUN: diff %t.plan.mlir %t.steps.mlir
// RUN: filecheck %s < %t.plan.mlir
// Without a backend it records no target.
// RUN: filecheck %s --check-prefix=NO-TARGET < %t.plan.mlir
// NO-TARGET-NOT: pto.target_arch

// What each stage contributes, on one kernel:
// * init-memref: roots @mem_vec_0 (%x), 1 (%acc0), 2 (%n), 3 (%v), 4 (%s);
// * materialize-semantic-aliases: %n is computed in the carry @mem_vec_1, so
//   @mem_vec_2 disappears with its carry move;
// * memory-reuse: %x is read inside the loop, so it lives to the loop's end
//   and cannot share with the carry; after the loop %s takes %x's dead
//   buffer @mem_vec_0 (first fit), and the row vector %v, which dies at %s,
//   may not join %s's buffer (row_expand_* no_alias(1)) nor the carry's (still
//   live): it keeps @mem_vec_3, and @mem_vec_4 disappears;
// * allocate-memory-addr: 0, 4096, 8192 in name order.
// CHECK-LABEL: func.func @plan
// CHECK-NEXT:    tile.alloc @mem_vec_0 in vec size 4096 addr 0{{$}}
// CHECK-NEXT:    tile.alloc @mem_vec_1 in vec size 4096 addr 4096{{$}}
// CHECK-NEXT:    tile.alloc @mem_vec_3 in vec size 128 addr 8192{{$}}
// CHECK-NOT:     tile.alloc
// CHECK:         %x = tile.load {{.*}} memref = <@mem_vec_0, offset = 0, size = 4096>>
// CHECK-NEXT:    %acc0 = tile.create : !tile.tile<32x32xf32, vec, memref = <@mem_vec_1, offset = 0, size = 4096>>
// CHECK:           %n = tile.add %acc, %x : {{.*}} -> !tile.tile<32x32xf32, vec, memref = <@mem_vec_1, offset = 0, size = 4096>>
// CHECK-NEXT:      scf.yield %n
// CHECK:         %v = tile.load {{.*}} -> !tile.tile<32x1xf32, vec, memref = <@mem_vec_3, offset = 0, size = 128>>
// CHECK-NEXT:    %s = tile.row_expand_sub %res, %v : {{.*}} -> !tile.tile<32x32xf32, vec, memref = <@mem_vec_0, offset = 0, size = 4096>>
// CHECK-NOT:     tile.move
func.func @plan(%in: memref<32x32xf32>, %vin: memref<32x1xf32>, %out: memref<32x32xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %x = tile.load %in[%c0, %c0] : memref<32x32xf32> -> !tile.tile<32x32xf32, vec>
  %acc0 = tile.create : !tile.tile<32x32xf32, vec>
  %res = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %acc0) -> (!tile.tile<32x32xf32, vec>) {
    %n = tile.add %acc, %x : (!tile.tile<32x32xf32, vec>, !tile.tile<32x32xf32, vec>) -> !tile.tile<32x32xf32, vec>
    scf.yield %n : !tile.tile<32x32xf32, vec>
  }
  %v = tile.load %vin[%c0, %c0] : memref<32x1xf32> -> !tile.tile<32x1xf32, vec>
  %s = tile.row_expand_sub %res, %v : (!tile.tile<32x32xf32, vec>, !tile.tile<32x1xf32, vec>) -> !tile.tile<32x32xf32, vec>
  tile.store %s, %out[%c0, %c0] : !tile.tile<32x32xf32, vec>, memref<32x32xf32>
  func.return
}

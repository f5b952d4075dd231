// RUN: xdsl-opt -p init-memref %s | filecheck %s

// %v5 is a reshape (a view) of %v4, and both start a carry of the same loop.
// Each carry needs a buffer of its own: the second init is copied.
// CHECK-LABEL: func.func @two_views
// CHECK:         %v5 = tile.reshape %v4 : {{.*}} -> !tile.tile<16x8xf32, vec, memref = <@mem_vec_1, offset = 0, size = 512>>
// CHECK-NEXT:    %[[CP:[0-9]+]] = tile.move %v4 : {{.*}} -> !tile.tile<8x16xf32, vec, memref = <@mem_vec_2, offset = 0, size = 512>>
// CHECK-NEXT:    %r, %r_1 = scf.for %i = %c0 to %c2 step %c1 iter_args(%a = %v5, %b = %[[CP]]) -> (!tile.tile<16x8xf32, vec, memref = <@mem_vec_1, offset = 0, size = 512>>, !tile.tile<8x16xf32, vec, memref = <@mem_vec_2, offset = 0, size = 512>>) {
func.func @two_views(%in: memref<8x16xf32>, %o1: memref<16x8xf32>, %o2: memref<8x16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %v2 = tile.load %in[%c0, %c0] : memref<8x16xf32> -> !tile.tile<8x16xf32, vec>
  %v4 = tile.exp %v2 : (!tile.tile<8x16xf32, vec>) -> !tile.tile<8x16xf32, vec>
  %v5 = tile.reshape %v4 : (!tile.tile<8x16xf32, vec>) -> !tile.tile<16x8xf32, vec>
  %r:2 = scf.for %i = %c0 to %c2 step %c1 iter_args(%a = %v5, %b = %v4) -> (!tile.tile<16x8xf32, vec>, !tile.tile<8x16xf32, vec>) {
    %n = tile.neg %b : (!tile.tile<8x16xf32, vec>) -> !tile.tile<8x16xf32, vec>
    scf.yield %a, %n : !tile.tile<16x8xf32, vec>, !tile.tile<8x16xf32, vec>
  }
  tile.store %r#0, %o1[%c0, %c0] : !tile.tile<16x8xf32, vec>, memref<16x8xf32>
  tile.store %r#1, %o2[%c0, %c0] : !tile.tile<8x16xf32, vec>, memref<8x16xf32>
  func.return
}

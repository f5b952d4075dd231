// RUN: xdsl-opt -p init-memref %s | filecheck %s

// Regression (fixed): init-memref copies a loop's init value only when *that SSA value* is
// read again at/after the loop. A view sharing its buffer is not considered,
// so the loop overwrites bytes that are still read after it:
// * @reshape_alias: %v (a reshape of %x, made before the loop) is stored
//   after the loop, which has exp'ed %x's buffer in place four times;
// * @slice_init: the carry is a slice of %x, and %x is stored after the loop
//   with its first 16 rows overwritten.
// (The end-to-end result after pto-plan-memory is the same single buffer.)
// Any value on the init's root that is read at or after the loop must force
// the copy, exactly as a direct read of the init does (see loops.mlir,
// @init_used_after).

// CHECK-LABEL: func.func @reshape_alias
// CHECK:         %x = tile.load {{.*}} memref = <@mem_vec_0, offset = 0, size = 4096>>
// CHECK-NEXT:    %v = tile.reshape %x : {{.*}} memref = <@mem_vec_0, offset = 0, size = 4096>>
// CHECK-NEXT:    %[[CP:[0-9]+]] = tile.move %x : {{.*}} -> !tile.tile<32x32xf32, vec, memref = <@mem_vec_1, offset = 0, size = 4096>>
// CHECK-NEXT:    %r = scf.for {{.*}} iter_args(%acc = %[[CP]]) -> (!tile.tile<32x32xf32, vec, memref = <@mem_vec_1, offset = 0, size = 4096>>) {
// CHECK:         tile.store %v, {{.*}} : !tile.tile<16x64xf32, vec, memref = <@mem_vec_0, offset = 0, size = 4096>>, memref<16x64xf32>
func.func @reshape_alias(%in: memref<32x32xf32>, %out: memref<32x32xf32>, %out2: memref<16x64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %x = tile.load %in[%c0, %c0] : memref<32x32xf32> -> !tile.tile<32x32xf32, vec>
  %v = tile.reshape %x : (!tile.tile<32x32xf32, vec>) -> !tile.tile<16x64xf32, vec>
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %x) -> (!tile.tile<32x32xf32, vec>) {
    %n = tile.exp %acc : (!tile.tile<32x32xf32, vec>) -> !tile.tile<32x32xf32, vec>
    scf.yield %n : !tile.tile<32x32xf32, vec>
  }
  tile.store %r, %out[%c0, %c0] : !tile.tile<32x32xf32, vec>, memref<32x32xf32>
  tile.store %v, %out2[%c0, %c0] : !tile.tile<16x64xf32, vec>, memref<16x64xf32>
  func.return
}

// CHECK-LABEL: func.func @slice_init
// CHECK:         %s = tile.slice %x, {{.*}} memref = <@mem_vec_0, offset = 0, size = 2048>>
// CHECK-NEXT:    %[[CP:[0-9]+]] = tile.move %s : {{.*}} -> !tile.tile<16x32xf32, vec, memref = <@mem_vec_1, offset = 0, size = 2048>>
// CHECK-NEXT:    %r = scf.for {{.*}} iter_args(%acc = %[[CP]]) -> (!tile.tile<16x32xf32, vec, memref = <@mem_vec_1, offset = 0, size = 2048>>) {
// CHECK:         tile.store %x, {{.*}} : !tile.tile<32x32xf32, vec, memref = <@mem_vec_0, offset = 0, size = 4096>>, memref<32x32xf32>
func.func @slice_init(%in: memref<32x32xf32>, %out: memref<32x32xf32>, %out2: memref<16x32xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %x = tile.load %in[%c0, %c0] : memref<32x32xf32> -> !tile.tile<32x32xf32, vec>
  %s = tile.slice %x, %c0, %c0 : (!tile.tile<32x32xf32, vec>, index, index) -> !tile.tile<16x32xf32, vec>
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %s) -> (!tile.tile<16x32xf32, vec>) {
    %n = tile.exp %acc : (!tile.tile<16x32xf32, vec>) -> !tile.tile<16x32xf32, vec>
    scf.yield %n : !tile.tile<16x32xf32, vec>
  }
  tile.store %r, %out2[%c0, %c0] : !tile.tile<16x32xf32, vec>, memref<16x32xf32>
  tile.store %x, %out[%c0, %c0] : !tile.tile<32x32xf32, vec>, memref<32x32xf32>
  func.return
}

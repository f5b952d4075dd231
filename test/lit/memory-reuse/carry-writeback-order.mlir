// RUN: xdsl-opt -p init-memref,materialize-semantic-aliases,memory-reuse %s | filecheck %s

// Regression (fixed): the carry writebacks of one scf.yield are emitted in iter_arg order,
// but scf.yield rebinds every carry at once (seed 002, MemoryReuse step 7,
// "Yield fixup", #2481): a copy that reads a buffer another copy writes must
// run first, and a swap needs a scratch copy. Today both kernels below are
// miscompiled:
// * @shift (lag2 = lag1; lag1 = v): `move %v -> @mem_vec_0` runs before
//   `move %lag1 -> @mem_vec_1`, which then reads the *new* lag1: lag2 == lag1
//   after every iteration;
// * @swap (a, b = b, a): `move %b -> @mem_vec_0` overwrites a before
//   `move %a -> @mem_vec_1` reads it: both carries end up equal to b.

// Shift register: lag2's writeback (reading @mem_vec_0) must come before
// anything in the body writes @mem_vec_0.
// CHECK-LABEL: func.func @shift
// CHECK:         scf.for {{.*}} {
// CHECK-NOT:       -> !tile.tile<32x32xf32, vec, memref = <@mem_vec_0,
// CHECK:           tile.move %lag1 {carry} : (!tile.tile<32x32xf32, vec, memref = <@mem_vec_0, offset = 0, size = 4096>>) -> !tile.tile<32x32xf32, vec, memref = <@mem_vec_1, offset = 0, size = 4096>>
// CHECK:           scf.yield
func.func @shift(%in: memref<32x32xf32>, %out: memref<32x32xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %x0 = tile.load %in[%c0, %c0] : memref<32x32xf32> -> !tile.tile<32x32xf32, vec>
  %y0 = tile.load %in[%c0, %c0] : memref<32x32xf32> -> !tile.tile<32x32xf32, vec>
  %r:2 = scf.for %i = %c0 to %c4 step %c1 iter_args(%lag1 = %x0, %lag2 = %y0) -> (!tile.tile<32x32xf32, vec>, !tile.tile<32x32xf32, vec>) {
    %v = tile.load %in[%c0, %c0] : memref<32x32xf32> -> !tile.tile<32x32xf32, vec>
    scf.yield %v, %lag1 : !tile.tile<32x32xf32, vec>, !tile.tile<32x32xf32, vec>
  }
  tile.store %r#0, %out[%c0, %c0] : !tile.tile<32x32xf32, vec>, memref<32x32xf32>
  tile.store %r#1, %out[%c0, %c0] : !tile.tile<32x32xf32, vec>, memref<32x32xf32>
  func.return
}

// Swap: no order works; one member is first copied into a fresh scratch
// buffer (a third Vec root), and its writeback reads the scratch.
// CHECK-LABEL: func.func @swap
// CHECK-COUNT-3: tile.alloc @mem_vec_{{[0-9]+}} in vec size 4096
// CHECK-NOT:     tile.alloc
// CHECK:         scf.for
// CHECK-NEXT:      %[[S:[0-9]+]] = tile.move %{{a|b}}{{( \{carry\})?}} : {{.*}} -> !tile.tile<32x32xf32, vec, memref = <@mem_vec_{{[2-9]|[1-9][0-9]+}}, offset = 0, size = 4096>>
// CHECK-NEXT:      tile.move %{{a|b}} {carry}
// CHECK-NEXT:      tile.move %[[S]] {carry}
// CHECK-NEXT:      scf.yield
func.func @swap(%in: memref<32x32xf32>, %out: memref<32x32xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %x0 = tile.load %in[%c0, %c0] : memref<32x32xf32> -> !tile.tile<32x32xf32, vec>
  %y0 = tile.load %in[%c0, %c0] : memref<32x32xf32> -> !tile.tile<32x32xf32, vec>
  %r:2 = scf.for %i = %c0 to %c4 step %c1 iter_args(%a = %x0, %b = %y0) -> (!tile.tile<32x32xf32, vec>, !tile.tile<32x32xf32, vec>) {
    scf.yield %b, %a : !tile.tile<32x32xf32, vec>, !tile.tile<32x32xf32, vec>
  }
  tile.store %r#0, %out[%c0, %c0] : !tile.tile<32x32xf32, vec>, memref<32x32xf32>
  tile.store %r#1, %out[%c0, %c0] : !tile.tile<32x32xf32, vec>, memref<32x32xf32>
  func.return
}

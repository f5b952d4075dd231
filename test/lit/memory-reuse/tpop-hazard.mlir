// RUN: xdsl-opt -p 'init-memref,materialize-semantic-aliases,memory-reuse{backend=a3}' %s | filecheck %s --check-prefixes=CHECK,A3
// RUN: xdsl-opt -p 'init-memref,materialize-semantic-aliases,memory-reuse{backend=a5}' %s | filecheck %s --check-prefixes=CHECK,A5

// Ascend910 load + tpop_from_aic hazard (seed 002): in a vector kernel with a
// split mode (tile.split_mode), on A2/A3, an op that reads both a tpop value
// and a load-derived tile must not write its result in place over that
// tile. A5 (and an unsplit kernel) keep the legacy sharing. The tpop result
// lives in pipe storage: no MemRef, no tile.alloc.

// Direct: %l dies at the add.
// CHECK-LABEL: func.func @direct
// CHECK:         %p = tile.tpop_from_aic {split = 1 : i64} : !tile.tile<64x64xf32, vec>{{$}}
// A3-NEXT:       %w = tile.add {{.*}} -> !tile.tile<64x64xf32, vec, memref = <@mem_vec_1, offset = 0, size = 16384>>
// A5-NEXT:       %w = tile.add {{.*}} -> !tile.tile<64x64xf32, vec, memref = <@mem_vec_0, offset = 0, size = 16384>>

// Through a view: the add reads a reshape of the load.
// CHECK-LABEL: func.func @through_view
// A3:            %w = tile.mul {{.*}} -> !tile.tile<32x128xf32, vec, memref = <@mem_vec_1, offset = 0, size = 16384>>
// A5:            %w = tile.mul {{.*}} -> !tile.tile<32x128xf32, vec, memref = <@mem_vec_0, offset = 0, size = 16384>>

// Through a loop carry, the producer after the use: %carry holds the tpop
// value from the second iteration on, though the tpop comes after the add.
// CHECK-LABEL: func.func @through_carry
// CHECK:         %l = tile.load {{.*}} -> !tile.tile<64x64xf32, vec, memref = <@mem_vec_1, offset = 0, size = 16384>>
// A3-NEXT:       %w = tile.add {{.*}} -> !tile.tile<64x64xf32, vec, memref = <@mem_vec_2, offset = 0, size = 16384>>
// A5-NEXT:       %w = tile.add {{.*}} -> !tile.tile<64x64xf32, vec, memref = <@mem_vec_1, offset = 0, size = 16384>>
// CHECK:         %[[MV:.+]] = tile.move %p {carry} : (!tile.tile<64x64xf32, vec>) -> !tile.tile<64x64xf32, vec, memref = <@mem_vec_0, offset = 0, size = 16384>>
// CHECK-NEXT:    scf.yield %[[MV]]

// No split mode: the guard is off on every target.
// CHECK-LABEL: func.func @not_split
// CHECK:         %w = tile.add {{.*}} -> !tile.tile<64x64xf32, vec, memref = <@mem_vec_0, offset = 0, size = 16384>>

// The writer may still reuse a buffer that is not load-derived.
// CHECK-LABEL: func.func @non_load_buffer
// CHECK:         %w = tile.add {{.*}} -> !tile.tile<64x64xf32, vec, memref = <@mem_vec_0, offset = 0, size = 16384>>

func.func @direct(%in: memref<64x64xf32>, %out: memref<64x64xf32>) attributes {tile.split_mode = 1 : i64} {
  %pipe = arith.constant 0 : i32
  tile.aiv_initialize_pipe %pipe, %pipe {dir_mask = 3 : i64, slot_size = 16384 : i64}
  %c0 = arith.constant 0 : index
  %l = tile.load %in[%c0, %c0] : memref<64x64xf32> -> !tile.tile<64x64xf32, vec>
  %p = tile.tpop_from_aic {split = 1 : i64} : !tile.tile<64x64xf32, vec>
  %w = tile.add %l, %p : (!tile.tile<64x64xf32, vec>, !tile.tile<64x64xf32, vec>) -> !tile.tile<64x64xf32, vec>
  tile.store %w, %out[%c0, %c0] : !tile.tile<64x64xf32, vec>, memref<64x64xf32>
  func.return
}
func.func @through_view(%in: memref<64x64xf32>, %out: memref<32x128xf32>) attributes {tile.split_mode = 1 : i64} {
  %pipe = arith.constant 0 : i32
  tile.aiv_initialize_pipe %pipe, %pipe {dir_mask = 3 : i64, slot_size = 16384 : i64}
  %c0 = arith.constant 0 : index
  %l = tile.load %in[%c0, %c0] : memref<64x64xf32> -> !tile.tile<64x64xf32, vec>
  %v = tile.reshape %l : (!tile.tile<64x64xf32, vec>) -> !tile.tile<32x128xf32, vec>
  %p = tile.tpop_from_aic {split = 1 : i64} : !tile.tile<32x128xf32, vec>
  %w = tile.mul %v, %p : (!tile.tile<32x128xf32, vec>, !tile.tile<32x128xf32, vec>) -> !tile.tile<32x128xf32, vec>
  tile.store %w, %out[%c0, %c0] : !tile.tile<32x128xf32, vec>, memref<32x128xf32>
  func.return
}
func.func @through_carry(%in: memref<64x64xf32>, %out: memref<64x64xf32>) attributes {tile.split_mode = 1 : i64} {
  %pipe = arith.constant 0 : i32
  tile.aiv_initialize_pipe %pipe, %pipe {dir_mask = 3 : i64, slot_size = 16384 : i64}
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %zero = arith.constant 0.0 : f32
  %init = tile.full %zero : (f32) -> !tile.tile<64x64xf32, vec>
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%carry = %init) -> (!tile.tile<64x64xf32, vec>) {
    %l = tile.load %in[%c0, %c0] : memref<64x64xf32> -> !tile.tile<64x64xf32, vec>
    %w = tile.add %l, %carry : (!tile.tile<64x64xf32, vec>, !tile.tile<64x64xf32, vec>) -> !tile.tile<64x64xf32, vec>
    tile.store %w, %out[%c0, %c0] : !tile.tile<64x64xf32, vec>, memref<64x64xf32>
    %p = tile.tpop_from_aic {split = 1 : i64} : !tile.tile<64x64xf32, vec>
    scf.yield %p : !tile.tile<64x64xf32, vec>
  }
  func.return
}
func.func @not_split(%in: memref<64x64xf32>, %out: memref<64x64xf32>) {
  %pipe = arith.constant 0 : i32
  tile.aiv_initialize_pipe %pipe, %pipe {dir_mask = 3 : i64, slot_size = 16384 : i64}
  %c0 = arith.constant 0 : index
  %l = tile.load %in[%c0, %c0] : memref<64x64xf32> -> !tile.tile<64x64xf32, vec>
  %p = tile.tpop_from_aic {split = 0 : i64} : !tile.tile<64x64xf32, vec>
  %w = tile.add %l, %p : (!tile.tile<64x64xf32, vec>, !tile.tile<64x64xf32, vec>) -> !tile.tile<64x64xf32, vec>
  tile.store %w, %out[%c0, %c0] : !tile.tile<64x64xf32, vec>, memref<64x64xf32>
  func.return
}
func.func @non_load_buffer(%out: memref<64x64xf32>) attributes {tile.split_mode = 2 : i64} {
  %pipe = arith.constant 0 : i32
  tile.aiv_initialize_pipe %pipe, %pipe {dir_mask = 3 : i64, slot_size = 16384 : i64}
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  %f = tile.full %one : (f32) -> !tile.tile<64x64xf32, vec>
  %p = tile.tpop_from_aic {split = 2 : i64} : !tile.tile<64x64xf32, vec>
  %w = tile.add %f, %p : (!tile.tile<64x64xf32, vec>, !tile.tile<64x64xf32, vec>) -> !tile.tile<64x64xf32, vec>
  tile.store %w, %out[%c0, %c0] : !tile.tile<64x64xf32, vec>, memref<64x64xf32>
  func.return
}

// A tpop with a split code splits the kernel even without tile.split_mode
// (found by a fresh-user breaker: the guard looked at the attribute only).
// CHECK-LABEL: func.func @split_from_tpop
// A3:            %w = tile.add {{.*}} -> !tile.tile<64x64xf32, vec, memref = <@mem_vec_1, offset = 0, size = 16384>>
// A5:            %w = tile.add {{.*}} -> !tile.tile<64x64xf32, vec, memref = <@mem_vec_0, offset = 0, size = 16384>>
func.func @split_from_tpop(%in: memref<64x64xf32>, %out: memref<64x64xf32>) {
  %pipe = arith.constant 0 : i32
  tile.aiv_initialize_pipe %pipe, %pipe {dir_mask = 3 : i64, slot_size = 16384 : i64}
  %c0 = arith.constant 0 : index
  %l = tile.load %in[%c0, %c0] : memref<64x64xf32> -> !tile.tile<64x64xf32, vec>
  %p = tile.tpop_from_aic {split = 2 : i64} : !tile.tile<64x64xf32, vec>
  %w = tile.add %l, %p : (!tile.tile<64x64xf32, vec>, !tile.tile<64x64xf32, vec>) -> !tile.tile<64x64xf32, vec>
  tile.store %w, %out[%c0, %c0] : !tile.tile<64x64xf32, vec>, memref<64x64xf32>
  func.return
}

// RUN: xdsl-opt -p 'init-memref,materialize-semantic-aliases,memory-reuse{backend=a3}' %s | filecheck %s
// RUN: xdsl-opt -p 'init-memref,materialize-semantic-aliases,memory-reuse{backend=a5}' %s | filecheck %s

// Written-workspace hazard (seed 002, "被写工作区危害"), on every target: the
// tmp of tile.sels is a workspace the op writes (on A2/A3 on the scalar
// pipe), unordered against vector reads still in flight on its bytes.

// A select-built clamp (subs, cmps, then sels): the compare source %d dies at
// the cmps, so without the guard the workspace %t -- defined after it --
// would take %d's buffer (@mem_vec_1). It gets a buffer of its own; the
// later %y may still take %d's.
// CHECK-LABEL: func.func @clamp
// CHECK:         %d = tile.subs {{.*}} -> !tile.tile<64x64xf32, vec, memref = <@mem_vec_1, offset = 0, size = 16384>>
// CHECK:         %t = tile.create : !tile.tile<64x64xf32, vec, memref = <@mem_vec_3, offset = 0, size = 16384>>
// CHECK-NEXT:    %y = tile.sels {{.*}} -> !tile.tile<64x64xf32, vec, memref = <@mem_vec_1, offset = 0, size = 16384>>
func.func @clamp(%in: memref<64x64xf32>, %out: memref<64x64xf32>, %raw: memref<64x64xf32>) {
  %c0 = arith.constant 0 : index
  %hi = arith.constant 6.0 : f32
  %zero = arith.constant 0.0 : f32
  %x = tile.load %in[%c0, %c0] : memref<64x64xf32> -> !tile.tile<64x64xf32, vec>
  %d = tile.subs %x, %hi : (!tile.tile<64x64xf32, vec>, f32) -> !tile.tile<64x64xf32, vec>
  %m = tile.cmps %d, %zero {cmp_mode = "gt"} : (!tile.tile<64x64xf32, vec>, f32) -> !tile.tile<64x64xi8, vec>
  %t = tile.create : !tile.tile<64x64xf32, vec>
  %y = tile.sels %m, %x, %t, %hi : (!tile.tile<64x64xi8, vec>, !tile.tile<64x64xf32, vec>, !tile.tile<64x64xf32, vec>, f32) -> !tile.tile<64x64xf32, vec>
  tile.store %y, %out[%c0, %c0] : !tile.tile<64x64xf32, vec>, memref<64x64xf32>
  tile.store %x, %raw[%c0, %c0] : !tile.tile<64x64xf32, vec>, memref<64x64xf32>
  func.return
}

// The guard is directional in straight-line code: a value defined after the
// workspace -- here the sels result itself, which can go nowhere else (%x is
// still read, the mask is forbidden) -- may join the workspace's buffer.
// CHECK-LABEL: func.func @dst_on_workspace
// CHECK:         %t = tile.create : !tile.tile<64x64xf32, vec, memref = <@mem_vec_2, offset = 0, size = 16384>>
// CHECK-NEXT:    %y = tile.sels {{.*}} -> !tile.tile<64x64xf32, vec, memref = <@mem_vec_2, offset = 0, size = 16384>>

// Inside a loop the next iteration's write races this iteration's reads, so
// the workspace's buffer is exclusive in both directions: the same %y now
// needs a fourth buffer.
// CHECK-LABEL: func.func @workspace_in_loop
// CHECK:         %t = tile.create : !tile.tile<64x64xf32, vec, memref = <@mem_vec_2, offset = 0, size = 16384>>
// CHECK-NEXT:    %y = tile.sels {{.*}} -> !tile.tile<64x64xf32, vec, memref = <@mem_vec_3, offset = 0, size = 16384>>
func.func @dst_on_workspace(%in: memref<64x64xf32>, %out: memref<64x64xf32>, %raw: memref<64x64xf32>) {
  %c0 = arith.constant 0 : index
  %hi = arith.constant 6.0 : f32
  %x = tile.load %in[%c0, %c0] : memref<64x64xf32> -> !tile.tile<64x64xf32, vec>
  %m = tile.cmps %x, %hi {cmp_mode = "gt"} : (!tile.tile<64x64xf32, vec>, f32) -> !tile.tile<64x64xi8, vec>
  %t = tile.create : !tile.tile<64x64xf32, vec>
  %y = tile.sels %m, %x, %t, %hi : (!tile.tile<64x64xi8, vec>, !tile.tile<64x64xf32, vec>, !tile.tile<64x64xf32, vec>, f32) -> !tile.tile<64x64xf32, vec>
  tile.store %y, %out[%c0, %c0] : !tile.tile<64x64xf32, vec>, memref<64x64xf32>
  tile.store %x, %raw[%c0, %c0] : !tile.tile<64x64xf32, vec>, memref<64x64xf32>
  func.return
}
func.func @workspace_in_loop(%in: memref<64x64xf32>, %out: memref<64x64xf32>, %raw: memref<64x64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %hi = arith.constant 6.0 : f32
  scf.for %i = %c0 to %c4 step %c1 {
    %x = tile.load %in[%c0, %c0] : memref<64x64xf32> -> !tile.tile<64x64xf32, vec>
    %m = tile.cmps %x, %hi {cmp_mode = "gt"} : (!tile.tile<64x64xf32, vec>, f32) -> !tile.tile<64x64xi8, vec>
    %t = tile.create : !tile.tile<64x64xf32, vec>
    %y = tile.sels %m, %x, %t, %hi : (!tile.tile<64x64xi8, vec>, !tile.tile<64x64xf32, vec>, !tile.tile<64x64xf32, vec>, f32) -> !tile.tile<64x64xf32, vec>
    tile.store %y, %out[%c0, %c0] : !tile.tile<64x64xf32, vec>, memref<64x64xf32>
    tile.store %x, %raw[%c0, %c0] : !tile.tile<64x64xf32, vec>, memref<64x64xf32>
  }
  func.return
}

// The bound is inclusive: a workspace computed by an op that last reads %d
// (an in-place candidate) still may not take %d's bytes; %y, later, may.
// CHECK-LABEL: func.func @workspace_in_place
// CHECK:         %d = tile.load {{.*}} -> !tile.tile<64x64xf32, vec, memref = <@mem_vec_1, offset = 0, size = 16384>>
// CHECK:         %t = tile.adds %d, %hi : {{.*}} -> !tile.tile<64x64xf32, vec, memref = <@mem_vec_3, offset = 0, size = 16384>>
// CHECK-NEXT:    %y = tile.sels {{.*}} -> !tile.tile<64x64xf32, vec, memref = <@mem_vec_1, offset = 0, size = 16384>>
func.func @workspace_in_place(%in: memref<64x64xf32>, %out: memref<64x64xf32>, %raw: memref<64x64xf32>) {
  %c0 = arith.constant 0 : index
  %hi = arith.constant 6.0 : f32
  %x = tile.load %in[%c0, %c0] : memref<64x64xf32> -> !tile.tile<64x64xf32, vec>
  %d = tile.load %in[%c0, %c0] : memref<64x64xf32> -> !tile.tile<64x64xf32, vec>
  %m = tile.cmps %x, %hi {cmp_mode = "gt"} : (!tile.tile<64x64xf32, vec>, f32) -> !tile.tile<64x64xi8, vec>
  %t = tile.adds %d, %hi : (!tile.tile<64x64xf32, vec>, f32) -> !tile.tile<64x64xf32, vec>
  %y = tile.sels %m, %x, %t, %hi : (!tile.tile<64x64xi8, vec>, !tile.tile<64x64xf32, vec>, !tile.tile<64x64xf32, vec>, f32) -> !tile.tile<64x64xf32, vec>
  tile.store %y, %out[%c0, %c0] : !tile.tile<64x64xf32, vec>, memref<64x64xf32>
  tile.store %x, %raw[%c0, %c0] : !tile.tile<64x64xf32, vec>, memref<64x64xf32>
  func.return
}

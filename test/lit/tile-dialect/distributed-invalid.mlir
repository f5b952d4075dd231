// RUN: xdsl-opt --split-input-file --verify-diagnostics %s | filecheck %s

// The cross-rank ops (issue 24): a signal is one i32 element of an i32
// tensor; a notify adds or sets; a remote load writes Vec.

func.func @notify_f32(%s: memref<4x1xf32>, %v: i32) {
  %c0 = arith.constant 0 : index
  // CHECK: distributed-invalid.mlir:[[# @LINE + 1]]:3: error: 'tile.notify' op the signal must be an i32 GM tensor, got memref<4x1xf32>
  tile.notify %s[%c0, %c0] to %c0, %v {op = "atomic_add"} : memref<4x1xf32>, i32
  func.return
}

// -----

func.func @notify_max(%s: memref<4x1xi32>, %v: i32) {
  %c0 = arith.constant 0 : index
  // CHECK: distributed-invalid.mlir:[[# @LINE + 1]]:3: error: 'tile.notify' op op must be one of atomic_add, set, got 'max'
  tile.notify %s[%c0, %c0] to %c0, %v {op = "max"} : memref<4x1xi32>, i32
  func.return
}

// -----

func.func @wait_rank(%s: memref<4x1xi32>, %v: i32) {
  %c0 = arith.constant 0 : index
  // CHECK: distributed-invalid.mlir:[[# @LINE + 1]]:3: error: 'tile.wait' op expected 2 offsets for a rank-2 signal, got 1
  tile.wait %s[%c0], %v {cmp = "ge"} : memref<4x1xi32>, i32
  func.return
}

// -----

func.func @remote_mat(%d: memref<1x128xf32>) {
  %c0 = arith.constant 0 : index
  // CHECK: distributed-invalid.mlir:[[# @LINE + 1]]:8: error: 'tile.remote_load' op a remote load writes vec, got mat
  %t = tile.remote_load %d[%c0, %c0] from %c0 : memref<1x128xf32> -> !tile.tile<1x128xf32, mat>
  func.return
}

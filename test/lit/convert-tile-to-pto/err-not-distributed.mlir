// RUN: xdsl-opt -p 'pto-plan-memory{backend=a3},convert-tile-to-pto' --split-input-file --verify-diagnostics %s | filecheck %s

// A cross-rank op on a GM tensor that is no tile.distributed argument: its
// peers' copies have no communication context to reach them by.

func.func @notify(%flags: memref<2x1xi32>, %peer: index) {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1 : i32
  tile.notify %flags[%c0, %c0] to %peer, %one {op = "atomic_add"} : memref<2x1xi32>, i32
// CHECK: err-not-distributed.mlir:[[# @LINE - 1]]:3: error: convert-tile-to-pto: tile.notify on a tensor that is no distributed tensor argument of the kernel (an argument marked tile.distributed: pld.DistributedTensor); ranks reach each other's copies through the communication context only such a tensor has
  func.return
}

// -----

func.func @wait(%flags: memref<2x1xi32>, %peer: index) {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1 : i32
  tile.wait %flags[%peer, %c0], %one {cmp = "ge"} : memref<2x1xi32>, i32
// CHECK: err-not-distributed.mlir:[[# @LINE - 1]]:3: error: convert-tile-to-pto: tile.wait on a tensor that is no distributed tensor argument of the kernel (an argument marked tile.distributed: pld.DistributedTensor); ranks reach each other's copies through the communication context only such a tensor has
  func.return
}

// -----

// Another argument is distributed; the loaded one is not.
func.func @remote_load(%d: memref<1x64xf32> {tile.distributed}, %a: memref<1x64xf32>, %o: memref<1x64xf32>, %peer: index) {
  %c0 = arith.constant 0 : index
  %r = tile.remote_load %a[%c0, %c0] from %peer : memref<1x64xf32> -> !tile.tile<1x64xf32, vec>
// CHECK: err-not-distributed.mlir:[[# @LINE - 1]]:8: error: convert-tile-to-pto: tile.remote_load on a tensor that is no distributed tensor argument of the kernel (an argument marked tile.distributed: pld.DistributedTensor); ranks reach each other's copies through the communication context only such a tensor has
  tile.store %r, %o[%c0, %c0] : !tile.tile<1x64xf32, vec>, memref<1x64xf32>
  func.return
}

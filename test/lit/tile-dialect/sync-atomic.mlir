// RUN: xdsl-opt %s | filecheck %s
// RUN: xdsl-opt %s | xdsl-opt | filecheck %s

// The cross-core barrier and the atomic-add store (issue 24) print back as
// written: tile.syncall with its core_type, tile.store with {atomic = "add"}
// among its attributes.

// CHECK:      tile.syncall {core_type = "mix"}
// CHECK-NEXT: tile.store %x, %o[%c0, %c0] {atomic = "add"} : !tile.tile<16x64xf32, vec>, memref<16x64xf32>
// CHECK-NEXT: tile.syncall {core_type = "aic_only"}
func.func @k(%a: memref<16x64xf32>, %o: memref<16x64xf32>) {
  %c0 = arith.constant 0 : index
  %x = tile.load %a[%c0, %c0] : memref<16x64xf32> -> !tile.tile<16x64xf32, vec>
  tile.syncall {core_type = "mix"}
  tile.store %x, %o[%c0, %c0] {atomic = "add"} : !tile.tile<16x64xf32, vec>, memref<16x64xf32>
  tile.syncall {core_type = "aic_only"}
  func.return
}

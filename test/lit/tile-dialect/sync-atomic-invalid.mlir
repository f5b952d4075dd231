// RUN: xdsl-opt --split-input-file --verify-diagnostics %s | filecheck %s

// The barrier names the cores it waits for; a store adds or overwrites.

func.func @core_type() {
  // CHECK: sync-atomic-invalid.mlir:[[# @LINE + 1]]:3: error: 'tile.syncall' op core_type must be one of mix, aiv_only, aic_only, got 'all'
  tile.syncall {core_type = "all"}
  func.return
}

// -----

func.func @atomic_max(%a: memref<16x64xf32>, %o: memref<16x64xf32>) {
  %c0 = arith.constant 0 : index
  %x = tile.load %a[%c0, %c0] : memref<16x64xf32> -> !tile.tile<16x64xf32, vec>
  // CHECK: sync-atomic-invalid.mlir:[[# @LINE + 1]]:3: error: 'tile.store' op atomic must be one of 'add', got 'max'
  tile.store %x, %o[%c0, %c0] {atomic = "max"} : !tile.tile<16x64xf32, vec>, memref<16x64xf32>
  func.return
}

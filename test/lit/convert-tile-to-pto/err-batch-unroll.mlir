// RUN: xdsl-opt -p 'pto-plan-memory{backend=a3},convert-tile-to-pto' --split-input-file --verify-diagnostics %s | filecheck %s

// What the per-batch unrolling of rank-3 tiles (lowering/batch_unroll.py)
// refuses, located.

// A loop carrying a rank-3 accumulator: the slabs are not carried.
func.func @carried(%a: memref<2x16x32xf16>, %b: memref<32x16xf16>, %c: memref<2x16x16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %am = tile.load %a[%c0, %c0, %c0] : memref<2x16x32xf16> -> !tile.tile<2x16x32xf16, mat>
  %bm = tile.load %b[%c0, %c0] : memref<32x16xf16> -> !tile.tile<32x16xf16, mat>
  %l = tile.move %am : (!tile.tile<2x16x32xf16, mat>) -> !tile.tile<2x16x32xf16, left>
  %r = tile.move %bm : (!tile.tile<32x16xf16, mat>) -> !tile.tile<32x16xf16, right>
  %acc0 = tile.batch_matmul %l, %r : (!tile.tile<2x16x32xf16, left>, !tile.tile<32x16xf16, right>) -> !tile.tile<2x16x16xf32, acc>
  %res = scf.for %k = %c1 to %c4 step %c1 iter_args(%acc = %acc0) -> (!tile.tile<2x16x16xf32, acc>) {
// CHECK: err-batch-unroll.mlir:[[# @LINE - 1]]:10: error: convert-tile-to-pto: %acc0 is a rank-3 tile used by scf.for; the per-batch unrolling (FlattenTileNdTo2D) unrolls the ops that take rank-3 tiles (loads, moves, stores, creates, batched matmuls), not a loop or if carrying one -- carry the 2-D tiles of each batch
    %n = tile.batch_matmul_acc %acc, %l, %r : (!tile.tile<2x16x16xf32, acc>, !tile.tile<2x16x32xf16, left>, !tile.tile<32x16xf16, right>) -> !tile.tile<2x16x16xf32, acc>
    scf.yield %n : !tile.tile<2x16x16xf32, acc>
  }
  tile.store %res, %c[%c0, %c0, %c0] : !tile.tile<2x16x16xf32, acc>, memref<2x16x16xf32>
  func.return
}

// -----

// An Acc slab of 8 rows: a3 pads an L0C tile's rows to 16, so the 2-D
// slab takes 1024 bytes where the batched tile has 512 for it.
func.func @padded(%a: memref<2x8x32xf16>, %b: memref<32x16xf16>, %c: memref<2x8x16xf32>) {
  %c0 = arith.constant 0 : index
  %am = tile.load %a[%c0, %c0, %c0] : memref<2x8x32xf16> -> !tile.tile<2x8x32xf16, mat>
  %bm = tile.load %b[%c0, %c0] : memref<32x16xf16> -> !tile.tile<32x16xf16, mat>
  %l = tile.move %am : (!tile.tile<2x8x32xf16, mat>) -> !tile.tile<2x8x32xf16, left>
  %r = tile.move %bm : (!tile.tile<32x16xf16, mat>) -> !tile.tile<32x16xf16, right>
  %acc = tile.batch_matmul %l, %r : (!tile.tile<2x8x32xf16, left>, !tile.tile<32x16xf16, right>) -> !tile.tile<2x8x16xf32, acc>
// CHECK: err-batch-unroll.mlir:[[# @LINE - 1]]:10: error: convert-tile-to-pto: %acc's 2-D slab [8, 16] takes 1024 bytes of acc on a3 (its rows padded) but 512 in the batched tile; the next batch would start inside the padding -- pad the rows of a batched accumulator to the target's row alignment
  tile.store %acc, %c[%c0, %c0, %c0] : !tile.tile<2x8x16xf32, acc>, memref<2x8x16xf32>
  func.return
}

// RUN: not xdsl-opt -p pto-plan-memory %s 2>&1 | filecheck %s

// The peeled split-K idiom, but the old accumulator %acc is read again after
// the if. Neither arm may then overwrite it: the continuation arm's in-place
// matmul_acc is refused first (an Acc value cannot be copied aside).
// CHECK: {{.*}}err-peel-post-if-read.mlir:[[# @LINE + 16]]:12: error: init-memref: tile.matmul_acc overwrites the acc buffer of %acc (it updates it in place), but that value is still read afterwards and no acc->acc copy exists; stop reading it after this op, or start from a fresh tile
func.func @peel_read_after(%a: memref<32x32xf16>, %c: memref<32x32xf32>, %old: memref<32x32xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %f = arith.constant false
  %m = tile.load %a[%c0, %c0] : memref<32x32xf16> -> !tile.tile<32x32xf16, mat>
  %l = tile.move %m : (!tile.tile<32x32xf16, mat>) -> !tile.tile<32x32xf16, left>
  %r = tile.move %m : (!tile.tile<32x32xf16, mat>) -> !tile.tile<32x32xf16, right>
  %acc0 = tile.create : !tile.tile<32x32xf32, acc>
  %res = scf.for %k = %c0 to %c4 step %c1 iter_args(%acc = %acc0) -> (!tile.tile<32x32xf32, acc>) {
    %first = arith.cmpi eq, %k, %c0 : index
    %n = scf.if %first -> (!tile.tile<32x32xf32, acc>) {
      %s = tile.matmul %l, %r : (!tile.tile<32x32xf16, left>, !tile.tile<32x32xf16, right>) -> !tile.tile<32x32xf32, acc>
      scf.yield %s : !tile.tile<32x32xf32, acc>
    } else {
      %t = tile.matmul_acc %acc, %l, %r, %f : (!tile.tile<32x32xf32, acc>, !tile.tile<32x32xf16, left>, !tile.tile<32x32xf16, right>, i1) -> !tile.tile<32x32xf32, acc>
      scf.yield %t : !tile.tile<32x32xf32, acc>
    }
    tile.store %acc, %old[%c0, %c0] : !tile.tile<32x32xf32, acc>, memref<32x32xf32>
    scf.yield %n : !tile.tile<32x32xf32, acc>
  }
  tile.store %res, %c[%c0, %c0] : !tile.tile<32x32xf32, acc>, memref<32x32xf32>
  func.return
}

// RUN: not xdsl-opt -p pto-plan-memory %s 2>&1 | filecheck %s

// The peeled split-K idiom, but the seed arm still reads the old accumulator
// %acc after computing the seed %s: %s cannot take %acc's buffer (it would
// overwrite %acc before that read), so the if result stays on %s's buffer and
// the continuation arm would need an Acc->Acc copy, which does not exist. The
// kernel is refused, naming the value and both buffers.
// CHECK: {{.*}}err-peel-seed-arm-read.mlir:[[# @LINE + 18]]:7: error: memory-reuse: if-merged accumulator %t is computed in @mem_acc_3 but must land in @mem_acc_4, and no Acc->Acc copy exists; update the carried accumulator in place (e.g. tile.matmul_acc)
func.func @peel_seed_arm_read(%a: memref<32x32xf16>, %c: memref<32x32xf32>, %old: memref<32x32xf32>) {
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
      tile.store %acc, %old[%c0, %c0] : !tile.tile<32x32xf32, acc>, memref<32x32xf32>
      scf.yield %s : !tile.tile<32x32xf32, acc>
    } else {
      %t = tile.matmul_acc %acc, %l, %r, %f : (!tile.tile<32x32xf32, acc>, !tile.tile<32x32xf16, left>, !tile.tile<32x32xf16, right>, i1) -> !tile.tile<32x32xf32, acc>
      scf.yield %t : !tile.tile<32x32xf32, acc>
    }
    scf.yield %n : !tile.tile<32x32xf32, acc>
  }
  tile.store %res, %c[%c0, %c0] : !tile.tile<32x32xf32, acc>, memref<32x32xf32>
  func.return
}

// RUN: not xdsl-opt -p init-memref %s 2>&1 | filecheck %s

// The loop carries its init's buffer; the Acc init is stored after the loop,
// so it would need a private copy, and Acc has none.
// CHECK: {{^}}{{.*}}err-acc-init-still-live.mlir:15:10: error: init-memref: scf.for overwrites the acc buffer of %base (the loop carries it in place), but that value is still read afterwards and no acc->acc copy exists; stop reading it after this op, or start from a fresh tile{{$}}
func.func @accinit(%a: memref<64x64xf16>, %o: memref<64x64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %false = arith.constant false
  %m = tile.load %a[%c0, %c0] : memref<64x64xf16> -> !tile.tile<64x64xf16, mat>
  %l = tile.move %m : (!tile.tile<64x64xf16, mat>) -> !tile.tile<64x64xf16, left>
  %r = tile.move %m : (!tile.tile<64x64xf16, mat>) -> !tile.tile<64x64xf16, right>
  %base = tile.matmul %l, %r : (!tile.tile<64x64xf16, left>, !tile.tile<64x64xf16, right>) -> !tile.tile<64x64xf32, acc>
  %res = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %base) -> (!tile.tile<64x64xf32, acc>) {
    %n = tile.matmul_acc %acc, %l, %r, %false : (!tile.tile<64x64xf32, acc>, !tile.tile<64x64xf16, left>, !tile.tile<64x64xf16, right>, i1) -> !tile.tile<64x64xf32, acc>
    scf.yield %n : !tile.tile<64x64xf32, acc>
  }
  tile.store %base, %o[%c0, %c0] : !tile.tile<64x64xf32, acc>, memref<64x64xf32>
  tile.store %res, %o[%c0, %c0] : !tile.tile<64x64xf32, acc>, memref<64x64xf32>
  func.return
}

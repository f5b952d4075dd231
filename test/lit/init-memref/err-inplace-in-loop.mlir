// RUN: not xdsl-opt -p init-memref %s 2>&1 | filecheck %s

// An accumulator defined before a loop and updated in place inside it, with
// no carry: every iteration would accumulate into it again, so it must be
// preserved across iterations -- impossible in Acc.
// CHECK: {{^}}{{.*}}err-inplace-in-loop.mlir:17:10: error: init-memref: tile.matmul_acc overwrites the acc buffer of %base (it updates it in place), but that value is still read afterwards and no acc->acc copy exists; stop reading it after this op, or start from a fresh tile{{$}}
func.func @accloop(%a: memref<64x64xf16>, %o: memref<64x64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %false = arith.constant false
  %m = tile.load %a[%c0, %c0] : memref<64x64xf16> -> !tile.tile<64x64xf16, mat>
  %l = tile.move %m : (!tile.tile<64x64xf16, mat>) -> !tile.tile<64x64xf16, left>
  %r = tile.move %m : (!tile.tile<64x64xf16, mat>) -> !tile.tile<64x64xf16, right>
  %base = tile.matmul %l, %r : (!tile.tile<64x64xf16, left>, !tile.tile<64x64xf16, right>) -> !tile.tile<64x64xf32, acc>
  scf.for %i = %c0 to %c4 step %c1 {
    %n = tile.matmul_acc %base, %l, %r, %false : (!tile.tile<64x64xf32, acc>, !tile.tile<64x64xf16, left>, !tile.tile<64x64xf16, right>, i1) -> !tile.tile<64x64xf32, acc>
    tile.store %n, %o[%c0, %c0] : !tile.tile<64x64xf32, acc>, memref<64x64xf32>
  }
  func.return
}

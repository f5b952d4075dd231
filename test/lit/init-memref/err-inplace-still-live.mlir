// RUN: not xdsl-opt -p init-memref %s 2>&1 | filecheck %s

// tile.matmul_acc updates its accumulator in place (reuses(0)). When the
// accumulator is still read afterwards it would have to be copied first, and
// no Acc->Acc copy exists: the kernel is rejected at the op.
// CHECK: {{^}}{{.*}}err-inplace-still-live.mlir:15:9: error: init-memref: tile.matmul_acc overwrites the acc buffer of %c1 (it updates it in place), but that value is still read afterwards and no acc->acc copy exists; stop reading it after this op, or start from a fresh tile{{$}}
// CHECK-NOT: Traceback
func.func @macc(%a: memref<64x64xf16>, %o: memref<64x64xf32>, %o2: memref<64x64xf32>) {
  %c0 = arith.constant 0 : index
  %false = arith.constant false
  %m = tile.load %a[%c0, %c0] : memref<64x64xf16> -> !tile.tile<64x64xf16, mat>
  %l = tile.move %m : (!tile.tile<64x64xf16, mat>) -> !tile.tile<64x64xf16, left>
  %r = tile.move %m : (!tile.tile<64x64xf16, mat>) -> !tile.tile<64x64xf16, right>
  %c1 = tile.matmul %l, %r : (!tile.tile<64x64xf16, left>, !tile.tile<64x64xf16, right>) -> !tile.tile<64x64xf32, acc>
  %c2 = tile.matmul_acc %c1, %l, %r, %false : (!tile.tile<64x64xf32, acc>, !tile.tile<64x64xf16, left>, !tile.tile<64x64xf16, right>, i1) -> !tile.tile<64x64xf32, acc>
  tile.store %c1, %o[%c0, %c0] : !tile.tile<64x64xf32, acc>, memref<64x64xf32>
  tile.store %c2, %o2[%c0, %c0] : !tile.tile<64x64xf32, acc>, memref<64x64xf32>
  func.return
}

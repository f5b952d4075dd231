// The L0 capacities and the cost model are per target: no backend is an
// error at the first matmul, an unknown one at the module. A kernel without a
// matmul needs none: the pass is a no-op there.
// RUN: not xdsl-opt -p 'auto-tile-matmul-l0' %s 2>&1 | filecheck %s --check-prefix=NONE
// RUN: not xdsl-opt -p 'auto-tile-matmul-l0{backend=a9}' %s 2>&1 | filecheck %s --check-prefix=BAD
// RUN: xdsl-opt -p 'auto-tile-matmul-l0' %examples/softmax.mlir | filecheck %s --check-prefix=NOOP
// NOOP: func.func @softmax(
// NOOP-NOT: pto.target_arch
// NONE: err-no-backend.mlir:[[# @LINE + 8]]:8: error: auto-tile-matmul-l0: no backend for this matmul: the L0 capacities and cost model are per target; give backend=a2|a3|a5 or a module pto.target_arch
// BAD: err-no-backend.mlir:[[# @LINE + 2]]:1: error: auto-tile-matmul-l0: unknown backend 'a9' (expected one of a2, a3, a5)

builtin.module {
func.func @k(%a: memref<128x512xf16>, %b: memref<512x128xf16>, %c: memref<128x128xf32>) {
  %c0 = arith.constant 0 : index
  %a_l1 = tile.load %a[%c0, %c0] : memref<128x512xf16> -> !tile.tile<128x512xf16, mat>
  %b_l1 = tile.load %b[%c0, %c0] : memref<512x128xf16> -> !tile.tile<512x128xf16, mat>
  %r = tile.matmul %a_l1, %b_l1 : (!tile.tile<128x512xf16, mat>, !tile.tile<512x128xf16, mat>) -> !tile.tile<128x128xf32, acc>
  tile.store %r, %c[%c0, %c0] : !tile.tile<128x128xf32, acc>, memref<128x128xf32>
  func.return
}
}

// One operand is the author's Left tile: it is used as it is (never
// re-extracted or subdivided); the Mat rhs, which fits L0B whole, is moved
// into Right, and the matmul stays one op.
// RUN: xdsl-opt -p 'auto-tile-matmul-l0{backend=a3}' %s | filecheck %s
// RUN: xdsl-pto run %s | filecheck %s --check-prefix=DIFF
// CHECK-LABEL: func.func @manual(
// CHECK: %a_l = tile.move %a_l1 : (!tile.tile<128x128xf16, mat>) -> !tile.tile<128x128xf16, left>
// CHECK-NEXT: %rhs_l0 = tile.move %b_l1 : (!tile.tile<128x64xf16, mat>) -> !tile.tile<128x64xf16, right>
// CHECK-NEXT: %r = tile.matmul %a_l, %rhs_l0 : (!tile.tile<128x128xf16, left>, !tile.tile<128x64xf16, right>) -> !tile.tile<128x64xf32, acc>
// CHECK-NOT: tile.extract
// DIFF: {{.*}}manual-operand.mlir: logical and physical runs agree (seed 0)
func.func @manual(%a: memref<128x128xf16>, %b: memref<128x64xf16>, %c: memref<128x64xf32>) {
  %c0 = arith.constant 0 : index
  %a_l1 = tile.load %a[%c0, %c0] : memref<128x128xf16> -> !tile.tile<128x128xf16, mat>
  %b_l1 = tile.load %b[%c0, %c0] : memref<128x64xf16> -> !tile.tile<128x64xf16, mat>
  %a_l = tile.move %a_l1 : (!tile.tile<128x128xf16, mat>) -> !tile.tile<128x128xf16, left>
  %r = tile.matmul %a_l, %b_l1 : (!tile.tile<128x128xf16, left>, !tile.tile<128x64xf16, mat>) -> !tile.tile<128x64xf32, acc>
  tile.store %r, %c[%c0, %c0] : !tile.tile<128x64xf32, acc>, memref<128x64xf32>
  func.return
}

// RUN: xdsl-opt -p 'pto-plan-memory{backend=a5},convert-tile-to-pto' --split-input-file --verify-diagnostics %s | filecheck %s
// RUN: not xdsl-opt -p 'pto-plan-memory{backend=a3},convert-tile-to-pto' %S/../tile-ops/fp4.mlir 2>&1 | filecheck %s --check-prefix=A3

// What convert-tile-to-pto refuses of fp4 (f4E2M1FN), as ptoas v0.48 would.

// A window at an odd column: ptoas addresses 4-bit tensors by pairs.
func.func @odd(%a: memref<16x130xf4E2M1FN>, %o: memref<16x64xbf16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %x = tile.load %a[%c0, %c1] : memref<16x130xf4E2M1FN> -> !tile.tile<16x64xf4E2M1FN, vec>
// CHECK: err-fp4.mlir:[[# @LINE - 1]]:8: error: convert-tile-to-pto: tile.load of a 4-bit tensor at last-axis offset 1; ptoas addresses 4-bit tensors by element pairs (!pto.f4E2M1x2), so the offset must be an even constant
  %y = tile.cast %x : (!tile.tile<16x64xf4E2M1FN, vec>) -> !tile.tile<16x64xbf16, vec>
  tile.store %y, %o[%c0, %c0] : !tile.tile<16x64xbf16, vec>, memref<16x64xbf16>
  func.return
}

// -----

// fp4 converts to and from bf16 only.
func.func @to_f16(%a: memref<16x64xf4E2M1FN>, %o: memref<16x64xf16>) {
  %c0 = arith.constant 0 : index
  %x = tile.load %a[%c0, %c0] : memref<16x64xf4E2M1FN> -> !tile.tile<16x64xf4E2M1FN, vec>
  %y = tile.cast %x : (!tile.tile<16x64xf4E2M1FN, vec>) -> !tile.tile<16x64xf16, vec>
// CHECK: err-fp4.mlir:[[# @LINE - 1]]:8: error: convert-tile-to-pto: tile.cast on a5: ptoas (v0.48) converts f4E2M1FN to or from bf16 only, not f4E2M1FN -> f16
  tile.store %y, %o[%c0, %c0] : !tile.tile<16x64xf16, vec>, memref<16x64xf16>
  func.return
}

// On a3 ptoas has no fp4 tile at all.
// A3: fp4.mlir:{{[0-9]+}}:8: error: convert-tile-to-pto: %x on a3: f4E2M1FN tiles are a5's (ptoas v0.48 takes no !pto.f4E2M1x2 tile on a2/a3: "dtype '!pto.f4E2M1x2' is not supported by this op yet")

// RUN: not xdsl-opt -p 'pto-plan-memory{backend=a5},convert-tile-to-pto' %s 2>&1 | filecheck %s --check-prefix=A5
// RUN: not xdsl-opt -p 'pto-plan-memory{backend=a3},convert-tile-to-pto' %S/mx.mlir 2>&1 | filecheck %s --check-prefix=A3

// The cube family's targets: the reference has the gemv family on a2/a3
// only (ptoas v0.48 parses pto.tgemv on a5 too), so convert-tile-to-pto
// refuses it for a5; the MX ops are a5's, and a2/a3 have no scale buffer:
// planning mx.mlir for a3 stops at the capacity check.

// A5: cube-family-target.mlir:[[# @LINE + 5]]:8: error: convert-tile-to-pto: tile.gemv on a5: the reference (pypto) has tile.gemv on a2/a3 only (ptoas v0.48 parses pto.tgemv on a5, but its a5 form is not validated); use tile.matmul with a 16-row lhs on a5
func.func @gemv_a5(%l0: memref<1x64xf16>, %r0: memref<64x32xf16>, %o: memref<16x32xf32>) {
  %c0 = arith.constant 0 : index
  %l = tile.create : !tile.tile<1x64xf16, left>
  %r = tile.create : !tile.tile<64x32xf16, right>
  %a = tile.gemv %l, %r : (!tile.tile<1x64xf16, left>, !tile.tile<64x32xf16, right>) -> !tile.tile<16x32xf32, acc, valid = 1x32>
  tile.store %a, %o[%c0, %c0] : !tile.tile<16x32xf32, acc, valid = 1x32>, memref<16x32xf32>
  func.return
}

// A3: mx.mlir:{{[0-9]+}}:1: error: allocate-memory-addr: function 'mx': left_scale buffer usage (64 bytes) exceeds the a3 limit (0 bytes); it has no such buffer: the MX scale spaces are a5's

// RUN: not xdsl-opt -p 'init-memref' %s 2>&1 | filecheck %s

// Regression (fixed): errors about a whole function carry no line:col.
// func.func is not one of our ops, so the parser records no location for it,
// and op_location() falls back to the bare file name:
//   function-location.mlir: error: init-memref: function 'big': ...
// An MLIR user expects the `file:line:col: error:` form promised by
// xdsl_pto/diagnostics.py, at the function's own position (line 14, col 1).
// The same holds for init-memref's partially-initialized errors and
// convert-tile-to-pto's mixed-kernel error. (allocate-memory-addr's capacity
// error, the first case here, now points at the op where the space peaks:
// allocate-memory-addr/capacity-explained.mlir.)
// CHECK: {{^}}{{.*}}function-location.mlir:14:1: error: init-memref: function 'big' takes a tile argument; kernels take GM tensors (memref) and load them{{$}}
func.func @big(%t: !tile.tile<16x16xf32, vec>, %o: memref<16x16xf32>) {
  %c0 = arith.constant 0 : index
  tile.store %t, %o[%c0, %c0] : !tile.tile<16x16xf32, vec>, memref<16x16xf32>
  func.return
}

// RUN: not xdsl-opt -p 'init-memref,allocate-memory-addr{backend=a3}' %s 2>&1 | filecheck %s

// Regression (fixed): errors about a whole function carry no line:col.
// func.func is not one of our ops, so the parser records no location for it,
// and op_location() falls back to the bare file name:
//   function-location.mlir: error: allocate-memory-addr: function 'big': ...
// An MLIR user expects the `file:line:col: error:` form promised by
// xdsl_pto/diagnostics.py, at the function's own position (line 13, col 1).
// The same holds for init-memref's tile-argument / partially-initialized
// errors and convert-tile-to-pto's mixed-kernel error.
// CHECK: {{^}}{{.*}}function-location.mlir:13:1: error: allocate-memory-addr: function 'big': vec buffer usage (196608 bytes) exceeds the a3 limit (188416 bytes){{$}}
// CHECK-NOT: Traceback
func.func @big(%a: memref<128x128xf32>, %o: memref<128x128xf32>) {
  %c0 = arith.constant 0 : index
  %x = tile.load %a[%c0, %c0] : memref<128x128xf32> -> !tile.tile<128x128xf32, vec>
  %y = tile.load %a[%c0, %c0] : memref<128x128xf32> -> !tile.tile<128x128xf32, vec>
  %z = tile.load %a[%c0, %c0] : memref<128x128xf32> -> !tile.tile<128x128xf32, vec>
  tile.store %x, %o[%c0, %c0] : !tile.tile<128x128xf32, vec>, memref<128x128xf32>
  tile.store %y, %o[%c0, %c0] : !tile.tile<128x128xf32, vec>, memref<128x128xf32>
  tile.store %z, %o[%c0, %c0] : !tile.tile<128x128xf32, vec>, memref<128x128xf32>
  func.return
}

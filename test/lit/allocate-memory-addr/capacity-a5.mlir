// The capacity error on a5 (Ascend950: vec holds 245760 bytes, acc 262144):
// two 128 KiB vec tiles live together need 262144 bytes -- over on a5, and
// on a3 as well (188416); the same bytes fit a5's larger acc.
// RUN: not xdsl-opt -p 'pto-plan-memory{backend=a5}' %s 2>&1 | filecheck %s
// RUN: not xdsl-opt -p 'pto-plan-memory{backend=a3}' %s 2>&1 | filecheck %s --check-prefix=A3
// CHECK: capacity-a5.mlir:[[# @LINE + 5]]:8: error: allocate-memory-addr: function 'two_live': vec buffer usage (262144 bytes) exceeds the a5 limit (245760 bytes); at this tile.load 262144 bytes of vec tiles are live together: %x (131072 bytes), %y (131072 bytes); they alone are past the 245760 bytes for tiles: shrink these tiles (or split the work into smaller ones){{$}}
// A3: capacity-a5.mlir:[[# @LINE + 4]]:8: error: allocate-memory-addr: function 'two_live': vec buffer usage (262144 bytes) exceeds the a3 limit (188416 bytes); at this tile.load 262144 bytes of vec tiles are live together: %x (131072 bytes), %y (131072 bytes); they alone are past the 188416 bytes for tiles: shrink these tiles (or split the work into smaller ones){{$}}
func.func @two_live(%in: memref<128x256xf32>, %out: memref<128x256xf32>) {
  %c0 = arith.constant 0 : index
  %x = tile.load %in[%c0, %c0] : memref<128x256xf32> -> !tile.tile<128x256xf32, vec>
  %y = tile.load %in[%c0, %c0] : memref<128x256xf32> -> !tile.tile<128x256xf32, vec>
  %z = tile.add %x, %y : (!tile.tile<128x256xf32, vec>, !tile.tile<128x256xf32, vec>) -> !tile.tile<128x256xf32, vec>
  tile.store %z, %out[%c0, %c0] : !tile.tile<128x256xf32, vec>, memref<128x256xf32>
  func.return
}

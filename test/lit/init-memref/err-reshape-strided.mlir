// RUN: not xdsl-opt -p init-memref %s 2>&1 | filecheck %s

// Columns 8..15 of an 8x16 tile are eight runs of 32 bytes, 64 bytes apart:
// a reshape cannot see them as one dense 1x64 tile.
// CHECK: {{^}}{{.*}}err-reshape-strided.mlir:[[# @LINE + 6]]:8: error: init-memref: tile.reshape of a strided view (its rows are not one run of bytes) is not supported; copy it with tile.move first{{$}}
func.func @k(%in: memref<8x16xf32>, %out: memref<1x64xf32>) {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %x = tile.load %in[%c0, %c0] : memref<8x16xf32> -> !tile.tile<8x16xf32, vec>
  %s = tile.slice %x, %c0, %c8 : (!tile.tile<8x16xf32, vec>, index, index) -> !tile.tile<8x8xf32, vec>
  %r = tile.reshape %s : (!tile.tile<8x8xf32, vec>) -> !tile.tile<1x64xf32, vec>
  tile.store %r, %out[%c0, %c0] : !tile.tile<1x64xf32, vec>, memref<1x64xf32>
  func.return
}

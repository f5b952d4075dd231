// RUN: not xdsl-opt -p 'init-memref,materialize-semantic-aliases,memory-reuse{backend=a3}' %s 2>&1 | filecheck %s

// tile.split_mode is pto-isa's TileSplitAxis code, 0..4.
// CHECK: {{^}}{{.*}}err-split-mode.mlir:[[# @LINE + 1]]:1: error: memory-reuse: tile.split_mode must be an integer 0..4 (pto-isa TileSplitAxis), got 7 : i64{{$}}
func.func @k(%in: memref<64x64xf32>, %out: memref<64x64xf32>) attributes {tile.split_mode = 7 : i64} {
  %c0 = arith.constant 0 : index
  %l = tile.load %in[%c0, %c0] : memref<64x64xf32> -> !tile.tile<64x64xf32, vec>
  tile.store %l, %out[%c0, %c0] : !tile.tile<64x64xf32, vec>, memref<64x64xf32>
  func.return
}

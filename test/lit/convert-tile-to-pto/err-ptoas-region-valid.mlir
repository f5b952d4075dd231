// A ptoas region declares one valid shape for all its slots.
// RUN: not xdsl-opt -p 'pto-plan-memory{planner=ptoas backend=a3},convert-tile-to-pto' %s 2>&1 | filecheck %s
// CHECK: {{^}}{{.*}}err-ptoas-region-valid.mlir:[[# @LINE + 4]]:8: error: convert-tile-to-pto: %y has valid shape 32x64 but %x (on the same region @buf) has 64x64; a region declares one valid shape for all its slots{{$}}
func.func @valid(%a: memref<64x64xf32>, %o: memref<64x64xf32>) {
  %c0 = arith.constant 0 : index
  %x = tile.load %a[%c0, %c0] : memref<64x64xf32> -> !tile.tile<64x64xf32, vec, alloc = <@buf, slots = 2, slot = 0>>
  %y = tile.load %a[%c0, %c0] : memref<64x64xf32> -> !tile.tile<64x64xf32, vec, valid = 32x64, alloc = <@buf, slots = 2, slot = 1>>
  tile.store %x, %o[%c0, %c0] : !tile.tile<64x64xf32, vec, alloc = <@buf, slots = 2, slot = 0>>, memref<64x64xf32>
  tile.store %y, %o[%c0, %c0] : !tile.tile<64x64xf32, vec, valid = 32x64, alloc = <@buf, slots = 2, slot = 1>>, memref<64x64xf32>
  func.return
}

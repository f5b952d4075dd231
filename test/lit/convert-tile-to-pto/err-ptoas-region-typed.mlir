// The slots of a ptoas region hold one tile type: two differently shaped
// tiles bound to one declaration are refused under planner=ptoas (pypto
// bakes each slot's address and lowers them).
// RUN: not xdsl-opt -p 'pto-plan-memory{planner=ptoas backend=a3},convert-tile-to-pto' %s 2>&1 | filecheck %s
// CHECK: {{^}}{{.*}}err-ptoas-region-typed.mlir:[[# @LINE + 4]]:8: error: convert-tile-to-pto: %y is a 32x64xf32 tile but %x (on the same region @buf) is a 64x64xf32 tile; the slots of a region hold one tile type{{$}}
func.func @typed(%a: memref<64x64xf32>, %b: memref<32x64xf32>, %o: memref<64x64xf32>) {
  %c0 = arith.constant 0 : index
  %x = tile.load %a[%c0, %c0] : memref<64x64xf32> -> !tile.tile<64x64xf32, vec, alloc = <@buf, slots = 2, slot = 0>>
  %y = tile.load %b[%c0, %c0] : memref<32x64xf32> -> !tile.tile<32x64xf32, vec, alloc = <@buf, slots = 2, slot = 1>>
  tile.store %x, %o[%c0, %c0] : !tile.tile<64x64xf32, vec, alloc = <@buf, slots = 2, slot = 0>>, memref<64x64xf32>
  tile.store %y, %o[%c0, %c0] : !tile.tile<32x64xf32, vec, alloc = <@buf, slots = 2, slot = 1>>, memref<64x64xf32>
  func.return
}

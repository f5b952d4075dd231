// A region slot merged by an scf.if (a phi) is refused.
// RUN: not xdsl-opt -p 'pto-plan-memory{planner=ptoas backend=a3},convert-tile-to-pto' %s 2>&1 | filecheck %s
// CHECK: {{^}}{{.*}}err-ptoas-region-phi-if.mlir:[[# @LINE + 3]]:8: error: convert-tile-to-pto: %r is a slot of @buf carried by an scf.if (a phi); a region slot is selected by each use, not carried -- copy it into a tile of its own (tile.move) first{{$}}
func.func @phi_if(%a: memref<64x64xf32>, %o: memref<64x64xf32>, %c: i1) {
  %c0 = arith.constant 0 : index
  %r = scf.if %c -> (!tile.tile<64x64xf32, vec, alloc = <@buf, slots = 2, slot = 1>>) {
    %x = tile.load %a[%c0, %c0] : memref<64x64xf32> -> !tile.tile<64x64xf32, vec, alloc = <@buf, slots = 2, slot = 1>>
    scf.yield %x : !tile.tile<64x64xf32, vec, alloc = <@buf, slots = 2, slot = 1>>
  } else {
    %y = tile.load %o[%c0, %c0] : memref<64x64xf32> -> !tile.tile<64x64xf32, vec, alloc = <@buf, slots = 2, slot = 1>>
    scf.yield %y : !tile.tile<64x64xf32, vec, alloc = <@buf, slots = 2, slot = 1>>
  }
  tile.store %r, %o[%c0, %c0] : !tile.tile<64x64xf32, vec, alloc = <@buf, slots = 2, slot = 1>>, memref<64x64xf32>
  func.return
}

// A region slot is selected by each use: one carried by an scf.for (a phi)
// is refused.
// RUN: not xdsl-opt -p 'pto-plan-memory{planner=ptoas backend=a3},convert-tile-to-pto' %s 2>&1 | filecheck %s
// CHECK: {{^}}{{.*}}err-ptoas-region-phi-for.mlir:[[# @LINE + 6]]:8: error: convert-tile-to-pto: %acc is a slot of @buf carried by an scf.for (a phi); a region slot is selected by each use, not carried -- copy it into a tile of its own (tile.move) first{{$}}
func.func @phi(%a: memref<64x64xf32>, %o: memref<64x64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %x = tile.load %a[%c0, %c0] : memref<64x64xf32> -> !tile.tile<64x64xf32, vec, alloc = <@buf, slots = 2, slot = 0>>
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %x) -> (!tile.tile<64x64xf32, vec, alloc = <@buf, slots = 2, slot = 0>>) {
    %n = tile.exp %acc : (!tile.tile<64x64xf32, vec, alloc = <@buf, slots = 2, slot = 0>>) -> !tile.tile<64x64xf32, vec, alloc = <@buf, slots = 2, slot = 0>>
    scf.yield %n : !tile.tile<64x64xf32, vec, alloc = <@buf, slots = 2, slot = 0>>
  }
  tile.store %r, %o[%c0, %c0] : !tile.tile<64x64xf32, vec, alloc = <@buf, slots = 2, slot = 0>>, memref<64x64xf32>
  func.return
}

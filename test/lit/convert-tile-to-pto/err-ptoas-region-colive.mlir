// Two slots of one region live at once inside a loop: ptoas guards only the
// first slot an iteration selects (PTOAS#1118), so the lowering refuses it.
// The same two tiles in straight-line code lower (ptoas-region-straight.mlir).
// RUN: not xdsl-opt -p 'pto-plan-memory{planner=ptoas backend=a3},convert-tile-to-pto' %s 2>&1 | filecheck %s
// CHECK: {{^}}{{.*}}err-ptoas-region-colive.mlir:[[# @LINE + 7]]:10: error: convert-tile-to-pto: %x and %y are on two slots of the region @buf and live at once inside one loop; ptoas guards only the first slot an iteration selects (PTOAS#1118) -- use planner=pypto for this kernel{{$}}
func.func @colive(%a: memref<64x64xf32>, %o: memref<64x64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.for %i = %c0 to %c4 step %c1 {
    %x = tile.load %a[%c0, %c0] : memref<64x64xf32> -> !tile.tile<64x64xf32, vec, alloc = <@buf, slots = 2, slot = 0>>
    %y = tile.load %a[%c0, %c0] : memref<64x64xf32> -> !tile.tile<64x64xf32, vec, alloc = <@buf, slots = 2, slot = 1>>
    %s = tile.add %x, %y : (!tile.tile<64x64xf32, vec, alloc = <@buf, slots = 2, slot = 0>>, !tile.tile<64x64xf32, vec, alloc = <@buf, slots = 2, slot = 1>>) -> !tile.tile<64x64xf32, vec>
    tile.store %s, %o[%c0, %c0] : !tile.tile<64x64xf32, vec>, memref<64x64xf32>
  }
  func.return
}

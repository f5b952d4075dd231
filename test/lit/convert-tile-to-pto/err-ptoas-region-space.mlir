// Under planner=ptoas a declared multi-slot allocation becomes a ptoas region,
// which holds vec, mat or acc tiles only: one in left is refused.
// RUN: not xdsl-opt -p 'pto-plan-memory{planner=ptoas backend=a3},convert-tile-to-pto' %s 2>&1 | filecheck %s
// CHECK: {{^}}{{.*}}err-ptoas-region-space.mlir:[[# @LINE + 8]]:13: error: convert-tile-to-pto: @l0a is in left; a ptoas region holds vec, mat, acc tiles only{{$}}
func.func @left_region(%a: memref<64x64xf16>, %b: memref<64x64xf16>, %o: memref<64x64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.for %i = %c0 to %c4 step %c1 {
    %a_l1 = tile.load %a[%c0, %c0] : memref<64x64xf16> -> !tile.tile<64x64xf16, mat>
    %b_l1 = tile.load %b[%c0, %c0] : memref<64x64xf16> -> !tile.tile<64x64xf16, mat>
    %a_l0 = tile.move %a_l1 : (!tile.tile<64x64xf16, mat>) -> !tile.tile<64x64xf16, left, alloc = <@l0a, slots = 2, slot = iv>>
    %b_l0 = tile.move %b_l1 : (!tile.tile<64x64xf16, mat>) -> !tile.tile<64x64xf16, right>
    %p = tile.matmul %a_l0, %b_l0 : (!tile.tile<64x64xf16, left, alloc = <@l0a, slots = 2, slot = iv>>, !tile.tile<64x64xf16, right>) -> !tile.tile<64x64xf32, acc>
    tile.store %p, %o[%c0, %c0] : !tile.tile<64x64xf32, acc>, memref<64x64xf32>
  }
  func.return
}

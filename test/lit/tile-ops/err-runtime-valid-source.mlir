// RUN: not xdsl-opt -p 'pto-plan-memory{backend=a3},convert-tile-to-pto' %s 2>&1 | filecheck %s
// RUN: not xdsl-opt -p 'pto-plan-memory{backend=a3 planner=ptoas},convert-tile-to-pto' %s 2>&1 | filecheck %s
// RUN: not xdsl-pto run %s 2>&1 | filecheck %s --check-prefix=EXEC

// A runtime valid extent ('?') nothing gives a value: the rules
// (xdsl_pto/dialects/tile/valid_flow.py) take it from an op's extent
// operands, the same axis of a tile operand, or a reshape's count; tile.exp
// of a fully valid tile has none to take.

// CHECK: {{^}}{{.*}}err-runtime-valid-source.mlir:[[# @LINE + 5]]:8: error: convert-tile-to-pto: the result of tile.exp has a runtime valid extent ('?') on axis 0, which no tile operand of the same dimension has{{$}}
// EXEC: {{^}}{{.*}}err-runtime-valid-source.mlir:[[# @LINE + 4]]:8: error: tile.exp: the result of tile.exp has a runtime valid extent ('?') on axis 0, which no tile operand of the same dimension has{{$}}
func.func @nothing_gives_it(%a: memref<16x64xf32>, %o: memref<16x64xf32>) {
  %c0 = arith.constant 0 : index
  %x = tile.load %a[%c0, %c0] : memref<16x64xf32> -> !tile.tile<16x64xf32, vec>
  %y = tile.exp %x : (!tile.tile<16x64xf32, vec>) -> !tile.tile<16x64xf32, vec, valid = ?x64>
  tile.store %y, %o[%c0, %c0] : !tile.tile<16x64xf32, vec, valid = ?x64>, memref<16x64xf32>
  func.return
}

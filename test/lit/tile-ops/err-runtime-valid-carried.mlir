// RUN: not xdsl-opt -p 'pto-plan-memory{backend=a3},convert-tile-to-pto' %s 2>&1 | filecheck %s
// RUN: not xdsl-opt -p 'pto-plan-memory{backend=a3 planner=ptoas},convert-tile-to-pto' %s 2>&1 | filecheck %s --check-prefix=PTOAS
// RUN: not xdsl-pto run %s 2>&1 | filecheck %s --check-prefix=EXEC

// A loop that carries a tile with a runtime valid extent ('?') is refused,
// located, by both lowerings and the run (it was a traceback under ptoas):
// the iter_arg's extent is the init's or the last yield's, which no rule of
// xdsl_pto/dialects/tile/valid_flow.py follows.

// CHECK: {{^}}{{.*}}err-runtime-valid-carried.mlir:[[# @LINE + 9]]:8: error: convert-tile-to-pto: a loop's iter_arg or a function argument has a runtime valid extent ('?'), which no op gives{{$}}
// PTOAS: {{^}}{{.*}}err-runtime-valid-carried.mlir:[[# @LINE + 8]]:8: error: convert-tile-to-pto: this scf.for carries a window whose first tile has a runtime valid extent ('?'); under planner=ptoas a carried window is one handle made before the loop or if, which cannot know extents computed inside it -- carry the tile fully valid and set its valid shape where it is used{{$}}
// EXEC: {{^}}{{.*}}err-runtime-valid-carried.mlir:[[# @LINE + 8]]:10: error: tile.exp: %t has a runtime valid extent ('?') that no op gave{{$}}
func.func @carry(%a: memref<16x64xf32>, %o: memref<16x64xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c64 = arith.constant 64 : index
  %x = tile.load %a[%c0, %c0] valid [%n, %c64] : memref<16x64xf32> -> !tile.tile<16x64xf32, vec, valid = ?x64>
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%t = %x) -> (!tile.tile<16x64xf32, vec, valid = ?x64>) {
    %y = tile.exp %t : (!tile.tile<16x64xf32, vec, valid = ?x64>) -> !tile.tile<16x64xf32, vec, valid = ?x64>
    scf.yield %y : !tile.tile<16x64xf32, vec, valid = ?x64>
  }
  tile.store %r, %o[%c0, %c0] : !tile.tile<16x64xf32, vec, valid = ?x64>, memref<16x64xf32>
  func.return
}

// A matmul whose operand still sits in Mat has not been staged into L0: the
// planner refuses it at the matmul and says what does the staging.
// RUN: not xdsl-opt -p 'init-memref' %s 2>&1 | filecheck %s
// RUN: not xdsl-opt -p 'pto-plan-memory{backend=a3}' %s 2>&1 | filecheck %s
// CHECK: {{^}}{{.*}}err-unstaged-matmul.mlir:[[# @LINE + 6]]:8: error: init-memref: tile.matmul: rhs %b_l1 is in mat, but the cube reads it from right; stage it (tile.move or tile.extract), or run auto-tile-matmul-l0 first, which stages the operands or tiles the matmul to fit L0 (a matmul it cannot tile gets a remark saying why){{$}}
func.func @k(%a: memref<64x64xf16>, %b: memref<64x64xf16>, %c: memref<64x64xf32>) {
  %c0 = arith.constant 0 : index
  %a_l1 = tile.load %a[%c0, %c0] : memref<64x64xf16> -> !tile.tile<64x64xf16, mat>
  %b_l1 = tile.load %b[%c0, %c0] : memref<64x64xf16> -> !tile.tile<64x64xf16, mat>
  %a_l0 = tile.move %a_l1 : (!tile.tile<64x64xf16, mat>) -> !tile.tile<64x64xf16, left>
  %r = tile.matmul %a_l0, %b_l1 : (!tile.tile<64x64xf16, left>, !tile.tile<64x64xf16, mat>) -> !tile.tile<64x64xf32, acc>
  tile.store %r, %c[%c0, %c0] : !tile.tile<64x64xf32, acc>, memref<64x64xf32>
  func.return
}

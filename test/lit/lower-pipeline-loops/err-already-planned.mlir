// Lowering a pipeline loop after planning would put every clone on the
// planned buffers: the pass asks to run before planning (found by a
// fresh-user breaker). Planning an unlowered pipeline warns.
// RUN: xdsl-opt -p pto-plan-memory %s 2>/dev/null | not xdsl-opt -p lower-pipeline-loops 2>&1 | filecheck %s
// RUN: xdsl-opt -p pto-plan-memory %s 2>&1 >/dev/null | filecheck %s --check-prefix=WARN
// CHECK: error: lower-pipeline-loops: this pipeline loop is already planned (%x has a MemRef); run lower-pipeline-loops before init-memref / pto-plan-memory
// WARN: err-already-planned.mlir:[[# @LINE + 5]]:3: warning: init-memref: this loop asks for 2 pipeline stages but was not lowered; it is planned as one sequential loop (run lower-pipeline-loops first)
func.func @k(%a: memref<64x64xf32>, %o: memref<64x64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.for %i = %c0 to %c4 step %c1 {
    %x = tile.load %a[%c0, %c0] : memref<64x64xf32> -> !tile.tile<64x64xf32, vec>
    tile.store %x, %o[%c0, %c0] : !tile.tile<64x64xf32, vec>, memref<64x64xf32>
  } {tile.pipeline_stages = 2 : i64}
  func.return
}

// RUN: xdsl-opt -p 'lower-pipeline-to-slots{planner=ptoas}' %s 2>%t.err | filecheck %s
// RUN: filecheck %s --check-prefix=REMARK --input-file=%t.err

// Phi gate, through a loop init (seed 004, "Eligibility"): a candidate that
// seeds an iter_arg of a nested scf.for reaches that loop's phi just as a
// yielded one does, so the pipeline loop stays replicated, untouched.

// CHECK-LABEL: func.func @nested_init(
// CHECK:         scf.for %i = %c0 to %c4 step %c1 {
// CHECK-NEXT:      %x = tile.load %a[%i, %c0] : memref<64x16xf32> -> !tile.tile<16x16xf32, vec>
// CHECK-NEXT:      %r = scf.for %j = %c0 to %c4 step %c1 iter_args(%acc = %x) -> (!tile.tile<16x16xf32, vec>) {
// CHECK:         } {tile.pipeline_stages = 2 : i64}
// REMARK: decline-init.mlir:[[# @LINE + 5]]:3: remark: lower-pipeline-to-slots: this stage=2 pipeline loop stays replicated: %x is carried into a phi (it seeds an iter_arg of scf.for){{$}}
func.func @nested_init(%a: memref<64x16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.for %i = %c0 to %c4 step %c1 {
    %x = tile.load %a[%i, %c0] : memref<64x16xf32> -> !tile.tile<16x16xf32, vec>
    %r = scf.for %j = %c0 to %c4 step %c1 iter_args(%acc = %x) -> (!tile.tile<16x16xf32, vec>) {
      %s = tile.add %acc, %acc : (!tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec>) -> !tile.tile<16x16xf32, vec>
      scf.yield %s : !tile.tile<16x16xf32, vec>
    }
    tile.store %r, %a[%i, %c0] : !tile.tile<16x16xf32, vec>, memref<64x16xf32>
  } {tile.pipeline_stages = 2 : i64}
  func.return
}

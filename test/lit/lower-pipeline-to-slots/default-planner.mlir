// RUN: xdsl-opt %s -o %t.plain
// RUN: xdsl-opt -p lower-pipeline-to-slots %s -o %t.default 2>%t.default.err
// RUN: diff %t.plain %t.default
// RUN: not test -s %t.default.err
// RUN: xdsl-opt -p 'lower-pipeline-to-slots{planner=pypto backend=a3}' %s -o %t.pypto 2>%t.pypto.err
// RUN: diff %t.plain %t.pypto
// RUN: not test -s %t.pypto.err
// RUN: xdsl-opt -p 'lower-pipeline-to-slots{planner=ptoas}' %s 2>/dev/null | filecheck %s --check-prefix=PTOAS

// Gated on planner=ptoas (seed 004, "Gated on memory_planner=PTOAS"): under
// the default planner (no option, nothing recorded) or planner=pypto the
// module comes out byte-identical to what xdsl-opt prints without the pass:
// no binding, no planner or target recorded, no remark -- although under
// planner=ptoas one loop here is slotted and one declined (last RUN).

// PTOAS: %x = tile.load {{.*}}alloc = <@pipe_x, slots = 2, slot = iv>>
// PTOAS: } {tile.pipeline_stages = 2 : i64}
func.func @k(%a: memref<64x16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c8 = arith.constant 8 : index
  scf.for %i = %c0 to %c8 step %c1 {
    %x = tile.load %a[%i, %c0] : memref<64x16xf32> -> !tile.tile<16x16xf32, vec>
    tile.store %x, %a[%i, %c0] : !tile.tile<16x16xf32, vec>, memref<64x16xf32>
  } {tile.pipeline_stages = 2 : i64}
  scf.for %j = %c0 to %c8 step %c2 {
    %y = tile.load %a[%j, %c0] : memref<64x16xf32> -> !tile.tile<16x16xf32, vec>
    tile.store %y, %a[%j, %c0] : !tile.tile<16x16xf32, vec>, memref<64x16xf32>
  } {tile.pipeline_stages = 2 : i64}
  func.return
}

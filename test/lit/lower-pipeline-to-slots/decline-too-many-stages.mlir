// RUN: xdsl-opt -p 'lower-pipeline-to-slots{planner=ptoas backend=a3}' %s 2>%t.err | filecheck %s
// RUN: filecheck %s --check-prefix=REMARK --input-file=%t.err
// RUN: xdsl-opt -p 'lower-pipeline-to-slots{planner=ptoas backend=a3},lower-pipeline-loops' %s 2>/dev/null | filecheck %s --check-prefix=REPL
// RUN: not xdsl-opt -p 'lower-pipeline-to-slots{planner=ptoas backend=a3},lower-pipeline-loops' %S/Inputs/stages-33.mlir 2>&1 | filecheck %s --check-prefix=OVER

// Stage gate (seed 004, "Eligibility": F in [2, 16], ptoas' multi_tile_buf
// slot-count bounds). A loop asking for more stages than a ptoas region has
// slots is declined like any other gate -- never an error of this pass --
// and lower-pipeline-loops replicates it (it takes up to 32 stages; above
// that it is its error, not this pass's).

// CHECK-LABEL: func.func @stages32(
// CHECK:         scf.for %i = %c0 to %c64 step %c1 {
// CHECK-NEXT:      %x = tile.load %a[%i, %c0] : memref<64x16xf32> -> !tile.tile<1x16xf32, vec>
// CHECK-NEXT:      tile.store %x, %a[%i, %c0] : !tile.tile<1x16xf32, vec>, memref<64x16xf32>
// CHECK-NEXT:    } {tile.pipeline_stages = 32 : i64}
// REMARK: {{^}}{{.*}}decline-too-many-stages.mlir:[[# @LINE + 11]]:3: remark: lower-pipeline-to-slots: this stage=32 pipeline loop stays replicated: a ptoas slot region holds at most 16 slots, and this loop asks for 32 stages{{$}}
// REMARK-NOT: remark
// REPL-LABEL: func.func @stages32(
// REPL:         scf.for %i = %c0 to %c64_1 step %c32 {
// REPL-COUNT-32:  tile.load
// REPL:         } {tile.pipeline_stages = 1 : i64}
// OVER: {{^}}{{.*}}stages-33.mlir:6:3: error: lower-pipeline-loops: tile.pipeline_stages must be an integer from 1 to 32, got 33 : i64{{$}}
func.func @stages32(%a: memref<64x16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  scf.for %i = %c0 to %c64 step %c1 {
    %x = tile.load %a[%i, %c0] : memref<64x16xf32> -> !tile.tile<1x16xf32, vec>
    tile.store %x, %a[%i, %c0] : !tile.tile<1x16xf32, vec>, memref<64x16xf32>
  } {tile.pipeline_stages = 32 : i64}
  func.return
}

// 16 stages is the most a region holds: slotted.
// CHECK-LABEL: func.func @stages16(
// CHECK:         %x = tile.load %a[%i, %c0] : memref<64x16xf32> -> !tile.tile<1x16xf32, vec, alloc = <@pipe_x, slots = 16, slot = iv>>
// CHECK:         }{{$}}
func.func @stages16(%a: memref<64x16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  scf.for %i = %c0 to %c64 step %c1 {
    %x = tile.load %a[%i, %c0] : memref<64x16xf32> -> !tile.tile<1x16xf32, vec>
    tile.store %x, %a[%i, %c0] : !tile.tile<1x16xf32, vec>, memref<64x16xf32>
  } {tile.pipeline_stages = 16 : i64}
  func.return
}

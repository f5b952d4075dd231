// RUN: xdsl-opt -p lower-pipeline-to-slots %s 2>%t.err | filecheck %s
// RUN: filecheck %s --check-prefix=REMARK --input-file=%t.err

// Without options the pass follows what the module records: planner=ptoas
// (tile.memory_planner, written by an earlier ptoas pass) turns it on, and
// pto.target_arch = "a3" gates the slots by a3's capacities. The first loop
// fits in vec (2 x 65536 bytes); the second would pin another 131072.

// CHECK:      builtin.module attributes {tile.memory_planner = "ptoas", pto.target_arch = "a3"} {
// CHECK:        %x = tile.load {{.*}}alloc = <@pipe_x, slots = 2, slot = iv>>
// CHECK:        } {tile.pipeline_stages = 2 : i64}
// REMARK: recorded-planner.mlir:[[# @LINE + 10]]:5: remark: lower-pipeline-to-slots: this stage=2 pipeline loop stays replicated: its vec load %y needs 2 slots, 131072 bytes, over the 57344 bytes of vec left (188416 on a3, 131072 already pinned by declared allocations and slotted loops){{$}}
builtin.module attributes {tile.memory_planner = "ptoas", pto.target_arch = "a3"} {
  func.func @k(%a: memref<64x256xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    scf.for %i = %c0 to %c4 step %c1 {
      %x = tile.load %a[%c0, %c0] : memref<64x256xf32> -> !tile.tile<64x256xf32, vec>
      tile.store %x, %a[%c0, %c0] : !tile.tile<64x256xf32, vec>, memref<64x256xf32>
    } {tile.pipeline_stages = 2 : i64}
    scf.for %j = %c0 to %c4 step %c1 {
      %y = tile.load %a[%c0, %c0] : memref<64x256xf32> -> !tile.tile<64x256xf32, vec>
      tile.store %y, %a[%c0, %c0] : !tile.tile<64x256xf32, vec>, memref<64x256xf32>
    } {tile.pipeline_stages = 2 : i64}
    func.return
  }
}

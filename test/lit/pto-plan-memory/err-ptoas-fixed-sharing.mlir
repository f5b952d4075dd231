// planner=ptoas skips memory-reuse, but what the plan already fixes is
// checked as memory-reuse checks it: two tiles bound to one slot and live at
// once, and an Acc carry move (no Acc->Acc copy exists).
// RUN: not xdsl-opt -p 'pto-plan-memory{planner=ptoas backend=a3}' %s 2>&1 | filecheck %s
// RUN: not xdsl-opt -p 'pto-plan-memory{planner=ptoas backend=a3}' %S/Inputs/acc-if-merge.mlir 2>&1 | filecheck %s --check-prefix=ACC
// CHECK: {{^}}{{.*}}err-ptoas-fixed-sharing.mlir:[[# @LINE + 8]]:8: error: pto-plan-memory: %x and %y are both on slot 0 of @buf and live at once where %y is defined; it would destroy data the other still needs -- bind one of them to another slot or declaration{{$}}
// The two arms of acc-if-merge.mlir yield column halves of one Acc tile; their
// linear MemRef windows (issue 26: an Acc slice's window is its row-major
// bytes) overlap, so the merge gets a root of its own, where no arm lands.
// ACC: {{^}}{{.*}}acc-if-merge.mlir:11:5: error: pto-plan-memory: if-merged accumulator %left is computed in @mem_acc_4 but must land in @mem_acc_5, and no Acc->Acc copy exists; update the carried accumulator in place (e.g. tile.matmul_acc){{$}}
func.func @same_slot(%a: memref<64x64xf32>, %o: memref<64x64xf32>) {
  %c0 = arith.constant 0 : index
  %x = tile.load %a[%c0, %c0] : memref<64x64xf32> -> !tile.tile<64x64xf32, vec, alloc = <@buf, slots = 2, slot = 0>>
  %y = tile.load %a[%c0, %c0] : memref<64x64xf32> -> !tile.tile<64x64xf32, vec, alloc = <@buf, slots = 2, slot = 0>>
  %s = tile.add %x, %y : (!tile.tile<64x64xf32, vec, alloc = <@buf, slots = 2, slot = 0>>, !tile.tile<64x64xf32, vec, alloc = <@buf, slots = 2, slot = 0>>) -> !tile.tile<64x64xf32, vec>
  tile.store %s, %o[%c0, %c0] : !tile.tile<64x64xf32, vec>, memref<64x64xf32>
  func.return
}

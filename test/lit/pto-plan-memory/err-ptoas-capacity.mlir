// RUN: not xdsl-opt -p 'pto-plan-memory{planner=ptoas backend=a3}' %s -o %t.out 2>&1 | filecheck %s
// RUN: not test -e %t.out
// RUN: not xdsl-opt -p 'pto-plan-memory{planner=pypto backend=a3}' %s 2>&1 | filecheck %s --check-prefix=PYPTO

// Under planner=ptoas nothing is placed here, but a space whose tiles need
// more than its capacity even where every result takes the bytes of an
// operand read for the last time (the touching lower bound, LOAD) fits under
// no placement: an error at the op where that is reached, as under the other
// planners (ptoas would report a vec overflow). Two 96 KiB tiles live at
// once: 196608 bytes from the second load on.

// CHECK: {{^}}{{.*}}err-ptoas-capacity.mlir:[[# @LINE + 5]]:8: error: pto-plan-memory: planner=ptoas: in 'too_big' the vec tiles live at this op need 196608 bytes even where results take the bytes of operands read for the last time, over the a3 vec capacity for tiles (188416 bytes): no placement fits them{{$}}
// PYPTO: error: allocate-memory-addr: function 'too_big': vec buffer usage
func.func @too_big(%a: memref<96x256xf32>, %b: memref<96x256xf32>, %out: memref<96x256xf32>) {
  %c0 = arith.constant 0 : index
  %x = tile.load %a[%c0, %c0] : memref<96x256xf32> -> !tile.tile<96x256xf32, vec>
  %y = tile.load %b[%c0, %c0] : memref<96x256xf32> -> !tile.tile<96x256xf32, vec>
  %z = tile.add %x, %y : (!tile.tile<96x256xf32, vec>, !tile.tile<96x256xf32, vec>) -> !tile.tile<96x256xf32, vec>
  %w = tile.add %z, %x : (!tile.tile<96x256xf32, vec>, !tile.tile<96x256xf32, vec>) -> !tile.tile<96x256xf32, vec>
  tile.store %w, %out[%c0, %c0] : !tile.tile<96x256xf32, vec>, memref<96x256xf32>
  func.return
}

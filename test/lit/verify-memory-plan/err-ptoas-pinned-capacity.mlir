// A planner=ptoas plan has no addresses, but its declared allocations are
// pinned: ptoas may not reuse them, so together they must fit the space.
// Two 2-slot regions of 64 KiB tiles pin 262144 bytes of A2/A3's 188416 Vec.
// pto-plan-memory refuses it when it knows the backend; a plan made without
// one is refused by the validator and by the lowering.
// RUN: not xdsl-opt -p 'pto-plan-memory{planner=ptoas backend=a3}' %s 2>&1 | filecheck %s --check-prefix=PLAN
// RUN: not xdsl-opt -p 'pto-plan-memory{planner=ptoas},verify-memory-plan{backend=a3}' %s 2>&1 | filecheck %s
// RUN: not xdsl-opt -p 'pto-plan-memory{planner=ptoas},convert-tile-to-pto{backend=a3}' %s 2>&1 | filecheck %s --check-prefix=LOWER
// PLAN: {{^}}{{.*}}: error: pto-plan-memory: the declared allocations of vec up to @q pin 262144 bytes, over the a3 vec capacity (188416 bytes); ptoas may not reuse them{{$}}
// CHECK: {{^}}{{.*}}: error: verify-memory-plan: the declared allocations of vec up to @q pin 262144 bytes, over the a3 vec capacity (188416 bytes); ptoas may not reuse them{{$}}
// LOWER: {{^}}{{.*}}: error: convert-tile-to-pto: the declared allocations of vec up to @q pin 262144 bytes, over the a3 vec capacity (188416 bytes); ptoas may not reuse them{{$}}
func.func @two_regions(%a: memref<128x128xf32>, %o: memref<128x128xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.for %i = %c0 to %c4 step %c1 {
    %x = tile.load %a[%c0, %c0] : memref<128x128xf32> -> !tile.tile<128x128xf32, vec, alloc = <@p, slots = 2, slot = iv>>
    tile.store %x, %o[%c0, %c0] : !tile.tile<128x128xf32, vec, alloc = <@p, slots = 2, slot = iv>>, memref<128x128xf32>
    %y = tile.load %a[%c0, %c0] : memref<128x128xf32> -> !tile.tile<128x128xf32, vec, alloc = <@q, slots = 2, slot = iv>>
    tile.store %y, %o[%c0, %c0] : !tile.tile<128x128xf32, vec, alloc = <@q, slots = 2, slot = iv>>, memref<128x128xf32>
  }
  func.return
}

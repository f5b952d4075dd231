// A declared allocation of more than 16 slots parses and plans under the
// default planner (any slot count); only planner=ptoas refuses it, since it
// becomes a ptoas region (pto.alloc_multi_tile holds 2 to 16 slots).
// RUN: not xdsl-opt -p 'init-memref{planner=ptoas}' %s 2>&1 | filecheck %s
// RUN: xdsl-opt -p 'pto-plan-memory{backend=a3}' %s | filecheck %s --check-prefix=PYPTO
// CHECK: {{^}}{{.*}}err-ptoas-many-slots.mlir:[[# @LINE + 7]]:8: error: init-memref: %x is bound to @ring, a declared allocation with 32 slots; under planner=ptoas it becomes a ptoas region (pto.alloc_multi_tile), which holds at most 16 slots -- declare it with 16 slots or fewer, or use planner=pypto{{$}}
// CHECK-NOT: Traceback
// PYPTO: tile.alloc @ring in vec size 8192 slots 32 pinned addr 0{{$}}
// PYPTO: tile.load {{.*}} -> !tile.tile<1x64xf32, vec, memref = <@ring, offset = 2560, size = 256, slot = 10>>
func.func @k(%a: memref<64x64xf32>, %o: memref<64x64xf32>) {
  %c0 = arith.constant 0 : index
  %c10 = arith.constant 10 : index
  %x = tile.load %a[%c10, %c0] : memref<64x64xf32> -> !tile.tile<1x64xf32, vec, alloc = <@ring, slots = 32, slot = 10>>
  tile.store %x, %o[%c10, %c0] : !tile.tile<1x64xf32, vec, alloc = <@ring, slots = 32, slot = 10>>, memref<64x64xf32>
  func.return
}

// Under planner=ptoas a single-slot declared allocation is refused: ptoas
// plans every alloc_tile itself and would not keep it apart (a multi-slot
// one becomes a ptoas region). Under pypto the same kernel is fine.
// RUN: not xdsl-opt -p 'init-memref{planner=ptoas}' %s 2>&1 | filecheck %s
// RUN: xdsl-opt -p 'init-memref' %s | filecheck %s --check-prefix=PYPTO
// CHECK: {{^}}{{.*}}err-ptoas-single-slot.mlir:[[# @LINE + 4]]:8: error: init-memref: %x is bound to @ping, a declared allocation with one slot; under planner=ptoas, ptoas plans every alloc_tile itself and would not keep it apart -- declare it with slots = 2 or more (a ptoas region), or use planner=pypto{{$}}
// PYPTO: tile.alloc @ping in vec size 16384 pinned
func.func @single(%a: memref<64x64xf32>, %o: memref<64x64xf32>) {
  %c0 = arith.constant 0 : index
  %x = tile.load %a[%c0, %c0] : memref<64x64xf32> -> !tile.tile<64x64xf32, vec, alloc = <@ping>>
  tile.store %x, %o[%c0, %c0] : !tile.tile<64x64xf32, vec, alloc = <@ping>>, memref<64x64xf32>
  func.return
}

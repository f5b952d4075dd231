// A planned ptoas module whose declared allocation has one slot: no region
// can describe it and nothing else would keep it apart (init-memref refuses
// the binding itself: err-ptoas-single-slot.mlir in init-memref/).
// RUN: not xdsl-opt -p 'convert-tile-to-pto' %s 2>&1 | filecheck %s
// CHECK: {{^}}{{.*}}err-ptoas-region-single-slot.mlir:[[# @LINE + 5]]:10: error: convert-tile-to-pto: @ping is a declared allocation with 1 slot(s); a ptoas region has 2 to 16 slots, and under planner=ptoas nothing else keeps a declared allocation apart -- declare it with slots = 2 or more, or use planner=pypto{{$}}
builtin.module attributes {tile.memory_planner = "ptoas", pto.target_arch = "a3"} {
  func.func @single(%a: memref<64x64xf32>, %o: memref<64x64xf32>) {
    tile.alloc @ping in vec size 16384 pinned
    %c0 = arith.constant 0 : index
    %x = tile.load %a[%c0, %c0] : memref<64x64xf32> -> !tile.tile<64x64xf32, vec, memref = <@ping, offset = 0, size = 16384>>
    tile.store %x, %o[%c0, %c0] : !tile.tile<64x64xf32, vec, memref = <@ping, offset = 0, size = 16384>>, memref<64x64xf32>
    func.return
  }
}

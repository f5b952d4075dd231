// A planned module whose tile is on a slotted declaration but selects no
// slot (the window check every lowering runs).
// RUN: not xdsl-opt -p 'convert-tile-to-pto' %s 2>&1 | filecheck %s
// CHECK: {{^}}{{.*}}err-ptoas-region-no-slot.mlir:[[# @LINE + 5]]:10: error: convert-tile-to-pto: %x names no slot but @buf has 2 slot(s){{$}}
builtin.module attributes {tile.memory_planner = "ptoas", pto.target_arch = "a3"} {
  func.func @noslot(%a: memref<64x64xf32>, %o: memref<64x64xf32>) {
    tile.alloc @buf in vec size 32768 slots 2 pinned
    %c0 = arith.constant 0 : index
    %x = tile.load %a[%c0, %c0] : memref<64x64xf32> -> !tile.tile<64x64xf32, vec, memref = <@buf, offset = 0, size = 16384>>
    tile.store %x, %o[%c0, %c0] : !tile.tile<64x64xf32, vec, memref = <@buf, offset = 0, size = 16384>>, memref<64x64xf32>
    func.return
  }
}

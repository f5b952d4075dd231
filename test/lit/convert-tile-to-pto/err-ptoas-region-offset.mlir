// A planned ptoas module whose tile sits inside its slot rather than at its
// start: a multi_tile_get selects a whole slot.
// RUN: not xdsl-opt -p 'convert-tile-to-pto' %s 2>&1 | filecheck %s
// CHECK: {{^}}{{.*}}err-ptoas-region-offset.mlir:[[# @LINE + 5]]:10: error: convert-tile-to-pto: %x starts at byte 8192 of its slot of @buf; a region slot holds one tile from its first byte{{$}}
builtin.module attributes {tile.memory_planner = "ptoas", pto.target_arch = "a3"} {
  func.func @offset(%a: memref<32x64xf32>, %o: memref<32x64xf32>) {
    tile.alloc @buf in vec size 32768 slots 2 pinned
    %c0 = arith.constant 0 : index
    %x = tile.load %a[%c0, %c0] : memref<32x64xf32> -> !tile.tile<32x64xf32, vec, memref = <@buf, offset = 24576, size = 8192, slot = 1>>
    tile.store %x, %o[%c0, %c0] : !tile.tile<32x64xf32, vec, memref = <@buf, offset = 24576, size = 8192, slot = 1>>, memref<32x64xf32>
    func.return
  }
}

// A module recorded as planned by ptoas leaves every address to ptoas: a
// tile.alloc with one is refused (ptoas' level 2 rejects an addr).
// RUN: not xdsl-opt -p 'verify-memory-plan' %s 2>&1 | filecheck %s
// CHECK: {{^}}{{.*}}err-ptoas-addressed.mlir:[[# @LINE + 3]]:5: error: verify-memory-plan: allocation @mem_vec_0 has an address, but under planner=ptoas ptoas places every buffer{{$}}
builtin.module attributes {tile.memory_planner = "ptoas", pto.target_arch = "a3"} {
  func.func @k(%a: memref<64x64xf32>, %o: memref<64x64xf32>) {
    tile.alloc @mem_vec_0 in vec size 16384 addr 0
    %c0 = arith.constant 0 : index
    %x = tile.load %a[%c0, %c0] : memref<64x64xf32> -> !tile.tile<64x64xf32, vec, memref = <@mem_vec_0, offset = 0, size = 16384>>
    tile.store %x, %o[%c0, %c0] : !tile.tile<64x64xf32, vec, memref = <@mem_vec_0, offset = 0, size = 16384>>, memref<64x64xf32>
    func.return
  }
}

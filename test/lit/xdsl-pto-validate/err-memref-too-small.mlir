// RUN: not xdsl-pto validate %s 2>&1 | filecheck %s

// A MemRef smaller than its tile (8192 of 16384 bytes) would hide an overlap
// with the next root.
// CHECK: {{^}}{{.*}}err-memref-too-small.mlir:13:15: error: verify-memory-plan: %tile_b has the window <@mem_vec_1, offset = 0, size = 8192> but its bytes are <@mem_vec_1, offset = 0, size = 16384>{{$}}
builtin.module attributes {pto.target_arch = "a3"} {
  func.func @elementwise(%input_a: memref<64x64xf32>, %input_b: memref<64x64xf32>, %output: memref<64x64xf32>) {
    tile.alloc @mem_vec_0 in vec size 16384 addr 0
    tile.alloc @mem_vec_1 in vec size 16384 addr 16384
    tile.alloc @mem_vec_2 in vec size 16384 addr 24576
    %c0 = arith.constant 0 : index
    %tile_a = tile.load %input_a[%c0, %c0] : memref<64x64xf32> -> !tile.tile<64x64xf32, vec, memref = <@mem_vec_0, offset = 0, size = 16384>>
    %tile_b = tile.load %input_b[%c0, %c0] : memref<64x64xf32> -> !tile.tile<64x64xf32, vec, memref = <@mem_vec_1, offset = 0, size = 8192>>
    %tile_c = tile.add %tile_a, %tile_b : (!tile.tile<64x64xf32, vec, memref = <@mem_vec_0, offset = 0, size = 16384>>, !tile.tile<64x64xf32, vec, memref = <@mem_vec_1, offset = 0, size = 8192>>) -> !tile.tile<64x64xf32, vec, memref = <@mem_vec_2, offset = 0, size = 16384>>
    %tile_d = tile.mul %tile_c, %tile_a : (!tile.tile<64x64xf32, vec, memref = <@mem_vec_2, offset = 0, size = 16384>>, !tile.tile<64x64xf32, vec, memref = <@mem_vec_0, offset = 0, size = 16384>>) -> !tile.tile<64x64xf32, vec, memref = <@mem_vec_0, offset = 0, size = 16384>>
    %tile_e = tile.exp %tile_d : (!tile.tile<64x64xf32, vec, memref = <@mem_vec_0, offset = 0, size = 16384>>) -> !tile.tile<64x64xf32, vec, memref = <@mem_vec_0, offset = 0, size = 16384>>
    %tile_f = tile.add %tile_e, %tile_b : (!tile.tile<64x64xf32, vec, memref = <@mem_vec_0, offset = 0, size = 16384>>, !tile.tile<64x64xf32, vec, memref = <@mem_vec_1, offset = 0, size = 8192>>) -> !tile.tile<64x64xf32, vec, memref = <@mem_vec_0, offset = 0, size = 16384>>
    tile.store %tile_f, %output[%c0, %c0] : !tile.tile<64x64xf32, vec, memref = <@mem_vec_0, offset = 0, size = 16384>>, memref<64x64xf32>
    func.return
  }
}

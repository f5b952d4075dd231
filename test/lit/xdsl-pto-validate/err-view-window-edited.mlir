// RUN: not xdsl-pto validate %s 2>&1 | filecheck %s
// RUN: not xdsl-pto run %s 2>&1 | filecheck %s --check-prefix=EXEC

// A slice's MemRef must be where its source's bytes are: %sub = rows 4..7
// of %rows starts at byte 5120 of the root, not 4096.
// CHECK: {{^}}{{.*}}err-view-window-edited.mlir:18:12: error: verify-memory-plan: %sub has the window <@mem_vec_0, offset = 4096, size = 1024> but its bytes are <@mem_vec_0, offset = 5120, size = 1024>{{$}}
// EXEC: {{.*}}err-view-window-edited.mlir: error: @views: %out2[0, 0] expected 1.9957944 got 0.7204465;
builtin.module attributes {pto.target_arch = "a3"} {
  func.func @views(%in: memref<64x64xf32>, %in2: memref<16x64xf32>, %out: memref<16x64xf32>, %out2: memref<4x64xf32>) {
    tile.alloc @mem_vec_0 in vec size 16384 addr 0
    tile.alloc @mem_vec_1 in vec size 4096 addr 16384
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %a = tile.load %in[%c0, %c0] : memref<64x64xf32> -> !tile.tile<64x64xf32, vec, memref = <@mem_vec_0, offset = 0, size = 16384>>
    %rows = tile.slice %a, %c16, %c0 : (!tile.tile<64x64xf32, vec, memref = <@mem_vec_0, offset = 0, size = 16384>>, index, index) -> !tile.tile<16x64xf32, vec, memref = <@mem_vec_0, offset = 4096, size = 4096>>
    %sub = tile.slice %rows, %c4, %c0 : (!tile.tile<16x64xf32, vec, memref = <@mem_vec_0, offset = 4096, size = 4096>>, index, index) -> !tile.tile<4x64xf32, vec, memref = <@mem_vec_0, offset = 4096, size = 1024>>
    %b = tile.load %in2[%c0, %c0] : memref<16x64xf32> -> !tile.tile<16x64xf32, vec, memref = <@mem_vec_1, offset = 0, size = 4096>>
    %x = tile.add %rows, %b : (!tile.tile<16x64xf32, vec, memref = <@mem_vec_0, offset = 4096, size = 4096>>, !tile.tile<16x64xf32, vec, memref = <@mem_vec_1, offset = 0, size = 4096>>) -> !tile.tile<16x64xf32, vec, memref = <@mem_vec_1, offset = 0, size = 4096>>
    %y = tile.exp %sub : (!tile.tile<4x64xf32, vec, memref = <@mem_vec_0, offset = 4096, size = 1024>>) -> !tile.tile<4x64xf32, vec, memref = <@mem_vec_0, offset = 0, size = 1024>>
    tile.store %x, %out[%c0, %c0] : !tile.tile<16x64xf32, vec, memref = <@mem_vec_1, offset = 0, size = 4096>>, memref<16x64xf32>
    tile.store %y, %out2[%c0, %c0] : !tile.tile<4x64xf32, vec, memref = <@mem_vec_0, offset = 0, size = 1024>>, memref<4x64xf32>
    func.return
  }
}

// RUN: not xdsl-opt -p 'verify-memory-plan{backend=a5}' %s 2>&1 | filecheck %s

// The written-workspace bound is inclusive: %t, computed in place over %d
// (whose last read is %t's own definition), is still a workspace written over
// a value that died at its definition.
// CHECK: {{^}}{{.*}}err-workspace-in-place.mlir:[[# @LINE + 13]]:10: error: verify-memory-plan: tile.sels writes its workspace %t [16384, 32768) over %d [16384, 32768) (written-workspace hazard: %d is last read at or before the definition of %t){{$}}

builtin.module attributes {pto.target_arch = "a5"} {
  func.func @workspace_in_place(%in: memref<64x64xf32>, %out: memref<64x64xf32>, %raw: memref<64x64xf32>) {
    tile.alloc @mem_vec_0 in vec size 16384 addr 0
    tile.alloc @mem_vec_1 in vec size 16384 addr 16384
    tile.alloc @mem_vec_2 in vec size 4096 addr 32768
    %c0 = arith.constant 0 : index
    %hi = arith.constant 6.000000e+00 : f32
    %x = tile.load %in[%c0, %c0] : memref<64x64xf32> -> !tile.tile<64x64xf32, vec, memref = <@mem_vec_0, offset = 0, size = 16384>>
    %d = tile.load %in[%c0, %c0] : memref<64x64xf32> -> !tile.tile<64x64xf32, vec, memref = <@mem_vec_1, offset = 0, size = 16384>>
    %m = tile.cmps %x, %hi {cmp_mode = "gt"} : (!tile.tile<64x64xf32, vec, memref = <@mem_vec_0, offset = 0, size = 16384>>, f32) -> !tile.tile<64x64xi8, vec, memref = <@mem_vec_2, offset = 0, size = 4096>>
    %t = tile.adds %d, %hi : (!tile.tile<64x64xf32, vec, memref = <@mem_vec_1, offset = 0, size = 16384>>, f32) -> !tile.tile<64x64xf32, vec, memref = <@mem_vec_1, offset = 0, size = 16384>>
    %y = tile.sels %m, %x, %t, %hi : (!tile.tile<64x64xi8, vec, memref = <@mem_vec_2, offset = 0, size = 4096>>, !tile.tile<64x64xf32, vec, memref = <@mem_vec_0, offset = 0, size = 16384>>, !tile.tile<64x64xf32, vec, memref = <@mem_vec_1, offset = 0, size = 16384>>, f32) -> !tile.tile<64x64xf32, vec, memref = <@mem_vec_1, offset = 0, size = 16384>>
    tile.store %y, %out[%c0, %c0] : !tile.tile<64x64xf32, vec, memref = <@mem_vec_1, offset = 0, size = 16384>>, memref<64x64xf32>
    tile.store %x, %raw[%c0, %c0] : !tile.tile<64x64xf32, vec, memref = <@mem_vec_0, offset = 0, size = 16384>>, memref<64x64xf32>
    func.return
  }
}


// RUN: not xdsl-opt -p 'verify-memory-plan{backend=a3}' %s 2>&1 | filecheck %s --check-prefix=A3
// RUN: xdsl-opt -p 'verify-memory-plan{backend=a5}' %s | filecheck %s --check-prefix=A5

// tile.sels with its tmp on its src's bytes (a view the author passed):
// A5 never reads the tmp; A2/A3 writes it while reading src.
// A3: {{^}}{{.*}}err-target-sels-tmp.mlir:[[# @LINE + 12]]:10: error: verify-memory-plan: tile.sels tmp %t [0, 4096) overlaps its operand %x [0, 4096), which the op forbids on a3{{$}}
// A5: func.func

builtin.module attributes {pto.target_arch = "a5"} {
  func.func @sels_tmp_on_src(%a: memref<16x64xf32>, %o: memref<16x64xf32>) {
    tile.alloc @mem_vec_0 in vec size 4096 addr 0
    tile.alloc @mem_vec_1 in vec size 1024 addr 4096
    %c0 = arith.constant 0 : index
    %hi = arith.constant 6.000000e+00 : f32
    %x = tile.load %a[%c0, %c0] : memref<16x64xf32> -> !tile.tile<16x64xf32, vec, memref = <@mem_vec_0, offset = 0, size = 4096>>
    %m = tile.cmps %x, %hi {cmp_mode = "gt"} : (!tile.tile<16x64xf32, vec, memref = <@mem_vec_0, offset = 0, size = 4096>>, f32) -> !tile.tile<16x64xi8, vec, memref = <@mem_vec_1, offset = 0, size = 1024>>
    %t = tile.reshape %x : (!tile.tile<16x64xf32, vec, memref = <@mem_vec_0, offset = 0, size = 4096>>) -> !tile.tile<64x16xf32, vec, memref = <@mem_vec_0, offset = 0, size = 4096>>
    %y = tile.sels %m, %x, %t, %hi : (!tile.tile<16x64xi8, vec, memref = <@mem_vec_1, offset = 0, size = 1024>>, !tile.tile<16x64xf32, vec, memref = <@mem_vec_0, offset = 0, size = 4096>>, !tile.tile<64x16xf32, vec, memref = <@mem_vec_0, offset = 0, size = 4096>>, f32) -> !tile.tile<16x64xf32, vec, memref = <@mem_vec_0, offset = 0, size = 4096>>
    tile.store %y, %o[%c0, %c0] : !tile.tile<16x64xf32, vec, memref = <@mem_vec_0, offset = 0, size = 4096>>, memref<16x64xf32>
    func.return
  }
}


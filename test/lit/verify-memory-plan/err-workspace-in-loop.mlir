// RUN: not xdsl-opt -p 'verify-memory-plan{backend=a3}' %s 2>&1 | filecheck %s
// RUN: not xdsl-opt -p 'verify-memory-plan{backend=a5}' %s 2>&1 | filecheck %s

// In a loop the workspace shares with nothing (seed 002): here the sels
// result sits on its own tmp, legal in straight-line code, but the next
// iteration's tmp write races this one's reads of %y.
// CHECK: {{^}}{{.*}}err-workspace-in-loop.mlir:[[# @LINE + 15]]:12: error: verify-memory-plan: tile.sels writes its workspace %t [20480, 36864) over %y [20480, 36864) (written-workspace hazard: inside a loop a workspace shares its bytes with nothing){{$}}

builtin.module attributes {pto.target_arch = "a5"} {
  func.func @workspace_in_loop(%in: memref<64x64xf32>, %out: memref<64x64xf32>, %raw: memref<64x64xf32>) {
    tile.alloc @mem_vec_0 in vec size 16384 addr 0
    tile.alloc @mem_vec_1 in vec size 4096 addr 16384
    tile.alloc @mem_vec_2 in vec size 16384 addr 20480
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %hi = arith.constant 6.000000e+00 : f32
    scf.for %i = %c0 to %c4 step %c1 {
      %x = tile.load %in[%c0, %c0] : memref<64x64xf32> -> !tile.tile<64x64xf32, vec, memref = <@mem_vec_0, offset = 0, size = 16384>>
      %m = tile.cmps %x, %hi {cmp_mode = "gt"} : (!tile.tile<64x64xf32, vec, memref = <@mem_vec_0, offset = 0, size = 16384>>, f32) -> !tile.tile<64x64xi8, vec, memref = <@mem_vec_1, offset = 0, size = 4096>>
      %t = tile.create : !tile.tile<64x64xf32, vec, memref = <@mem_vec_2, offset = 0, size = 16384>>
      %y = tile.sels %m, %x, %t, %hi : (!tile.tile<64x64xi8, vec, memref = <@mem_vec_1, offset = 0, size = 4096>>, !tile.tile<64x64xf32, vec, memref = <@mem_vec_0, offset = 0, size = 16384>>, !tile.tile<64x64xf32, vec, memref = <@mem_vec_2, offset = 0, size = 16384>>, f32) -> !tile.tile<64x64xf32, vec, memref = <@mem_vec_2, offset = 0, size = 16384>>
      tile.store %y, %out[%c0, %c0] : !tile.tile<64x64xf32, vec, memref = <@mem_vec_2, offset = 0, size = 16384>>, memref<64x64xf32>
      tile.store %x, %raw[%c0, %c0] : !tile.tile<64x64xf32, vec, memref = <@mem_vec_0, offset = 0, size = 16384>>, memref<64x64xf32>
    }
    func.return
  }
}


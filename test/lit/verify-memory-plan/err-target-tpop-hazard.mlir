// RUN: not xdsl-opt -p 'verify-memory-plan{backend=a3}' %s 2>&1 | filecheck %s --check-prefix=A3
// RUN: xdsl-opt -p 'verify-memory-plan{backend=a5}' %s | filecheck %s --check-prefix=A5

// The Ascend910 load + tpop hazard on bytes: in a split vector kernel the
// add reads a tpop value and writes over the load it also reads. Legal on
// A5 (where this plan was made), wrong on A2/A3.
// A3: {{^}}{{.*}}err-target-tpop-hazard.mlir:[[# @LINE + 11]]:10: error: verify-memory-plan: tile.add reads a tpop value and writes its result %w [0, 16384) over the load-derived %l [0, 16384) (Ascend910 load + tpop hazard on a3, split vector kernel){{$}}
// A5: func.func

builtin.module attributes {pto.target_arch = "a5"} {
  func.func @direct(%in: memref<64x64xf32>, %out: memref<64x64xf32>) attributes {tile.split_mode = 1 : i64} {
    %pipe = arith.constant 0 : i32
    tile.aiv_initialize_pipe %pipe, %pipe {dir_mask = 3 : i64, slot_size = 16384 : i64}
    tile.alloc @mem_vec_0 in vec size 16384 addr 0
    %c0 = arith.constant 0 : index
    %l = tile.load %in[%c0, %c0] : memref<64x64xf32> -> !tile.tile<64x64xf32, vec, memref = <@mem_vec_0, offset = 0, size = 16384>>
    %p = tile.tpop_from_aic {split = 1 : i64} : !tile.tile<64x64xf32, vec>
    %w = tile.add %l, %p : (!tile.tile<64x64xf32, vec, memref = <@mem_vec_0, offset = 0, size = 16384>>, !tile.tile<64x64xf32, vec>) -> !tile.tile<64x64xf32, vec, memref = <@mem_vec_0, offset = 0, size = 16384>>
    tile.store %w, %out[%c0, %c0] : !tile.tile<64x64xf32, vec, memref = <@mem_vec_0, offset = 0, size = 16384>>, memref<64x64xf32>
    func.return
  }
}


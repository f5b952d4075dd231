// RUN: not xdsl-opt -p 'memory-reuse{backend=a3}' %s 2>&1 | filecheck %s

// A tpop result lives in reserved pipe storage: a MemRef on it is an error
// in every planning pass (here memory-reuse), not a buffer to plan.
// CHECK: {{^}}{{.*}}err-tpop-memref.mlir:[[# @LINE + 6]]:8: error: memory-reuse: a tpop result and its views live in reserved pipe storage and take no MemRef{{$}}
func.func @k(%out: memref<64x64xf32>) {
  %pipe = arith.constant 0 : i32
  tile.aiv_initialize_pipe %pipe, %pipe {dir_mask = 3 : i64, slot_size = 16384 : i64}
  tile.alloc @mem_vec_0 in vec size 16384
  %c0 = arith.constant 0 : index
  %p = tile.tpop_from_aic {split = 0 : i64} : !tile.tile<64x64xf32, vec, memref = <@mem_vec_0, offset = 0, size = 16384>>
  tile.store %p, %out[%c0, %c0] : !tile.tile<64x64xf32, vec, memref = <@mem_vec_0, offset = 0, size = 16384>>, memref<64x64xf32>
  func.return
}

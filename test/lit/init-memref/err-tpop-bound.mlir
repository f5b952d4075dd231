// RUN: not xdsl-opt -p init-memref %s 2>&1 | filecheck %s

// A tpop result lives in reserved pipe storage; it cannot be bound to a
// declared allocation.
// CHECK: {{^}}{{.*}}err-tpop-bound.mlir:[[# @LINE + 5]]:8: error: init-memref: a tpop result and its views live in reserved pipe storage; they cannot be bound to @pipe{{$}}
func.func @k(%out: memref<64x64xf32>) {
  %pipe = arith.constant 0 : i32
  tile.aiv_initialize_pipe %pipe, %pipe {dir_mask = 3 : i64, slot_size = 16384 : i64}
  %c0 = arith.constant 0 : index
  %p = tile.tpop_from_aic {split = 0 : i64} : !tile.tile<64x64xf32, vec, alloc = <@pipe>>
  tile.store %p, %out[%c0, %c0] : !tile.tile<64x64xf32, vec, alloc = <@pipe>>, memref<64x64xf32>
  func.return
}

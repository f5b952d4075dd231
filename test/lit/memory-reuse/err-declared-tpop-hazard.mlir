// RUN: not xdsl-opt -p 'pto-plan-memory{backend=a3}' %s 2>&1 | filecheck %s

// A load and the add that reads it and a tpop value, both bound by the author
// to one declared allocation, in a split vector kernel on a3: the Ascend910
// load + tpop hazard forbids exactly that sharing. (Found by a fresh-user
// breaker: only verify-memory-plan refused it.)
// CHECK: {{^}}{{.*}}err-declared-tpop-hazard.mlir:[[# @LINE + 7]]:8: error: memory-reuse: tile.add reads a tpop value and writes its result over the load-derived %l, which shares its buffer (Ascend910 load + tpop hazard); give the result a buffer of its own{{$}}
func.func @decl_tpop(%in: memref<64x64xf32>, %out: memref<64x64xf32>) attributes {tile.split_mode = 1 : i64} {
  %pipe = arith.constant 0 : i32
  tile.aiv_initialize_pipe %pipe, %pipe {dir_mask = 3 : i64, slot_size = 16384 : i64}
  %c0 = arith.constant 0 : index
  %l = tile.load %in[%c0, %c0] : memref<64x64xf32> -> !tile.tile<64x64xf32, vec, alloc = <@b>>
  %p = tile.tpop_from_aic {split = 1 : i64} : !tile.tile<64x64xf32, vec>
  %w = tile.add %l, %p : (!tile.tile<64x64xf32, vec, alloc = <@b>>, !tile.tile<64x64xf32, vec>) -> !tile.tile<64x64xf32, vec, alloc = <@b>>
  tile.store %w, %out[%c0, %c0] : !tile.tile<64x64xf32, vec, alloc = <@b>>, memref<64x64xf32>
  func.return
}

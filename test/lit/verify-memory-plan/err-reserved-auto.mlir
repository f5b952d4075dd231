// RUN: not xdsl-opt -p verify-memory-plan %s 2> %t.err
// RUN: filecheck %s < %t.err

// An addressed plan whose reservation is still AUTO: allocate-memory-addr
// resolves it, so the plan did not come from there.
// CHECK: err-reserved-auto.mlir:9:11: error: verify-memory-plan: the reserved buffer "ring" has no base (AUTO) in a plan with addresses; run allocate-memory-addr (or pto-plan-memory), which resolves it
func.func @k(%in: memref<32x32xf32>, %out: memref<32x32xf32>) {
  tile.alloc @mem_vec_0 in vec size 4096 addr 4096
  %ring = tile.reserve_buffer "ring" size 4096 in vec
  %c0 = arith.constant 0 : index
  %a = tile.load %in[%c0, %c0] : memref<32x32xf32> -> !tile.tile<32x32xf32, vec, memref = <@mem_vec_0, offset = 0, size = 4096>>
  tile.store %a, %out[%c0, %c0] : !tile.tile<32x32xf32, vec, memref = <@mem_vec_0, offset = 0, size = 4096>>, memref<32x32xf32>
  func.return
}

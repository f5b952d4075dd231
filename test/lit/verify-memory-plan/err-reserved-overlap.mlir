// RUN: not xdsl-opt -p verify-memory-plan %s 2> %t.err
// RUN: filecheck %s < %t.err

// A hand-edited plan: @mem_vec_0 starts inside the reserved ring [0, 4096).
// CHECK: err-reserved-overlap.mlir:{{[0-9]+}}:3: error: verify-memory-plan: allocation @mem_vec_0 (bytes [2048, 6144) of vec) overlaps the reserved cross-core window "ring" (bytes [0, 4096)); tiles must stay clear of a pipe's ring buffer
// CHECK-NOT: Traceback
func.func @k(%in: memref<32x32xf32>, %out: memref<32x32xf32>) {
  tile.alloc @mem_vec_0 in vec size 4096 addr 2048
  %ring = tile.reserve_buffer "ring" size 4096 in vec at 0
  %c0 = arith.constant 0 : index
  %a = tile.load %in[%c0, %c0] : memref<32x32xf32> -> !tile.tile<32x32xf32, vec, memref = <@mem_vec_0, offset = 0, size = 4096>>
  tile.store %a, %out[%c0, %c0] : !tile.tile<32x32xf32, vec, memref = <@mem_vec_0, offset = 0, size = 4096>>, memref<32x32xf32>
  func.return
}

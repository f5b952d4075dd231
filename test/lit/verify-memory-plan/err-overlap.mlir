// RUN: not xdsl-opt -p verify-memory-plan %s 2>&1 | filecheck %s

// A hand-edited plan: %b is loaded into %a's bytes while %a is still read by
// the add.
// CHECK: {{^}}{{.*}}err-overlap.mlir:13:8: error: verify-memory-plan: %a [0, 4096) and %b [2048, 6144) overlap in vec and are both live where %b is defined{{$}}
// CHECK-NOT: Traceback
func.func @k(%in: memref<32x32xf32>, %out: memref<32x32xf32>) {
  tile.alloc @mem_vec_0 in vec size 4096 addr 0
  tile.alloc @mem_vec_1 in vec size 4096 addr 2048
  tile.alloc @mem_vec_2 in vec size 4096 addr 8192
  %c0 = arith.constant 0 : index
  %a = tile.load %in[%c0, %c0] : memref<32x32xf32> -> !tile.tile<32x32xf32, vec, memref = <@mem_vec_0, offset = 0, size = 4096>>
  %b = tile.load %in[%c0, %c0] : memref<32x32xf32> -> !tile.tile<32x32xf32, vec, memref = <@mem_vec_1, offset = 0, size = 4096>>
  %c = tile.add %a, %b : (!tile.tile<32x32xf32, vec, memref = <@mem_vec_0, offset = 0, size = 4096>>, !tile.tile<32x32xf32, vec, memref = <@mem_vec_1, offset = 0, size = 4096>>) -> !tile.tile<32x32xf32, vec, memref = <@mem_vec_2, offset = 0, size = 4096>>
  tile.store %c, %out[%c0, %c0] : !tile.tile<32x32xf32, vec, memref = <@mem_vec_2, offset = 0, size = 4096>>, memref<32x32xf32>
  func.return
}

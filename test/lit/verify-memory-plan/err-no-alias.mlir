// RUN: not xdsl-opt -p verify-memory-plan %s 2>&1 | filecheck %s

// tile.recip is not in-place safe: its result may not sit on its operand's
// bytes, even though the operand dies at the recip.
// CHECK: {{^}}{{.*}}err-no-alias.mlir:10:8: error: verify-memory-plan: tile.recip result %r [0, 4096) overlaps its operand %a [0, 4096), which the op forbids{{$}}
func.func @k(%in: memref<32x32xf32>, %out: memref<32x32xf32>) {
  tile.alloc @mem_vec_0 in vec size 4096 addr 0
  %c0 = arith.constant 0 : index
  %a = tile.load %in[%c0, %c0] : memref<32x32xf32> -> !tile.tile<32x32xf32, vec, memref = <@mem_vec_0, offset = 0, size = 4096>>
  %r = tile.recip %a : (!tile.tile<32x32xf32, vec, memref = <@mem_vec_0, offset = 0, size = 4096>>) -> !tile.tile<32x32xf32, vec, memref = <@mem_vec_0, offset = 0, size = 4096>>
  tile.store %r, %out[%c0, %c0] : !tile.tile<32x32xf32, vec, memref = <@mem_vec_0, offset = 0, size = 4096>>, memref<32x32xf32>
  func.return
}

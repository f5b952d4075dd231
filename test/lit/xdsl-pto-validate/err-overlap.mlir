// A hand-edited plan: %b sits on %a's bytes while both are live.
// RUN: not xdsl-pto validate %s 2>&1 | filecheck %s
// CHECK: {{.*}}err-overlap.mlir:[[# @LINE + 7]]:8: error: verify-memory-plan: %a [0, 1024) and %b [0, 1024) overlap in vec and are both live where %b is defined
builtin.module attributes {pto.target_arch = "a3"} {
func.func @plain(%in_a: memref<16x16xf32>, %in_b: memref<16x16xf32>, %out: memref<16x16xf32>) {
  tile.alloc @mem_vec_0 in vec size 1024 addr 0
  tile.alloc @mem_vec_1 in vec size 1024 addr 0
  %c0 = arith.constant 0 : index
  %a = tile.load %in_a[%c0, %c0] : memref<16x16xf32> -> !tile.tile<16x16xf32, vec, memref = <@mem_vec_0, offset = 0, size = 1024>>
  %b = tile.load %in_b[%c0, %c0] : memref<16x16xf32> -> !tile.tile<16x16xf32, vec, memref = <@mem_vec_1, offset = 0, size = 1024>>
  %c = tile.add %a, %b : (!tile.tile<16x16xf32, vec, memref = <@mem_vec_0, offset = 0, size = 1024>>, !tile.tile<16x16xf32, vec, memref = <@mem_vec_1, offset = 0, size = 1024>>) -> !tile.tile<16x16xf32, vec, memref = <@mem_vec_0, offset = 0, size = 1024>>
  tile.store %c, %out[%c0, %c0] : !tile.tile<16x16xf32, vec, memref = <@mem_vec_0, offset = 0, size = 1024>>, memref<16x16xf32>
  func.return
}
}

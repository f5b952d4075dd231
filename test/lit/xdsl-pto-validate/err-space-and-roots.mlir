// RUN: not xdsl-pto validate %s 2>&1 | filecheck %s
// RUN: sed -e 's/^  tile.alloc @mem_vec_0 .*$/&\n&/' %s | not xdsl-pto validate - 2>&1 | filecheck %s --check-prefix=TWICE
// RUN: sed -e 's/@mem_vec_1 in mat size 1024 addr 1024/@mem_vec_1 in vec size 256 addr 1024/' %s | not xdsl-pto validate - 2>&1 | filecheck %s --check-prefix=SMALL

// Each MemRef must describe its value: a vec tile on a mat allocation, a
// root declared twice, a tile larger than its root.
// CHECK: {{.*}}err-space-and-roots.mlir:16:8: error: verify-memory-plan: %b is a vec tile but @mem_vec_1 is a mat allocation
// TWICE: <stdin>:13:3: error: verify-memory-plan: allocation @mem_vec_0 is declared twice
// SMALL: <stdin>:16:8: error: verify-memory-plan: %b occupies [0, 1024) of @mem_vec_1, which has 256 bytes
builtin.module attributes {pto.target_arch = "a3"} {
func.func @k(%in: memref<16x16xf32>, %out: memref<16x16xf32>) {
  tile.alloc @mem_vec_0 in vec size 1024 addr 0
  tile.alloc @mem_vec_1 in mat size 1024 addr 1024
  %c0 = arith.constant 0 : index
  %a = tile.load %in[%c0, %c0] : memref<16x16xf32> -> !tile.tile<16x16xf32, vec, memref = <@mem_vec_0, offset = 0, size = 1024>>
  %b = tile.exp %a : (!tile.tile<16x16xf32, vec, memref = <@mem_vec_0, offset = 0, size = 1024>>) -> !tile.tile<16x16xf32, vec, memref = <@mem_vec_1, offset = 0, size = 1024>>
  tile.store %b, %out[%c0, %c0] : !tile.tile<16x16xf32, vec, memref = <@mem_vec_1, offset = 0, size = 1024>>, memref<16x16xf32>
  func.return
}
}

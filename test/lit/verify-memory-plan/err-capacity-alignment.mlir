// RUN: not xdsl-opt -p 'verify-memory-plan{backend=a3}' %s 2>&1 | filecheck %s
// RUN: sed 's/addr 188416/addr 4100/' %s > %t.mlir
// RUN: not xdsl-opt -p verify-memory-plan %t.mlir 2>&1 | filecheck %s --check-prefix=ALIGN

// CHECK: {{^}}{{.*}}err-capacity-alignment.mlir:9:3: error: verify-memory-plan: allocation @mem_vec_1 ends at byte 192512, past the a3 vec capacity (188416 bytes){{$}}
// ALIGN: {{^}}{{.*}}.mlir:9:3: error: verify-memory-plan: allocation @mem_vec_1 address 4100 is not 32-byte aligned{{$}}
func.func @k(%in: memref<32x32xf32>) {
  tile.alloc @mem_vec_0 in vec size 4096 addr 0
  tile.alloc @mem_vec_1 in vec size 4096 addr 188416
  %c0 = arith.constant 0 : index
  %a = tile.load %in[%c0, %c0] : memref<32x32xf32> -> !tile.tile<32x32xf32, vec, memref = <@mem_vec_0, offset = 0, size = 4096>>
  %b = tile.load %in[%c0, %c0] : memref<32x32xf32> -> !tile.tile<32x32xf32, vec, memref = <@mem_vec_1, offset = 0, size = 4096>>
  func.return
}

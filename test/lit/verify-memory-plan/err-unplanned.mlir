// RUN: not xdsl-opt -p 'init-memref,verify-memory-plan' %s 2>&1 | filecheck %s

// CHECK: {{^}}{{.*}}err-unplanned.mlir:{{[0-9]+}}:{{[0-9]+}}: error: verify-memory-plan: allocation @mem_vec_0 has no address; run allocate-memory-addr (or pto-plan-memory) first{{$}}
func.func @k(%in: memref<32x32xf32>) {
  %c0 = arith.constant 0 : index
  %a = tile.load %in[%c0, %c0] : memref<32x32xf32> -> !tile.tile<32x32xf32, vec>
  func.return
}

// RUN: xdsl-opt -p 'pto-plan-memory{backend=a3},verify-memory-plan' %examples/softmax.mlir | filecheck %s
// RUN: xdsl-opt -p 'pto-plan-memory{backend=a3},verify-memory-plan' %examples/flash_attention.mlir | filecheck %s --check-prefix=FA
// RUN: xdsl-opt -p 'pto-plan-memory{backend=a3 verify=true}' %examples/matmul_k.mlir | filecheck %s --check-prefix=MM

// The planner's own plans of the examples verify (the pass changes nothing).
// CHECK: func.func @softmax
// CHECK: tile.alloc @mem_vec_0 in vec size 32768 addr 0
// FA: func.func @flash_attn_vec
// MM: func.func @matmul_k

// RUN: xdsl-opt -p 'pto-plan-memory{backend=a2}' %examples/elementwise.mlir | xdsl-opt -p 'pto-plan-memory{backend=a3}' | filecheck %s
// RUN: xdsl-opt -p 'pto-plan-memory{backend=a2}' %examples/elementwise.mlir | not xdsl-opt -p 'pto-plan-memory{backend=a5}' 2>&1 | filecheck %s --check-prefix=A5

// a2 and a3 share one set of sharing rules: a plan made for a2 is re-checked
// for a3 (only addresses are redone) and recorded as a3; a5 is another family.
// CHECK: builtin.module attributes {pto.target_arch = "a3"}
// CHECK: tile.alloc @mem_vec_0 in vec size 16384 addr 0
// A5: error: allocate-memory-addr: the module was planned for a2 (pto.target_arch), not a5;

// Every shipped example, planned for A3 and run both ways on seeded inputs:
// the physical run (bytes at the planned addresses) reproduces the logical
// one (one array per tile value) exactly.
// RUN: xdsl-pto run %examples/elementwise.mlir | filecheck %s --check-prefix=ELEMENTWISE
// RUN: xdsl-pto run %examples/softmax.mlir --seed 5 | filecheck %s --check-prefix=SOFTMAX
// RUN: xdsl-pto run %examples/rmsnorm.mlir --backend a2 | filecheck %s --check-prefix=RMSNORM
// RUN: xdsl-pto run %examples/matmul_k.mlir | filecheck %s --check-prefix=MATMUL
// RUN: xdsl-pto run %examples/flash_attention.mlir --backend a5 | filecheck %s --check-prefix=FLASH
// The Mat-resident matmuls are tiled first (auto-tile-matmul-l0 is the first
// pass of the default pipeline): the tiled kernel computes the untiled one's numbers.
// RUN: xdsl-pto run %examples/matmul_auto.mlir | filecheck %s --check-prefix=AUTO
// RUN: xdsl-pto run %examples/matmul_grid.mlir --seed 2 | filecheck %s --check-prefix=GRID
// An already planned module is run as it is.
// RUN: xdsl-opt -p 'pto-plan-memory{backend=a3}' %examples/softmax.mlir | xdsl-pto run - | filecheck %s --check-prefix=PLANNED
// ELEMENTWISE: {{.*}}elementwise.mlir: logical and physical runs agree (seed 0)
// SOFTMAX: {{.*}}softmax.mlir: logical and physical runs agree (seed 5)
// RMSNORM: {{.*}}rmsnorm.mlir: logical and physical runs agree (seed 0)
// MATMUL: {{.*}}matmul_k.mlir: logical and physical runs agree (seed 0)
// FLASH: {{.*}}flash_attention.mlir: logical and physical runs agree (seed 0)
// AUTO: {{.*}}matmul_auto.mlir: logical and physical runs agree (seed 0)
// GRID: {{.*}}matmul_grid.mlir: logical and physical runs agree (seed 2)
// PLANNED: <stdin>: logical and physical runs agree (seed 0)

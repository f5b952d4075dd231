// Every example kernel under planner=dsa_rp: planned (every placement checked by the
// engine's evaluate, the written plan by verify-memory-plan), run on the interpreter with
// the planned addresses and compared with the logical run, lowered with every address
// baked (addr = on each pto.alloc_tile), and the PTO text read back to the same text.
// flash_attention.mlir holds an op whose result must not start inside its operand
// (tile.exp of %shifted): the placement keeps the streaming order.
// A3 only: the same nine runs for A5 are `bench/run.sh`'s dsa-rp-a5.txt (issue 25). The
// placement's A5 rules stay pinned by allocate-memory-addr/dsa-rules.mlir and
// dsa-pipeline.mlir, and pytest's targets campaign plans generated kernels under dsa_rp
// for A5.
// RUN: xdsl-pto run %examples/elementwise.mlir --pipeline 'auto-tile-matmul-l0{backend=a3},lower-pipeline-loops,pto-plan-memory{planner=dsa_rp backend=a3 verify=true}' 2>/dev/null | filecheck %s --check-prefix=RUN-elementwise
// RUN: xdsl-opt -p 'auto-tile-matmul-l0{backend=a3},lower-pipeline-loops,pto-plan-memory{planner=dsa_rp backend=a3 verify=true},convert-tile-to-pto' %examples/elementwise.mlir -o %t.elementwise.mlir 2>/dev/null
// RUN: xdsl-opt %t.elementwise.mlir -o %t.elementwise.again.mlir && diff %t.elementwise.mlir %t.elementwise.again.mlir
// RUN: grep -q 'pto.alloc_tile addr =' %t.elementwise.mlir
// RUN: xdsl-pto run %examples/flash_attention.mlir --pipeline 'auto-tile-matmul-l0{backend=a3},lower-pipeline-loops,pto-plan-memory{planner=dsa_rp backend=a3 verify=true}' 2>/dev/null | filecheck %s --check-prefix=RUN-flash_attention
// RUN: xdsl-opt -p 'auto-tile-matmul-l0{backend=a3},lower-pipeline-loops,pto-plan-memory{planner=dsa_rp backend=a3 verify=true},convert-tile-to-pto' %examples/flash_attention.mlir -o %t.flash_attention.mlir 2>/dev/null
// RUN: xdsl-opt %t.flash_attention.mlir -o %t.flash_attention.again.mlir && diff %t.flash_attention.mlir %t.flash_attention.again.mlir
// RUN: grep -q 'pto.alloc_tile addr =' %t.flash_attention.mlir
// RUN: xdsl-pto run %examples/matmul_k.mlir --pipeline 'auto-tile-matmul-l0{backend=a3},lower-pipeline-loops,pto-plan-memory{planner=dsa_rp backend=a3 verify=true}' 2>/dev/null | filecheck %s --check-prefix=RUN-matmul_k
// RUN: xdsl-opt -p 'auto-tile-matmul-l0{backend=a3},lower-pipeline-loops,pto-plan-memory{planner=dsa_rp backend=a3 verify=true},convert-tile-to-pto' %examples/matmul_k.mlir -o %t.matmul_k.mlir 2>/dev/null
// RUN: xdsl-opt %t.matmul_k.mlir -o %t.matmul_k.again.mlir && diff %t.matmul_k.mlir %t.matmul_k.again.mlir
// RUN: grep -q 'pto.alloc_tile addr =' %t.matmul_k.mlir
// RUN: xdsl-pto run %examples/rmsnorm.mlir --pipeline 'auto-tile-matmul-l0{backend=a3},lower-pipeline-loops,pto-plan-memory{planner=dsa_rp backend=a3 verify=true}' 2>/dev/null | filecheck %s --check-prefix=RUN-rmsnorm
// RUN: xdsl-opt -p 'auto-tile-matmul-l0{backend=a3},lower-pipeline-loops,pto-plan-memory{planner=dsa_rp backend=a3 verify=true},convert-tile-to-pto' %examples/rmsnorm.mlir -o %t.rmsnorm.mlir 2>/dev/null
// RUN: xdsl-opt %t.rmsnorm.mlir -o %t.rmsnorm.again.mlir && diff %t.rmsnorm.mlir %t.rmsnorm.again.mlir
// RUN: grep -q 'pto.alloc_tile addr =' %t.rmsnorm.mlir
// RUN: xdsl-pto run %examples/rmsnorm_pipeline.mlir --pipeline 'auto-tile-matmul-l0{backend=a3},lower-pipeline-loops,pto-plan-memory{planner=dsa_rp backend=a3 verify=true}' 2>/dev/null | filecheck %s --check-prefix=RUN-rmsnorm_pipeline
// RUN: xdsl-opt -p 'auto-tile-matmul-l0{backend=a3},lower-pipeline-loops,pto-plan-memory{planner=dsa_rp backend=a3 verify=true},convert-tile-to-pto' %examples/rmsnorm_pipeline.mlir -o %t.rmsnorm_pipeline.mlir 2>/dev/null
// RUN: xdsl-opt %t.rmsnorm_pipeline.mlir -o %t.rmsnorm_pipeline.again.mlir && diff %t.rmsnorm_pipeline.mlir %t.rmsnorm_pipeline.again.mlir
// RUN: grep -q 'pto.alloc_tile addr =' %t.rmsnorm_pipeline.mlir
// RUN: xdsl-pto run %examples/softmax.mlir --pipeline 'auto-tile-matmul-l0{backend=a3},lower-pipeline-loops,pto-plan-memory{planner=dsa_rp backend=a3 verify=true}' 2>/dev/null | filecheck %s --check-prefix=RUN-softmax
// RUN: xdsl-opt -p 'auto-tile-matmul-l0{backend=a3},lower-pipeline-loops,pto-plan-memory{planner=dsa_rp backend=a3 verify=true},convert-tile-to-pto' %examples/softmax.mlir -o %t.softmax.mlir 2>/dev/null
// RUN: xdsl-opt %t.softmax.mlir -o %t.softmax.again.mlir && diff %t.softmax.mlir %t.softmax.again.mlir
// RUN: grep -q 'pto.alloc_tile addr =' %t.softmax.mlir
// RUN: xdsl-pto run %examples/split_epilogue.mlir --pipeline 'auto-tile-matmul-l0{backend=a3},lower-pipeline-loops,pto-plan-memory{planner=dsa_rp backend=a3 verify=true}' 2>/dev/null | filecheck %s --check-prefix=RUN-split_epilogue
// RUN: xdsl-opt -p 'auto-tile-matmul-l0{backend=a3},lower-pipeline-loops,pto-plan-memory{planner=dsa_rp backend=a3 verify=true},convert-tile-to-pto' %examples/split_epilogue.mlir -o %t.split_epilogue.mlir 2>/dev/null
// RUN: xdsl-opt %t.split_epilogue.mlir -o %t.split_epilogue.again.mlir && diff %t.split_epilogue.mlir %t.split_epilogue.again.mlir
// RUN: grep -q 'pto.alloc_tile addr =' %t.split_epilogue.mlir
// RUN: xdsl-pto run %examples/matmul_auto.mlir --pipeline 'auto-tile-matmul-l0{backend=a3},lower-pipeline-loops,pto-plan-memory{planner=dsa_rp backend=a3 verify=true}' 2>/dev/null | filecheck %s --check-prefix=RUN-matmul_auto
// RUN: xdsl-opt -p 'auto-tile-matmul-l0{backend=a3},lower-pipeline-loops,pto-plan-memory{planner=dsa_rp backend=a3 verify=true},convert-tile-to-pto' %examples/matmul_auto.mlir -o %t.matmul_auto.mlir 2>/dev/null
// RUN: xdsl-opt %t.matmul_auto.mlir -o %t.matmul_auto.again.mlir && diff %t.matmul_auto.mlir %t.matmul_auto.again.mlir
// RUN: grep -q 'pto.alloc_tile addr =' %t.matmul_auto.mlir
// RUN: xdsl-pto run %examples/matmul_grid.mlir --pipeline 'auto-tile-matmul-l0{backend=a3},lower-pipeline-loops,pto-plan-memory{planner=dsa_rp backend=a3 verify=true}' 2>/dev/null | filecheck %s --check-prefix=RUN-matmul_grid
// RUN: xdsl-opt -p 'auto-tile-matmul-l0{backend=a3},lower-pipeline-loops,pto-plan-memory{planner=dsa_rp backend=a3 verify=true},convert-tile-to-pto' %examples/matmul_grid.mlir -o %t.matmul_grid.mlir 2>/dev/null
// RUN: xdsl-opt %t.matmul_grid.mlir -o %t.matmul_grid.again.mlir && diff %t.matmul_grid.mlir %t.matmul_grid.again.mlir
// RUN: grep -q 'pto.alloc_tile addr =' %t.matmul_grid.mlir
// RUN-elementwise: elementwise.mlir: logical and physical runs agree (seed 0)
// RUN-flash_attention: flash_attention.mlir: logical and physical runs agree (seed 0)
// RUN-matmul_k: matmul_k.mlir: logical and physical runs agree (seed 0)
// RUN-rmsnorm: rmsnorm.mlir: logical and physical runs agree (seed 0)
// RUN-rmsnorm_pipeline: rmsnorm_pipeline.mlir: logical and physical runs agree (seed 0)
// RUN-softmax: softmax.mlir: logical and physical runs agree (seed 0)
// RUN-split_epilogue: split_epilogue.mlir: logical and physical runs agree (seed 0)
// RUN-matmul_auto: matmul_auto.mlir: logical and physical runs agree (seed 0)
// RUN-matmul_grid: matmul_grid.mlir: logical and physical runs agree (seed 0)

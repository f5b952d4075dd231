// The README's first command: pto-compile{backend=a3} on an example prints the
// same PTO as the explicit pipeline the example's own test pins (its CHECK lines
// are reused), with nothing on stderr.
// RUN: xdsl-opt -p 'pto-compile{backend=a3}' %examples/softmax.mlir 2>%t.err | filecheck --match-full-lines %S/../examples/softmax.mlir
// RUN: diff /dev/null %t.err
// The matmul examples need auto-tile-matmul-l0 first and the pipeline example
// lower-pipeline-loops (issue 25: the README's old first command refused the first
// two and only warned on the third); pto-compile runs the reference's flow, and
// prints exactly what the five passes print.
// RUN: xdsl-opt -p 'pto-compile{backend=a3}' %examples/matmul_auto.mlir -o %t.auto.mlir
// RUN: xdsl-opt -p 'auto-tile-matmul-l0{backend=a3},lower-pipeline-to-slots{backend=a3},lower-pipeline-loops,pto-plan-memory{backend=a3},convert-tile-to-pto{backend=a3}' %examples/matmul_auto.mlir | diff %t.auto.mlir -
// RUN: xdsl-opt -p 'pto-compile{backend=a3 planner=ptoas}' %examples/rmsnorm_pipeline.mlir -o %t.pipe.mlir 2>%t.pipe.err
// RUN: diff /dev/null %t.pipe.err
// RUN: xdsl-opt -p 'lower-pipeline-to-slots{planner=ptoas backend=a3},lower-pipeline-loops,pto-plan-memory,convert-tile-to-pto' %examples/rmsnorm_pipeline.mlir | diff %t.pipe.mlir -
// Option mistakes name pto-compile and stop before any stage runs.
// RUN: not xdsl-opt -p 'pto-compile' %examples/softmax.mlir 2>&1 | filecheck %s --check-prefix=NOBACKEND
// NOBACKEND: {{^}}{{.*}}softmax.mlir: error: pto-compile: no target: give {backend=a2|a3|a5} (or a module pto.target_arch); the capacities, the L0 tiling and the PTO text are per target{{$}}
// RUN: not xdsl-opt -p 'pto-compile{backend=a3 planner=nope}' %examples/softmax.mlir 2>&1 | filecheck %s --check-prefix=PLANNER
// PLANNER: {{^}}{{.*}}softmax.mlir: error: pto-compile: unknown planner 'nope' (expected one of pypto, dsa_rp, ptoas){{$}}

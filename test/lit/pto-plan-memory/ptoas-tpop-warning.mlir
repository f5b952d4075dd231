// planner=ptoas leaves sharing to ptoas, which does not guard the Ascend910
// load + tpop hazard: for a split vector kernel on a2/a3 pto-plan-memory says
// so (as the reference's compile() warns); on a5 the hazard does not exist.
// RUN: xdsl-opt -p 'pto-plan-memory{planner=ptoas backend=a3}' %examples/split_epilogue.mlir -o %t 2>&1 | filecheck %s
// RUN: xdsl-opt -p 'pto-plan-memory{planner=ptoas backend=a5}' %examples/split_epilogue.mlir -o %t 2>&1 | filecheck %s --allow-empty --check-prefix=A5
// CHECK: {{^}}{{.*}}split_epilogue.mlir:23:1: warning: pto-plan-memory: planner=ptoas leaves the buffers of 'epilogue' to ptoas, which does not guard the Ascend910 load + tpop hazard of this split vector kernel; verify it on the device, or use planner=pypto{{$}}
// A5-NOT: warning

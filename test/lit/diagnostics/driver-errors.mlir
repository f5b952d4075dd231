// Mistakes on the command line: one line on stderr, exit 1, no traceback.
// RUN: not xdsl-opt -p no-such-pass %s 2>&1 | filecheck %s --check-prefix=PASS
// RUN: not xdsl-opt -p 'init-memref{nosuch=1}' %s 2>&1 | filecheck %s --check-prefix=OPT
// RUN: not xdsl-opt %s.missing 2>&1 | filecheck %s --check-prefix=FILE
// RUN: not xdsl-pto-opt -p no-such-pass %s 2>&1 | filecheck %s --check-prefix=PASS
// PASS: {{^}}xdsl-opt: error: Unrecognized passes: ['no-such-pass']{{$}}
// PASS-NOT: Traceback
// OPT: {{^}}xdsl-opt: error: Provided arguments ["nosuch"] not found in expected arguments ["planner", "backend"]{{$}}
// OPT-NOT: Traceback
// FILE: {{^}}xdsl-opt: error: No such file or directory: '{{.*}}driver-errors.mlir.missing'{{$}}
// FILE-NOT: Traceback
// A malformed pipeline (found by a fresh-user breaker: xDSL's parse error is
// not an Exception, so it escaped as a traceback).
// RUN: not xdsl-opt -p 'pto-plan-memory{backend=a3,verify=true}' %s 2>&1 | filecheck %s --check-prefix=SPEC
// RUN: not xdsl-pto-opt -p 'pto-plan-memory{backend=a3,verify=true}' %s 2>&1 | filecheck %s --check-prefix=SPEC
// RUN: not xdsl-opt -p 'pto-plan-memory{backend=}' %s 2>&1 | filecheck %s --check-prefix=EMPTY
// SPEC: {{^}}xdsl-opt: error: invalid pass pipeline at column 34 of 'pto-plan-memory{backend=a3,verify=true}': Malformed pass arguments, expected either a space or `}` here{{$}}
// SPEC-NOT: Traceback
// EMPTY: {{^}}xdsl-opt: error: invalid pass pipeline at column 25 of 'pto-plan-memory{backend=}': Unknown argument value, wrap argument in quotes to pass arbitrary string values{{$}}
// EMPTY-NOT: Traceback
func.func @k() {
  func.return
}

// Mistakes on the command line: one line on stderr, exit 1, no traceback.
// RUN: not xdsl-opt -p no-such-pass %s 2>&1 | filecheck %s --check-prefix=PASS
// RUN: not xdsl-opt -p 'init-memref{nosuch=1}' %s 2>&1 | filecheck %s --check-prefix=OPT
// RUN: not xdsl-opt %s.missing 2>&1 | filecheck %s --check-prefix=FILE
// RUN: not xdsl-pto-opt -p no-such-pass %s 2>&1 | filecheck %s --check-prefix=PASS
// PASS: {{^}}xdsl-opt: error: Unrecognized passes: ['no-such-pass']{{$}}
// PASS-NOT: Traceback
// OPT: {{^}}xdsl-opt: error: Provided arguments ["nosuch"] not found in expected arguments []{{$}}
// OPT-NOT: Traceback
// FILE: {{^}}xdsl-opt: error: No such file or directory: '{{.*}}driver-errors.mlir.missing'{{$}}
// FILE-NOT: Traceback
func.func @k() {
  func.return
}

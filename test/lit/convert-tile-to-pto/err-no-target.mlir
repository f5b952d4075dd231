// PTO names its target: with neither a backend option nor a pto.target_arch
// on the module (pto-plan-memory without a backend sets none), the lowering
// refuses. An unknown name is refused too.
// RUN: not xdsl-opt -p 'pto-plan-memory,convert-tile-to-pto' %s 2>&1 | filecheck %s
// RUN: not xdsl-opt -p 'pto-plan-memory,convert-tile-to-pto' %s > %t.out 2> %t.err
// RUN: wc -l < %t.err | filecheck %s --check-prefix=ONE-LINE
// RUN: wc -c < %t.out | filecheck %s --check-prefix=NO-STDOUT
// ONE-LINE: {{^ *}}1{{$}}
// NO-STDOUT: {{^ *}}0{{$}}
// RUN: not xdsl-opt -p 'pto-plan-memory,convert-tile-to-pto{backend=a7}' %s 2>&1 | filecheck %s --check-prefix=UNKNOWN

// The error is about the module, which has no parsed location.
// CHECK: {{^}}{{.*}}err-no-target.mlir{{(:[0-9]+:[0-9]+)?}}: error: convert-tile-to-pto: no target: pass {backend=a2|a3|a5} or plan with pto-plan-memory{backend=...}{{$}}
// CHECK-NOT: Traceback
// UNKNOWN: {{^}}{{.*}}err-no-target.mlir{{(:[0-9]+:[0-9]+)?}}: error: convert-tile-to-pto: unknown backend 'a7' (expected one of a2, a3, a5){{$}}
// UNKNOWN-NOT: Traceback
func.func @vadd(%a: memref<32x32xf32>, %o: memref<32x32xf32>) {
  %c0 = arith.constant 0 : index
  %ta = tile.load %a[%c0, %c0] : memref<32x32xf32> -> !tile.tile<32x32xf32, vec>
  tile.store %ta, %o[%c0, %c0] : !tile.tile<32x32xf32, vec>, memref<32x32xf32>
  func.return
}

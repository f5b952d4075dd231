// An unknown backend name is an error listing the known ones, whether it
// comes from the pass option or from the module's pto.target_arch (read
// first by init-memref, which sizes Acc roots for the target).
// RUN: not xdsl-opt -p 'init-memref,allocate-memory-addr{backend=a9}' %s 2>&1 | filecheck %s --check-prefix=OPT
// RUN: not xdsl-opt -p 'init-memref,allocate-memory-addr{backend=a9}' %s > %t.out 2> %t.err
// RUN: wc -l < %t.err | filecheck %s --check-prefix=ONE-LINE
// RUN: wc -c < %t.out | filecheck %s --check-prefix=NO-STDOUT
// ONE-LINE: {{^ *}}1{{$}}
// NO-STDOUT: {{^ *}}0{{$}}
// RUN: sed -e 's/^func.func @k/builtin.module attributes {pto.target_arch = "x86"} {\nfunc.func @k/' -e 's/^}$/}\n}/' %s > %t.attr.mlir
// RUN: not xdsl-opt -p 'init-memref,allocate-memory-addr' %t.attr.mlir 2>&1 | filecheck %s --check-prefix=ATTR

// OPT: {{^}}{{.*}}err-unknown-backend.mlir{{(:[0-9]+:[0-9]+)?}}: error: allocate-memory-addr: unknown backend 'a9' (expected one of a2, a3, a5){{$}}
// OPT-NOT: Traceback
// ATTR: {{^}}{{.*}}.attr.mlir{{(:[0-9]+:[0-9]+)?}}: error: init-memref: unknown backend 'x86' (expected one of a2, a3, a5){{$}}
// ATTR-NOT: Traceback
func.func @k(%a: memref<32x32xf32>) {
  %c0 = arith.constant 0 : index
  %x = tile.load %a[%c0, %c0] : memref<32x32xf32> -> !tile.tile<32x32xf32, vec>
  tile.store %x, %a[%c0, %c0] : !tile.tile<32x32xf32, vec>, memref<32x32xf32>
  func.return
}

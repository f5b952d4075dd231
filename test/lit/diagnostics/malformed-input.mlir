// A file that does not parse (the tile type is not closed) gives exactly one
// `file:line:col: error:` line on stderr, nothing on stdout, exit code 1 --
// with plain xdsl-opt (through the plugin's exception hook) and with the
// xdsl-pto-opt entry point alike -- and no output file.
// RUN: not xdsl-opt %s 2>&1 | filecheck %s
// RUN: not xdsl-pto-opt %s 2>&1 | filecheck %s
// RUN: not xdsl-opt -p init-memref %s 2>&1 | filecheck %s
// RUN: not xdsl-opt %s > %t.out 2> %t.err
// RUN: wc -l < %t.err | filecheck %s --check-prefix=ONE-LINE
// RUN: wc -c < %t.out | filecheck %s --check-prefix=NO-STDOUT
// RUN: not xdsl-pto-opt %s > %t.out 2> %t.err
// RUN: wc -l < %t.err | filecheck %s --check-prefix=ONE-LINE
// RUN: wc -c < %t.out | filecheck %s --check-prefix=NO-STDOUT
// RUN: sh -c 'xdsl-opt "$0" > /dev/null 2>&1; echo "exit=$?"' %s | filecheck %s --check-prefix=EXIT
// RUN: sh -c 'xdsl-pto-opt "$0" > /dev/null 2>&1; echo "exit=$?"' %s | filecheck %s --check-prefix=EXIT
// RUN: rm -f %t.o.mlir && not xdsl-opt -p init-memref %s -o %t.o.mlir && not test -e %t.o.mlir
// RUN: rm -f %t.o.mlir && not xdsl-pto-opt -p init-memref %s -o %t.o.mlir && not test -e %t.o.mlir
// ONE-LINE: {{^ *}}1{{$}}
// NO-STDOUT: {{^ *}}0{{$}}
// EXIT: {{^}}exit=1{{$}}

// CHECK: {{^}}{{.*}}malformed-input.mlir:27:3: error: '>' expected{{$}}
// CHECK-NOT: Traceback
func.func @bad(%a: memref<32x32xf32>) {
  %c0 = arith.constant 0 : index
  %x = tile.load %a[%c0, %c0] : memref<32x32xf32> -> !tile.tile<32x32xf32, vec
  func.return
}

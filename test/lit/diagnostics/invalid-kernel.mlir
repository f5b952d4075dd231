// A kernel that parses but does not verify (tile.add of a 32x32 and a 16x32
// tile) gives exactly one `file:line:col: error:` line naming the op, on
// stderr, exit code 1, with xdsl-opt and xdsl-pto-opt, and no output file.
// RUN: not xdsl-opt %s 2>&1 | filecheck %s
// RUN: not xdsl-pto-opt %s 2>&1 | filecheck %s
// RUN: not xdsl-opt -p pto-plan-memory %s 2>&1 | filecheck %s
// RUN: not xdsl-opt %s > %t.out 2> %t.err
// RUN: wc -l < %t.err | filecheck %s --check-prefix=ONE-LINE
// RUN: wc -c < %t.out | filecheck %s --check-prefix=NO-STDOUT
// RUN: not xdsl-pto-opt %s > %t.out 2> %t.err
// RUN: wc -l < %t.err | filecheck %s --check-prefix=ONE-LINE
// RUN: wc -c < %t.out | filecheck %s --check-prefix=NO-STDOUT
// RUN: sh -c 'xdsl-opt "$0" > /dev/null 2>&1; echo "exit=$?"' %s | filecheck %s --check-prefix=EXIT
// RUN: sh -c 'xdsl-pto-opt "$0" > /dev/null 2>&1; echo "exit=$?"' %s | filecheck %s --check-prefix=EXIT
// RUN: rm -f %t.o.mlir && not xdsl-opt -p pto-plan-memory %s -o %t.o.mlir && not test -e %t.o.mlir
// RUN: rm -f %t.o.mlir && not xdsl-pto-opt -p pto-plan-memory %s -o %t.o.mlir && not test -e %t.o.mlir
// ONE-LINE: {{^ *}}1{{$}}
// NO-STDOUT: {{^ *}}0{{$}}
// EXIT: {{^}}exit=1{{$}}

// CHECK: {{^}}{{.*}}invalid-kernel.mlir:27:8: error: 'tile.add' op shape mismatch: lhs [32, 32] vs rhs [16, 32]{{$}}
// CHECK-NOT: Traceback
func.func @shape(%a: memref<32x32xf32>, %b: memref<16x32xf32>) {
  %c0 = arith.constant 0 : index
  %x = tile.load %a[%c0, %c0] : memref<32x32xf32> -> !tile.tile<32x32xf32, vec>
  %y = tile.load %b[%c0, %c0] : memref<16x32xf32> -> !tile.tile<16x32xf32, vec>
  %z = tile.add %x, %y : (!tile.tile<32x32xf32, vec>, !tile.tile<16x32xf32, vec>) -> !tile.tile<32x32xf32, vec>
  func.return
}

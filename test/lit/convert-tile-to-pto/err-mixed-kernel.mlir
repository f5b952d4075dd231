// A kernel runs on one core kind: a function with both Vec and cube-side
// (here Mat) tiles cannot be lowered to one PTO kernel.
// RUN: not xdsl-opt -p 'pto-plan-memory,convert-tile-to-pto{backend=a3}' %s 2>&1 | filecheck %s
// RUN: not xdsl-opt -p 'pto-plan-memory,convert-tile-to-pto{backend=a3}' %s > %t.out 2> %t.err
// RUN: wc -l < %t.err | filecheck %s --check-prefix=ONE-LINE
// RUN: wc -c < %t.out | filecheck %s --check-prefix=NO-STDOUT
// ONE-LINE: {{^ *}}1{{$}}
// NO-STDOUT: {{^ *}}0{{$}}

// CHECK: {{^}}{{.*}}err-mixed-kernel.mlir{{(:[0-9]+:[0-9]+)?}}: error: convert-tile-to-pto: function 'mixed' uses both vec and cube memory spaces (mat, vec); a kernel runs on one core kind{{$}}
// CHECK-NOT: Traceback
func.func @mixed(%a: memref<32x32xf32>) {
  %c0 = arith.constant 0 : index
  %v = tile.load %a[%c0, %c0] : memref<32x32xf32> -> !tile.tile<32x32xf32, vec>
  %m = tile.move %v : (!tile.tile<32x32xf32, vec>) -> !tile.tile<32x32xf32, mat>
  tile.store %m, %a[%c0, %c0] : !tile.tile<32x32xf32, mat>, memref<32x32xf32>
  func.return
}

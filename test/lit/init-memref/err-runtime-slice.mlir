// A slice whose offset is only known at run time has no static byte window.
// RUN: not xdsl-opt -p init-memref %s 2>&1 | filecheck %s
// RUN: not xdsl-opt -p init-memref %s > %t.out 2> %t.err
// RUN: wc -l < %t.err | filecheck %s --check-prefix=ONE-LINE
// RUN: wc -c < %t.out | filecheck %s --check-prefix=NO-STDOUT
// ONE-LINE: {{^ *}}1{{$}}
// NO-STDOUT: {{^ *}}0{{$}}

// CHECK: {{^}}{{.*}}err-runtime-slice.mlir:14:8: error: init-memref: a tile.slice with runtime offsets is not supported yet{{$}}
// CHECK-NOT: Traceback
func.func @dyn(%a: memref<32x32xf32>, %row: index) {
  %c0 = arith.constant 0 : index
  %x = tile.load %a[%c0, %c0] : memref<32x32xf32> -> !tile.tile<32x32xf32, vec>
  %s = tile.slice %x, %row, %c0 : (!tile.tile<32x32xf32, vec>, index, index) -> !tile.tile<8x32xf32, vec>
  func.return
}

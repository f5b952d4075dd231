// An op the interpreter does not implement is named at its own line (not at
// the located op before it).
// RUN: not xdsl-pto run %s 2>&1 | filecheck %s
// CHECK: {{^}}{{.*}}err-unsupported-op.mlir:[[# @LINE + 5]]:8: error: no interpreter implementation for arith.ceildivui{{$}}
// CHECK-NOT: Traceback
func.func @k(%a: memref<16x16xf32>) {
  %c0 = arith.constant 0 : index
  %x = tile.load %a[%c0, %c0] : memref<16x16xf32> -> !tile.tile<16x16xf32, vec>
  %r = arith.ceildivui %c0, %c0 : index
  tile.store %x, %a[%c0, %c0] : !tile.tile<16x16xf32, vec>, memref<16x16xf32>
  func.return
}

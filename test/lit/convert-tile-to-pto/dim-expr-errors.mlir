// RUN: not xdsl-opt -p 'pto-plan-memory{backend=a3},convert-tile-to-pto' %s 2>&1 | filecheck %s
// RUN: not xdsl-pto run %s 2>&1 | filecheck %s --check-prefix=EXEC

// A tile.dynamic_dims entry is a name or an expression of + - * // % over
// names and integer literals (tile-op-semantics.md section 11, "Dynamic
// dims"; xdsl_pto/dialects/tile/dim_expr.py). Anything else -- here a power --
// is refused at the function, by the lowering and by run alike.

// CHECK: {{^}}{{.*}}dim-expr-errors.mlir:[[# @LINE + 4]]:1: error: convert-tile-to-pto: unsupported dynamic extent 'N ** 2' of tensor argument 0 (tile.dynamic_dims): operator '**' is not one of + - * // %{{$}}
// EXEC: {{^}}{{.*}}dim-expr-errors.mlir:[[# @LINE + 3]]:1: error: unsupported dynamic extent 'N ** 2' of argument 0 of @k: operator '**' is not one of + - * // %{{$}}
// CHECK-NOT: Traceback
// EXEC-NOT: Traceback
func.func @k(%x: memref<?x64xf32> {tile.dynamic_dims = ["N ** 2"]}, %y: memref<8x64xf32> {tile.out}) {
  %c0 = arith.constant 0 : index
  %t = tile.load %x[%c0, %c0] : memref<?x64xf32> -> !tile.tile<8x64xf32, vec>
  tile.store %t, %y[%c0, %c0] : !tile.tile<8x64xf32, vec>, memref<8x64xf32>
  func.return
}

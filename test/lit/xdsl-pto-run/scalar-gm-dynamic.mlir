// Scalar GM reads of a tensor with two dynamic extents (the breaker's
// scal.py): an index outside the tensor names the axis it leaves; an axis
// the run is still measuring (its probe, a stand-in length of 2^30 or 2^31
// that is no tensor's) is said by its tile.dynamic_dims name, never as
// that length.
// RUN: xdsl-pto run %s | filecheck %s
// RUN: not xdsl-pto run %s --arg N=2 2>&1 | filecheck %s --check-prefix=NAMED
// RUN: not xdsl-pto run %s --arg N=2 --arg M=8 2>&1 | filecheck %s --check-prefix=FIXED
// RUN: not xdsl-pto run %s --arg i=4294967296 2>&1 | filecheck %s --check-prefix=PAST
// RUN: not xdsl-pto run %s --arg i=-3 2>&1 | filecheck %s --check-prefix=NEG
// CHECK: {{^}}{{.*}}scalar-gm-dynamic.mlir: logical and physical runs agree (seed 0; no tiles: the GM reads and writes only){{$}}
// NAMED: {{^}}{{.*}}scalar-gm-dynamic.mlir:[[# @LINE + 8]]:8: error: memref.load: index [0, 3] is outside the tensor's shape [M, 2]: axis 1 has 2 elements{{$}}
// FIXED: {{^}}{{.*}}scalar-gm-dynamic.mlir:[[# @LINE + 7]]:8: error: memref.load: index [0, 3] is outside the tensor's shape [8, 2]: axis 1 has 2 elements{{$}}
// PAST: {{^}}{{.*}}scalar-gm-dynamic.mlir:[[# @LINE + 6]]:8: error: memref.load: index [4294967296, 3] is outside the tensor's shape [M, N]: 4294967296 on axis 0 is past the longest the run can make dynamic extent M{{$}}
// NEG: {{^}}{{.*}}scalar-gm-dynamic.mlir:[[# @LINE + 5]]:8: error: memref.load: index [-3, 3] is outside the tensor's shape [M, N]: -3 on axis 0 is negative{{$}}
func.func @scal(%t: memref<?x?xf32> {tile.dynamic_dims = ["M", "N"]}, %i: index, %o: memref<8xf32> {tile.out}) attributes {tile.function_kind = "aiv"} {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %c7 = arith.constant 7 : index
  %v = memref.load %t[%i, %c3] : memref<?x?xf32>
  memref.store %v, %o[%c7] : memref<8xf32>
  func.return
}

// RUN: not xdsl-opt -p init-memref %s 2>&1 | filecheck %s

// CHECK: {{^}}{{.*}}err-while.mlir:8:8: error: init-memref: scf.while carrying tiles is not supported (use scf.for or scf.if){{$}}
// CHECK-NOT: Traceback
func.func @w(%in: memref<32x32xf32>, %c: i1) {
  %c0 = arith.constant 0 : index
  %x = tile.load %in[%c0, %c0] : memref<32x32xf32> -> !tile.tile<32x32xf32, vec>
  %r = scf.while (%a = %x) : (!tile.tile<32x32xf32, vec>) -> !tile.tile<32x32xf32, vec> {
    scf.condition(%c) %a : !tile.tile<32x32xf32, vec>
  } do {
  ^bb0(%b: !tile.tile<32x32xf32, vec>):
    %e = tile.exp %b : (!tile.tile<32x32xf32, vec>) -> !tile.tile<32x32xf32, vec>
    scf.yield %e : !tile.tile<32x32xf32, vec>
  }
  func.return
}

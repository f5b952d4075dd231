// RUN: not xdsl-opt -p 'pto-compile{backend=a3}' %s 2>&1 | filecheck %s

// Issue 25: arms of an scf.if yielding tiles of two shapes were accepted,
// and the error came much later as "'tile.move' op shape mismatch" at a move
// the compiler had inserted. It is now refused when parsed, at the arm.
// CHECK: {{^}}{{.*}}if-tile-arms.mlir:[[# @LINE + 10]]:5: error: 'scf.yield' op yields (!tile.tile<32x64xf32, vec>), but the results of its scf.if are (!tile.tile<64x64xf32, vec>): each yielded value must have the type of the value it becomes{{$}}
// CHECK-NOT: tile.move
// CHECK-NOT: Traceback
func.func @arms(%c: i1, %a: memref<64x64xf32>) {
  %c0 = arith.constant 0 : index
  %x = tile.load %a[%c0, %c0] : memref<64x64xf32> -> !tile.tile<64x64xf32, vec>
  %y = tile.load %a[%c0, %c0] : memref<64x64xf32> -> !tile.tile<32x64xf32, vec>
  %r = scf.if %c -> (!tile.tile<64x64xf32, vec>) {
    scf.yield %x : !tile.tile<64x64xf32, vec>
  } else {
    scf.yield %y : !tile.tile<32x64xf32, vec>
  }
  tile.store %r, %a[%c0, %c0] : !tile.tile<64x64xf32, vec>, memref<64x64xf32>
  func.return
}

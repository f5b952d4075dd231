// A planned kernel whose GM window runs past its tensor at run time: one
// located line, no traceback.
// RUN: not xdsl-pto run %s 2>&1 | filecheck %s
// CHECK: {{.*}}err-interp-refusal.mlir:[[# @LINE + 8]]:8: error: tile.load: window [16, 24) on axis 0 is outside the tensor's 16 elements
// CHECK-NOT: Traceback
func.func @k(%in: memref<16x8xf32>, %out: memref<8x8xf32>, %i: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %row = arith.muli %c4, %c4 : index
  %x = tile.load %in[%row, %c0] : memref<16x8xf32> -> !tile.tile<8x8xf32, vec>
  tile.store %x, %out[%c0, %c0] : !tile.tile<8x8xf32, vec>, memref<8x8xf32>
  func.return
}

// tile.read / tile.write on a column window under planner=ptoas: the window
// is a pto.subview, which keeps the layout of the tile under it (ptoas
// addresses it with the base tile's row length, 128 here), so element
// (3, 3) of the window is offset 3 * 128 + 3 = 387, not 3 * 64 + 3 (found by
// a fresh user: the old offset wrote row 1, column 67 of the window).
// RUN: xdsl-opt -p 'pto-compile{backend=a3 planner=ptoas}' %s | filecheck %s
func.func @k(%a: memref<32x128xf32>, %o: memref<32x64xf32>, %r: memref<1x1xf32>) {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %c64 = arith.constant 64 : index
  %x = tile.load %a[%c0, %c0] : memref<32x128xf32> -> !tile.tile<32x128xf32, vec>
  %s = tile.slice %x, %c0, %c64 : (!tile.tile<32x128xf32, vec>, index, index) -> !tile.tile<32x64xf32, vec>
  %e = tile.read %s, %c3, %c3 : (!tile.tile<32x64xf32, vec>, index, index) -> f32
  %w = tile.write %s, %c3, %c3, %e : (!tile.tile<32x64xf32, vec>, index, index, f32) -> !tile.tile<32x64xf32, vec>
  tile.store %w, %o[%c0, %c0] : !tile.tile<32x64xf32, vec>, memref<32x64xf32>
  func.return
}
// CHECK: %s = pto.subview %x[%c0, %c64] sizes [32, 64]
// CHECK: %e = pto.tgetval ins(%s, %c387_index : {{.*}}) outs : f32
// CHECK: pto.tsetval ins(%c387_index, %e : index, f32) outs(%s :

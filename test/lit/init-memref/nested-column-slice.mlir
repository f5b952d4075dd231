// RUN: xdsl-opt -p init-memref %s | filecheck %s

// Regression (fixed): the byte window of a slice of a slice is computed from the inner
// source's *logical* shape, as if it were contiguous. %s is a column window
// [16, 32] of a 64x64 f32 tile, so its rows are 256 bytes apart in the root,
// not 128. Row 4 of %s is element (16 + 4) * 64 + 8 = 1288 of the root, i.e.
// byte 5152, and the [8, 32] window ends after element (27 * 64 + 39) = 1767:
// (1767 - 1288 + 1) * 4 = 1920 bytes. The pass currently prints
// offset = 4640, size = 1024 (4128 + 4 * 32 * 4), a window that does not hold
// %ss's data.
// CHECK:      %s = tile.slice {{.*}} -> !tile.tile<16x32xf32, vec, memref = <@mem_vec_0, offset = 4128, size = 3968>>
// CHECK-NEXT: %ss = tile.slice {{.*}} -> !tile.tile<8x32xf32, vec, memref = <@mem_vec_0, offset = 5152, size = 1920>>
func.func @nested(%in: memref<64x64xf32>) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %a = tile.load %in[%c0, %c0] : memref<64x64xf32> -> !tile.tile<64x64xf32, vec>
  %s = tile.slice %a, %c16, %c8 : (!tile.tile<64x64xf32, vec>, index, index) -> !tile.tile<16x32xf32, vec>
  %ss = tile.slice %s, %c4, %c0 : (!tile.tile<16x32xf32, vec>, index, index) -> !tile.tile<8x32xf32, vec>
  func.return
}

// C[256,256] f32 = A[256,256] f16 x B[256,256] f16 as ONE Mat-resident matmul
// whose output does not fit L0C on A2/A3 (one cube / AIC kernel).
//
// The f32 result is 256 KiB; A2/A3's L0C (Acc) holds 128 KiB. The result's
// only use is one tile.store, so auto-tile-matmul-l0 splits the OUTPUT into a
// grid of [m, n] sub-tiles, each reduced over K on its own (a pipelined
// K-loop, or one block when k = K) and stored straight to C at its origin;
// no [256, 256] accumulator ever exists. On A5 (256 KiB of L0C) the same
// kernel only needs the K dimension tiled.
//
// Run the whole pipeline for A2/A3:
//   xdsl-opt -p 'pto-compile{backend=a3}' examples/matmul_grid.mlir
// Only the tiled Tile IR (try backend=a5 too):
//   xdsl-opt -p 'auto-tile-matmul-l0{backend=a3}' examples/matmul_grid.mlir

func.func @matmul_grid(%a: memref<256x256xf16>, %b: memref<256x256xf16>, %c: memref<256x256xf32>) {
  %c0 = arith.constant 0 : index
  %a_l1 = tile.load %a[%c0, %c0] : memref<256x256xf16> -> !tile.tile<256x256xf16, mat>
  %b_l1 = tile.load %b[%c0, %c0] : memref<256x256xf16> -> !tile.tile<256x256xf16, mat>
  %acc = tile.matmul %a_l1, %b_l1 : (!tile.tile<256x256xf16, mat>, !tile.tile<256x256xf16, mat>) -> !tile.tile<256x256xf32, acc>
  tile.store %acc, %c[%c0, %c0] : !tile.tile<256x256xf32, acc>, memref<256x256xf32>
  func.return
}

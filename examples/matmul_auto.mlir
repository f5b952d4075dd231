// C[128,128] f32 = A[128,512] f16 x B[512,128] f16 as ONE Mat-resident matmul
// (one cube / AIC kernel), left for auto-tile-matmul-l0 to fit into L0.
//
// Written as a frontend leaves it: both operands loaded whole into Mat (L1),
// one tile.matmul on them. Neither operand fits L0A / L0B double-buffered
// (128 KiB each), so auto-tile-matmul-l0 picks an L0 tile for A3 and emits a
// pipelined K-loop (tile.pipeline_stages = 2) whose body extracts the
// [128, k] / [k, 128] slabs into Left / Right and accumulates with ONE
// predicated tile.matmul_acc(acc, a, b, init_cond = (ko == 0)) -- the
// accumulator stays on one Acc buffer on every path (seed 003).
//
// Run the whole pipeline (tile, replicate the K-loop, plan for A2/A3, print
// PTO for ptoas):
//   xdsl-opt -p 'pto-compile{backend=a3}' examples/matmul_auto.mlir
// Only the tiled Tile IR:
//   xdsl-opt -p 'auto-tile-matmul-l0{backend=a3}' examples/matmul_auto.mlir

func.func @matmul_auto(%a: memref<128x512xf16>, %b: memref<512x128xf16>, %c: memref<128x128xf32>) {
  %c0 = arith.constant 0 : index
  %a_l1 = tile.load %a[%c0, %c0] : memref<128x512xf16> -> !tile.tile<128x512xf16, mat>
  %b_l1 = tile.load %b[%c0, %c0] : memref<512x128xf16> -> !tile.tile<512x128xf16, mat>
  %acc = tile.matmul %a_l1, %b_l1 : (!tile.tile<128x512xf16, mat>, !tile.tile<512x128xf16, mat>) -> !tile.tile<128x128xf32, acc>
  tile.store %acc, %c[%c0, %c0] : !tile.tile<128x128xf32, acc>, memref<128x128xf32>
  func.return
}

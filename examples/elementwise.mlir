// Fused elementwise chain on 64x64 f32 Vec tiles (one vector / AIV kernel).
//
// Counterpart of the reference kernel ElementwiseChain
// (examples/pypto/a_elementwise.py):
//
//   a = load(input_a); b = load(input_b)
//   c = a + b;  d = c * a;  e = exp(d);  f = e + b
//   store(f -> output)
//
// Each tile is 64*64*4 = 16384 bytes. `a` dies at the mul, `b` lives until the
// last add, so memory-reuse can fold the chain into two Vec buffers.
//
// Run the whole pipeline (plan memory for A2/A3, then print PTO for ptoas):
//   xdsl-opt -p 'pto-compile{backend=a3}' examples/elementwise.mlir
// Only the planned Tile IR (allocations with addresses):
//   xdsl-opt -p 'pto-plan-memory{backend=a3}' examples/elementwise.mlir

func.func @elementwise(%input_a: memref<64x64xf32>, %input_b: memref<64x64xf32>, %output: memref<64x64xf32>) {
  %c0 = arith.constant 0 : index
  %tile_a = tile.load %input_a[%c0, %c0] : memref<64x64xf32> -> !tile.tile<64x64xf32, vec>
  %tile_b = tile.load %input_b[%c0, %c0] : memref<64x64xf32> -> !tile.tile<64x64xf32, vec>
  %tile_c = tile.add %tile_a, %tile_b : (!tile.tile<64x64xf32, vec>, !tile.tile<64x64xf32, vec>) -> !tile.tile<64x64xf32, vec>
  %tile_d = tile.mul %tile_c, %tile_a : (!tile.tile<64x64xf32, vec>, !tile.tile<64x64xf32, vec>) -> !tile.tile<64x64xf32, vec>
  %tile_e = tile.exp %tile_d : (!tile.tile<64x64xf32, vec>) -> !tile.tile<64x64xf32, vec>
  %tile_f = tile.add %tile_e, %tile_b : (!tile.tile<64x64xf32, vec>, !tile.tile<64x64xf32, vec>) -> !tile.tile<64x64xf32, vec>
  tile.store %tile_f, %output[%c0, %c0] : !tile.tile<64x64xf32, vec>, memref<64x64xf32>
  func.return
}

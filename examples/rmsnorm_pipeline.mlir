// RMSNorm of a 256x256 f32 tensor in 16 row blocks of 16x256, as a 4-stage
// pipeline loop: lower-pipeline-loops replicates the body 4 times per
// iteration, and memory-reuse keeps the concurrent clones in separate
// buffers -- as many as the Vec buffer affords.
//
//   g = load(gamma)                           [1, 256], loaded once
//   for i in pipeline(16, stage=4):
//     x       = load(input[16 i, 0])          [16, 256] f32, 16 KiB
//     sq      = x * x;  s = row_sum(sq, tmp)  tmp: a 16 KiB scratch
//     inv_rms = rsqrt(s / 256 + eps)          [16, 1]
//     out     = (x row* inv_rms) col* g;  store(out -> output[16 i, 0])
//
// One stage occupies 49216 bytes of Vec (x, sq and tmp; the rest is computed
// in place or is tiny). Four stages would need 196864 bytes, over A2/A3's
// 188416: the stage guard affords 3, so stages 0 and 3 share buffers and a
// PH-MR-001 remark says so. Counterpart of the reference's pl.pipeline(...,
// stage=4) RMSNorm (pypto-docs/28-lower_pipeline_loops.md).
//
// Run the whole pipeline (replicate, plan for A2/A3, print PTO for ptoas):
//   xdsl-opt -p 'pto-compile{backend=a3}' examples/rmsnorm_pipeline.mlir

func.func @rmsnorm_pipeline(%input: memref<256x256xf32>, %gamma: memref<1x256xf32>, %output: memref<256x256xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %inv_n = arith.constant 0.00390625 : f32
  %eps = arith.constant 9.99999997e-07 : f32
  %g = tile.load %gamma[%c0, %c0] : memref<1x256xf32> -> !tile.tile<1x256xf32, vec>
  scf.for %i = %c0 to %c16 step %c1 {
    %row = arith.muli %i, %c16 : index
    %x = tile.load %input[%row, %c0] : memref<256x256xf32> -> !tile.tile<16x256xf32, vec>
    %squared = tile.mul %x, %x : (!tile.tile<16x256xf32, vec>, !tile.tile<16x256xf32, vec>) -> !tile.tile<16x256xf32, vec>
    %tmp = tile.create : !tile.tile<16x256xf32, vec>
    %sq_sum = tile.row_sum %squared, %tmp : (!tile.tile<16x256xf32, vec>, !tile.tile<16x256xf32, vec>) -> !tile.tile<16x1xf32, vec>
    %sq_sum_t = tile.reshape %sq_sum : (!tile.tile<16x1xf32, vec>) -> !tile.tile<1x16xf32, vec>
    %mean_t = tile.muls %sq_sum_t, %inv_n : (!tile.tile<1x16xf32, vec>, f32) -> !tile.tile<1x16xf32, vec>
    %var_t = tile.adds %mean_t, %eps : (!tile.tile<1x16xf32, vec>, f32) -> !tile.tile<1x16xf32, vec>
    %inv_rms_t = tile.rsqrt %var_t : (!tile.tile<1x16xf32, vec>) -> !tile.tile<1x16xf32, vec>
    %inv_rms = tile.reshape %inv_rms_t : (!tile.tile<1x16xf32, vec>) -> !tile.tile<16x1xf32, vec>
    %normed = tile.row_expand_mul %x, %inv_rms : (!tile.tile<16x256xf32, vec>, !tile.tile<16x1xf32, vec>) -> !tile.tile<16x256xf32, vec>
    %result = tile.col_expand_mul %normed, %g : (!tile.tile<16x256xf32, vec>, !tile.tile<1x256xf32, vec>) -> !tile.tile<16x256xf32, vec>
    tile.store %result, %output[%row, %c0] : !tile.tile<16x256xf32, vec>, memref<256x256xf32>
  } {tile.pipeline_stages = 4 : i64}
  func.return
}

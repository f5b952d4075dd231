// RMSNorm of a 32x256 f32 tile with a [1, 256] gain (one vector / AIV kernel).
//
// Counterpart of the reference kernel RMSNorm256
// (examples/pypto/c2_rmsnorm_256.py):
//
//   x, gamma   = load(input), load(gamma)            32x256, 1x256
//   squared    = x * x
//   sq_sum     = row_sum(squared, tmp)               32x1
//   sq_sum_t   = reshape(sq_sum)                     1x32 (a view of sq_sum)
//   mean_t     = sq_sum_t * (1/256)
//   var_t      = mean_t + 1e-6
//   inv_rms_t  = rsqrt(var_t)                        not in place
//   inv_rms    = reshape(inv_rms_t)                  32x1 (a view)
//   normed     = row_expand_mul(x, inv_rms)          x / rms, per row
//   result     = col_expand_mul(normed, gamma)       * gamma, per column
//   store(result -> output)
//
// A 32x256 f32 tile is 32768 bytes; the 32x1 / 1x32 vectors are 128 bytes and
// gamma is 1024 bytes.
//
// Run the whole pipeline (plan memory for A2/A3, then print PTO for ptoas):
//   xdsl-opt -p 'pto-compile{backend=a3}' examples/rmsnorm.mlir
// Only the planned Tile IR (allocations with addresses):
//   xdsl-opt -p 'pto-plan-memory{backend=a3}' examples/rmsnorm.mlir

func.func @rmsnorm(%input: memref<32x256xf32>, %gamma: memref<1x256xf32>, %output: memref<32x256xf32>) {
  %c0 = arith.constant 0 : index
  %inv_n = arith.constant 0.00390625 : f32
  %eps = arith.constant 9.99999997e-07 : f32
  %x = tile.load %input[%c0, %c0] : memref<32x256xf32> -> !tile.tile<32x256xf32, vec>
  %g = tile.load %gamma[%c0, %c0] : memref<1x256xf32> -> !tile.tile<1x256xf32, vec>
  %squared = tile.mul %x, %x : (!tile.tile<32x256xf32, vec>, !tile.tile<32x256xf32, vec>) -> !tile.tile<32x256xf32, vec>
  %tmp = tile.create : !tile.tile<32x256xf32, vec>
  %sq_sum = tile.row_sum %squared, %tmp : (!tile.tile<32x256xf32, vec>, !tile.tile<32x256xf32, vec>) -> !tile.tile<32x1xf32, vec>
  %sq_sum_t = tile.reshape %sq_sum : (!tile.tile<32x1xf32, vec>) -> !tile.tile<1x32xf32, vec>
  %mean_t = tile.muls %sq_sum_t, %inv_n : (!tile.tile<1x32xf32, vec>, f32) -> !tile.tile<1x32xf32, vec>
  %var_t = tile.adds %mean_t, %eps : (!tile.tile<1x32xf32, vec>, f32) -> !tile.tile<1x32xf32, vec>
  %inv_rms_t = tile.rsqrt %var_t : (!tile.tile<1x32xf32, vec>) -> !tile.tile<1x32xf32, vec>
  %inv_rms = tile.reshape %inv_rms_t : (!tile.tile<1x32xf32, vec>) -> !tile.tile<32x1xf32, vec>
  %normed = tile.row_expand_mul %x, %inv_rms : (!tile.tile<32x256xf32, vec>, !tile.tile<32x1xf32, vec>) -> !tile.tile<32x256xf32, vec>
  %result = tile.col_expand_mul %normed, %g : (!tile.tile<32x256xf32, vec>, !tile.tile<1x256xf32, vec>) -> !tile.tile<32x256xf32, vec>
  tile.store %result, %output[%c0, %c0] : !tile.tile<32x256xf32, vec>, memref<32x256xf32>
  func.return
}

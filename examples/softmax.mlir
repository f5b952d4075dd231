// Row softmax of a 64x128 f32 tile (one vector / AIV kernel).
//
// Counterpart of the reference kernel RowSoftmax
// (examples/pypto/b_softmax.py):
//
//   x       = load(input)                       64x128
//   row_max = row_max(x, max_tmp)               64x1   (max_tmp: 64x128 scratch)
//   shifted = row_expand_sub(x, row_max)        x - max, per row
//   e       = exp(shifted)
//   row_sum = row_sum(e, sum_tmp)               64x1   (sum_tmp: 64x128 scratch)
//   result  = row_expand_div(e, row_sum)        e / sum, per row
//   store(result -> output)
//
// A 64x128 f32 tile is 32768 bytes; a 64x1 column vector is 256 bytes.
//
// Run the whole pipeline (plan memory for A2/A3, then print PTO for ptoas):
//   xdsl-opt -p 'pto-compile{backend=a3}' examples/softmax.mlir
// Only the planned Tile IR (allocations with addresses):
//   xdsl-opt -p 'pto-plan-memory{backend=a3}' examples/softmax.mlir

func.func @softmax(%input: memref<64x128xf32>, %output: memref<64x128xf32>) {
  %c0 = arith.constant 0 : index
  %x = tile.load %input[%c0, %c0] : memref<64x128xf32> -> !tile.tile<64x128xf32, vec>
  %max_tmp = tile.create : !tile.tile<64x128xf32, vec>
  %row_max = tile.row_max %x, %max_tmp : (!tile.tile<64x128xf32, vec>, !tile.tile<64x128xf32, vec>) -> !tile.tile<64x1xf32, vec>
  %shifted = tile.row_expand_sub %x, %row_max : (!tile.tile<64x128xf32, vec>, !tile.tile<64x1xf32, vec>) -> !tile.tile<64x128xf32, vec>
  %exp_shifted = tile.exp %shifted : (!tile.tile<64x128xf32, vec>) -> !tile.tile<64x128xf32, vec>
  %sum_tmp = tile.create : !tile.tile<64x128xf32, vec>
  %row_sum = tile.row_sum %exp_shifted, %sum_tmp : (!tile.tile<64x128xf32, vec>, !tile.tile<64x128xf32, vec>) -> !tile.tile<64x1xf32, vec>
  %result = tile.row_expand_div %exp_shifted, %row_sum : (!tile.tile<64x128xf32, vec>, !tile.tile<64x1xf32, vec>) -> !tile.tile<64x128xf32, vec>
  tile.store %result, %output[%c0, %c0] : !tile.tile<64x128xf32, vec>, memref<64x128xf32>
  func.return
}

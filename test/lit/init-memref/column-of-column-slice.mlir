// RUN: xdsl-opt -p init-memref %s | filecheck %s
// RUN: xdsl-pto run %s --seed 5177 | filecheck %s --check-prefix=EXEC

// Regression (found by the fuzzer, seed 5177): a column slice of a row-major
// tile is typed [64, 1], which is col-major by default, but its elements stay
// one row (32 elements, 128 bytes) apart in memory. The window of a slice of
// it must follow the root's row-major layout: row 48 of %col is element
// 48 * 32 = 1536 of the root (byte 6144) and its 16 rows end at element
// 63 * 32 = 2016: (2016 - 1536 + 1) * 4 = 1924 bytes. The bug treated %col as
// a dense column (byte 192, 64 bytes) and the store read the wrong elements.
// CHECK:      %col = tile.slice {{.*}} -> !tile.tile<64x1xf32, vec, memref = <@mem_vec_0, offset = 0, size = 8068>>
// CHECK-NEXT: %low = tile.slice {{.*}} -> !tile.tile<16x1xf32, vec, memref = <@mem_vec_0, offset = 6144, size = 1924>>
// CHECK-NEXT: %mid = tile.slice {{.*}} -> !tile.tile<8x1xf32, vec, memref = <@mem_vec_0, offset = 6656, size = 900>>
// EXEC: column-of-column-slice.mlir: logical and physical runs agree (seed 5177)
func.func @column_of_column(%in0: memref<64x32xf32>, %out6: memref<8x1xf32>) {
  %c0 = arith.constant 0 : index
  %c48 = arith.constant 48 : index
  %c4 = arith.constant 4 : index
  %x = tile.load %in0[%c0, %c0] : memref<64x32xf32> -> !tile.tile<64x32xf32, vec>
  %col = tile.slice %x, %c0, %c0 : (!tile.tile<64x32xf32, vec>, index, index) -> !tile.tile<64x1xf32, vec>
  %low = tile.slice %col, %c48, %c0 : (!tile.tile<64x1xf32, vec>, index, index) -> !tile.tile<16x1xf32, vec>
  %mid = tile.slice %low, %c4, %c0 : (!tile.tile<16x1xf32, vec>, index, index) -> !tile.tile<8x1xf32, vec>
  tile.store %mid, %out6[%c0, %c0] : !tile.tile<8x1xf32, vec>, memref<8x1xf32>
  func.return
}

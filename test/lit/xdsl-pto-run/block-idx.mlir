// RUN: xdsl-pto run %s --block-idx 2 --block-num 4 | filecheck %s --check-prefix=OK
// RUN: xdsl-pto run %s | filecheck %s --check-prefix=OK
// RUN: not xdsl-pto run %s --block-idx 4 --block-num 4 2>&1 | filecheck %s --check-prefix=OUTSIDE
// RUN: not xdsl-pto run %s --block-num -1 2>&1 | filecheck %s --check-prefix=NEGATIVE

// tile.get_block_idx / get_block_num give the SPMD block the run is
// (--block-idx / --block-num; block 0 of 1 by default): here it picks the
// rows each block loads and stores. (test_ops_reduce_family.py checks the
// values; the planned kernel's physical run must agree with the logical one.)
// OK: block-idx.mlir: logical and physical runs agree (seed 0)
// OUTSIDE: block-idx.mlir: error: --block-idx 4 is not one of the 4 blocks of --block-num
// NEGATIVE: xdsl-pto: error: argument --block-num: must not be negative, got -1
func.func @rows(%in: memref<32x16xf32>, %out: memref<32x16xf32>) {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %b = tile.get_block_idx : index
  %n = tile.get_block_num : index
  %row = arith.muli %b, %c8 : index
  %x = tile.load %in[%row, %c0] : memref<32x16xf32> -> !tile.tile<8x16xf32, vec>
  %y = tile.exp %x : (!tile.tile<8x16xf32, vec>) -> !tile.tile<8x16xf32, vec>
  tile.store %y, %out[%row, %c0] : !tile.tile<8x16xf32, vec>, memref<32x16xf32>
  func.return
}

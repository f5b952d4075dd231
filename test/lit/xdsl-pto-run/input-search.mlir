// The input search (xdsl_pto/interp/input_search.py): a work list whose
// entries pick a row band and, with the sequence length, a valid width (the
// form of qwen3_14b fa_fused). The seeded tables and the retry's address
// outside the tensor; the search fills %list with 0. In block 7 of 8 the
// retry's %total (at most 8) gives the block-strided loop no iteration: a
// vacuous run is not taken, %total is filled in [8, 32) first. The result
// line names the chosen inputs.
// RUN: xdsl-pto run %s | filecheck %s --check-prefix=FIRST
// RUN: xdsl-pto run %s --block-num 8 --block-idx 7 | filecheck %s --check-prefix=LAST
// FIRST: {{^}}{{.*}}input-search.mlir: logical and physical runs agree (seed 0; inputs a caller could give, searched: @work: %list = 0, other signed integer tensors in [0, 8] (3 runs)){{$}}
// LAST: {{^}}{{.*}}input-search.mlir: logical and physical runs agree (seed 0; inputs a caller could give, searched: @work: %total in [8, 32), %list = 0, other signed integer tensors in [0, 8] (4 runs)){{$}}
func.func @work(%total: memref<1xi32>, %list: memref<64xi32>, %lens: memref<4xi32>, %x: memref<128x16xf32>, %out: memref<128x16xf32> {tile.out}) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %b = tile.get_block_idx : index
  %n = tile.get_block_num : index
  %t = memref.load %total[%c0] : memref<1xi32>
  %count = arith.index_cast %t : i32 to index
  scf.for %w = %b to %count step %n {
    %e = memref.load %list[%w] : memref<64xi32>
    %part = arith.index_cast %e : i32 to index
    %l = memref.load %lens[%c0] : memref<4xi32>
    %len = arith.index_cast %l : i32 to index
    %start = arith.muli %part, %c16 : index
    %left = arith.subi %len, %start : index
    %valid = arith.minsi %left, %c16 : index
    %row = arith.muli %part, %c16 : index
    %v = tile.load %x[%row, %c0] : memref<128x16xf32> -> !tile.tile<16x16xf32, vec>
    %s = tile.set_validshape %v, %c16, %valid : (!tile.tile<16x16xf32, vec>, index, index) -> !tile.tile<16x16xf32, vec, valid = 16x?>
    %p = tile.fillpad %s : (!tile.tile<16x16xf32, vec, valid = 16x?>) -> !tile.tile<16x16xf32, vec, pad = 3>
    %y = tile.exp %p : (!tile.tile<16x16xf32, vec, pad = 3>) -> !tile.tile<16x16xf32, vec, pad = 3>
    tile.store %y, %out[%row, %c0] : !tile.tile<16x16xf32, vec, pad = 3>, memref<128x16xf32>
  }
  func.return
}

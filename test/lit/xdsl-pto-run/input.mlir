// `xdsl-pto run --input NAME=FILE.npy`: a GM tensor's contents from a numpy
// file, the same in both runs. The kernel takes its row from a table entry
// e as (e - 5) * 8 of an 8-row tensor: only e = 5 keeps the window inside,
// which neither the seeded table, the retry nor the input search draws, so
// the run agrees only on the given table. (Each other mistake of --input:
// test/pytest/test_run_inputs.py.)
// RUN: rm -rf %t.d && mkdir %t.d
// RUN: python -c "import numpy as np, sys; np.save(sys.argv[1] + '/five.npy', np.array([5, 0, 0, 0], np.int32))" %t.d
// RUN: xdsl-pto run %s --input table=%t.d/five.npy | filecheck %s --check-prefix=GIVEN
// RUN: not xdsl-pto run %s 2>&1 | filecheck %s --check-prefix=SEEDED
// RUN: not xdsl-pto run %s --input nope=%t.d/five.npy 2>&1 | filecheck %s --check-prefix=UNKNOWN
// GIVEN: {{^}}{{.*}}input.mlir: logical and physical runs agree (seed 0){{$}}
// SEEDED: {{^}}{{.*}}input.mlir:[[# @LINE + 12]]:8: error: tile.load: window [16, 24) on axis 0 is outside the tensor's 8 elements{{$}}
// UNKNOWN: {{^}}{{.*}}input.mlir:[[# @LINE + 3]]:1: error: no function of the kernel has an argument %nope (its GM tensors: %cache, %out, %table){{$}}
// SEEDED-NOT: Traceback
// UNKNOWN-NOT: Traceback
func.func @pick(%table: memref<4xi32>, %n: index, %cache: memref<8x16xf32>, %out: memref<8x16xf32> {tile.out}) {
  %c0 = arith.constant 0 : index
  %c5 = arith.constant 5 : index
  %c8 = arith.constant 8 : index
  %e = memref.load %table[%c0] : memref<4xi32>
  %p = arith.index_cast %e : i32 to index
  %q = arith.subi %p, %c5 : index
  %row = arith.muli %q, %c8 : index
  %x = tile.load %cache[%row, %c0] : memref<8x16xf32> -> !tile.tile<8x16xf32, vec>
  %y = tile.exp %x : (!tile.tile<8x16xf32, vec>) -> !tile.tile<8x16xf32, vec>
  tile.store %y, %out[%c0, %c0] : !tile.tile<8x16xf32, vec>, memref<8x16xf32>
  func.return
}

// `xdsl-pto run` reduces a row over its valid columns only
// (tile-op-semantics.md sections 0 and 3; the lowered pto.trowsum gets
// v_col=100): the tile is loaded whole (256 columns) but its type says
// valid 8x100. With ones in the 100 valid columns and 1000 in the other 156,
// row 0's sum is 100, the entry of %table the kernel reads; the sum of the
// whole row (156100, what the run used to compute) is past the table's end.
// (Exact values, runtime valid widths and the other reductions:
// test/pytest/test_run_valid_regions.py.)
// RUN: rm -rf %t.d && mkdir %t.d
// RUN: python -c "import numpy as np, sys; x = np.full((8, 256), 1000, np.float32); x[:, :100] = 1; np.save(sys.argv[1] + '/x.npy', x)" %t.d
// RUN: xdsl-pto run %s --input x=%t.d/x.npy | filecheck %s
// RUN: xdsl-opt -p 'pto-compile{backend=a3}' %s | filecheck %s --check-prefix=PTO
// CHECK: {{^}}{{.*}}valid-row-sum.mlir: logical and physical runs agree (seed 0){{$}}
// PTO: pto.trowsum ins(%{{.*}}, %{{.*}} : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=256, v_row=8, v_col=100,
func.func @rows(%x: memref<8x256xf32>, %table: memref<128xf32>, %out: memref<1xf32> {tile.out}) attributes {tile.function_kind = "aiv"} {
  %c0 = arith.constant 0 : index
  %a = tile.load %x[%c0, %c0] : memref<8x256xf32> -> !tile.tile<8x256xf32, vec, valid = 8x100>
  %tmp = tile.create : !tile.tile<8x256xf32, vec>
  %s = tile.row_sum %a, %tmp : (!tile.tile<8x256xf32, vec, valid = 8x100>, !tile.tile<8x256xf32, vec>) -> !tile.tile<8x1xf32, vec>
  %v = tile.read %s, %c0, %c0 : (!tile.tile<8x1xf32, vec>, index, index) -> f32
  %n = arith.fptosi %v : f32 to i32
  %i = arith.index_cast %n : i32 to index
  %t = memref.load %table[%i] : memref<128xf32>
  memref.store %t, %out[%c0] : memref<1xf32>
  func.return
}

// RUN: xdsl-opt -p 'init-memref,allocate-memory-addr{backend=a5},convert-tile-to-pto' %s | filecheck %s

// allocate-memory-addr{backend=...} records the target, so the lowering after
// it needs no option of its own.
// CHECK: builtin.module attributes {pto.target_arch = "a5"} {
// CHECK: pto.alloc_tile addr = %c0_i64 : !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=32, v_row=32, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>
func.func @k(%in: memref<32x32xf32>) {
  %c0 = arith.constant 0 : index
  %a = tile.load %in[%c0, %c0] : memref<32x32xf32> -> !tile.tile<32x32xf32, vec>
  func.return
}

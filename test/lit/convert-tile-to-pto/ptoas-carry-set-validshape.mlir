// RUN: xdsl-opt -p 'pto-compile{backend=a3 planner=ptoas}' %s | filecheck %s

// Under planner=ptoas a loop carry is one PTO handle for all its parts; when
// a tile.set_validshape trims the carried tile after the loop (lm_head: the
// K-loop's accumulator stored with its runtime valid rows, issue 24), that
// handle is the v_row=? one set_validshape changes in place, declared with
// the tile's static valid shape as operands, as the reference declares it.
// Before, the trimmed loop result had a handle of its own and the carry was
// refused ("needs one handle for all its parts"). The store writes the %n
// valid rows (a ?x64 partition view). ptoas v0.48 takes the
// output at level2 (test/ptoas).

// CHECK:      %init = pto.alloc_tile valid_row = %c16_index valid_col = %c64_index : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>
// CHECK-NEXT: pto.tload ins(%2 : !pto.partition_tensor_view<16x64xf32>) outs(%init : {{.*}})
// CHECK-NEXT: scf.for %i = %c0 to %c4 step %c1 {
// CHECK-NEXT:   pto.tadd ins(%init, %init : {{.*}}) outs(%init : {{.*}})
// CHECK-NEXT: }
// CHECK-NEXT: pto.set_validshape %init, %n, %c64 : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>
// CHECK:      pto.tstore ins(%init : {{.*}}) outs(%3 : !pto.partition_tensor_view<?x64xf32>)
// CHECK-NOT:  pto.alloc_tile
func.func @trim(%x: memref<16x64xf32>, %o: memref<16x64xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c64 = arith.constant 64 : index
  %init = tile.load %x[%c0, %c0] : memref<16x64xf32> -> !tile.tile<16x64xf32, vec>
  %acc = scf.for %i = %c0 to %c4 step %c1 iter_args(%a = %init) -> (!tile.tile<16x64xf32, vec>) {
    %b = tile.add %a, %a : (!tile.tile<16x64xf32, vec>, !tile.tile<16x64xf32, vec>) -> !tile.tile<16x64xf32, vec>
    scf.yield %b : !tile.tile<16x64xf32, vec>
  }
  %t = tile.set_validshape %acc, %n, %c64 : (!tile.tile<16x64xf32, vec>, index, index) -> !tile.tile<16x64xf32, vec, valid = ?x64>
  tile.store %t, %o[%c0, %c0] : !tile.tile<16x64xf32, vec, valid = ?x64>, memref<16x64xf32>
  func.return
}

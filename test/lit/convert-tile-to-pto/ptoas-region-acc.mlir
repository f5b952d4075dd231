// planner=ptoas: a 2-slot Acc accumulator. Each iteration's product lands in
// slot iv mod 2 of @l0c (a cube region), so iteration i+1's matmul can start
// while iteration i's result is still being stored.
// RUN: xdsl-opt -p 'pto-plan-memory{planner=ptoas backend=a3},convert-tile-to-pto' %s | filecheck %s

// CHECK:      %l0c_mb = pto.alloc_multi_tile valid_row = %c128_index valid_col = %c128_index : !pto.multi_tile_buf<!pto.tile_buf<loc=acc, dtype=f32, rows=128, cols=128, v_row=?, v_col=?, blayout=col_major, slayout=row_major, fractal=1024, pad=0>, count=2>
// CHECK:      scf.for %k = %c0 to %c4 step %c1 {
// CHECK:        %[[SLOT:.+]] = arith.remsi %k, %c2_index : index
// CHECK-NEXT:   %prod = pto.multi_tile_get %l0c_mb[%[[SLOT]]] : !pto.multi_tile_buf<{{.*}}, count=2> -> !pto.tile_buf<loc=acc, dtype=f32, rows=128, cols=128, v_row=?, v_col=?, blayout=col_major, slayout=row_major, fractal=1024, pad=0>
// CHECK-NEXT:   pto.tmatmul ins(%a_l0, %b_l0 : {{.*}}) outs(%prod : {{.*}})
// CHECK:        pto.tstore ins(%prod : {{.*}})
// CHECK-NOT:  addr

func.func @products(%a: memref<128x512xf16>, %b: memref<512x128xf16>, %c: memref<512x128xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c128 = arith.constant 128 : index
  scf.for %k = %c0 to %c4 step %c1 {
    %k0 = arith.muli %k, %c128 : index
    %a_l1 = tile.load %a[%c0, %k0] : memref<128x512xf16> -> !tile.tile<128x128xf16, mat>
    %b_l1 = tile.load %b[%k0, %c0] : memref<512x128xf16> -> !tile.tile<128x128xf16, mat>
    %a_l0 = tile.move %a_l1 : (!tile.tile<128x128xf16, mat>) -> !tile.tile<128x128xf16, left>
    %b_l0 = tile.move %b_l1 : (!tile.tile<128x128xf16, mat>) -> !tile.tile<128x128xf16, right>
    %prod = tile.matmul %a_l0, %b_l0 : (!tile.tile<128x128xf16, left>, !tile.tile<128x128xf16, right>) -> !tile.tile<128x128xf32, acc, alloc = <@l0c, slots = 2, slot = iv>>
    tile.store %prod, %c[%k0, %c0] : !tile.tile<128x128xf32, acc, alloc = <@l0c, slots = 2, slot = iv>>, memref<512x128xf32>
  }
  func.return
}

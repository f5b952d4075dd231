// planner=ptoas: the tiles derived from a slot stay on it without a second
// selection -- an in-place update (tile.matmul_acc on the Acc slot) shares
// the slot's pto.multi_tile_get handle, a view (tile.slice of the Vec slot)
// is a pto.subview of it -- and two slots of one region used one after the
// other inside a loop (never live at once) are fine. The view and its source
// are live together (%x is stored after %top is read): one slot, not two.
// RUN: xdsl-opt -p 'pto-plan-memory{planner=ptoas backend=a3},convert-tile-to-pto' %s | filecheck %s

// CHECK-LABEL: func.func @inplace
// CHECK:         %[[SLOT:.+]] = arith.remsi %k, %c2_index : index
// CHECK-NEXT:    %p = pto.multi_tile_get %l0c_mb[%[[SLOT]]]
// CHECK-NEXT:    pto.tmatmul ins(%a_l0, %b_l0 : {{.*}}) outs(%p : {{.*}})
// CHECK-NEXT:    pto.tmatmul.acc ins(%p, %a_l0, %b_l0 : {{.*}}) outs(%p : {{.*}})
// CHECK-NOT:     pto.multi_tile_get
// CHECK:         pto.tstore ins(%p : {{.*}})
func.func @inplace(%a: memref<128x512xf16>, %b: memref<512x128xf16>, %c: memref<512x128xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c128 = arith.constant 128 : index
  %false = arith.constant false
  scf.for %k = %c0 to %c4 step %c1 {
    %k0 = arith.muli %k, %c128 : index
    %a_l1 = tile.load %a[%c0, %k0] : memref<128x512xf16> -> !tile.tile<128x128xf16, mat>
    %b_l1 = tile.load %b[%k0, %c0] : memref<512x128xf16> -> !tile.tile<128x128xf16, mat>
    %a_l0 = tile.move %a_l1 : (!tile.tile<128x128xf16, mat>) -> !tile.tile<128x128xf16, left>
    %b_l0 = tile.move %b_l1 : (!tile.tile<128x128xf16, mat>) -> !tile.tile<128x128xf16, right>
    %p = tile.matmul %a_l0, %b_l0 : (!tile.tile<128x128xf16, left>, !tile.tile<128x128xf16, right>) -> !tile.tile<128x128xf32, acc, alloc = <@l0c, slots = 2, slot = iv>>
    %q = tile.matmul_acc %p, %a_l0, %b_l0, %false : (!tile.tile<128x128xf32, acc, alloc = <@l0c, slots = 2, slot = iv>>, !tile.tile<128x128xf16, left>, !tile.tile<128x128xf16, right>, i1) -> !tile.tile<128x128xf32, acc, alloc = <@l0c, slots = 2, slot = iv>>
    tile.store %q, %c[%k0, %c0] : !tile.tile<128x128xf32, acc, alloc = <@l0c, slots = 2, slot = iv>>, memref<512x128xf32>
  }
  func.return
}

// CHECK-LABEL: func.func @view_and_sequence
// CHECK:         scf.for %i = %c0 to %c4 step %c1 {
// CHECK-NEXT:      %x = pto.multi_tile_get %buf_mb[%c0_index]
// CHECK:           %top = pto.subview %x[%c0, %c0] sizes [32, 64] : !pto.tile_buf<loc=vec, dtype=f32, rows=64, cols=64, v_row=?, v_col=?, {{.*}}> -> !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=64, v_row=32, v_col=64, {{.*}}>
// CHECK-NEXT:      %e = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=64, v_row=32, v_col=64, {{.*}}>
// CHECK-NEXT:      pto.texp ins(%top : {{.*}}) outs(%e : {{.*}})
// CHECK:           %y = pto.multi_tile_get %buf_mb[%c1_index]
func.func @view_and_sequence(%a: memref<64x64xf32>, %o: memref<32x64xf32>, %o2: memref<64x64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.for %i = %c0 to %c4 step %c1 {
    %x = tile.load %a[%c0, %c0] : memref<64x64xf32> -> !tile.tile<64x64xf32, vec, alloc = <@buf, slots = 2, slot = 0>>
    %top = tile.slice %x, %c0, %c0 : (!tile.tile<64x64xf32, vec, alloc = <@buf, slots = 2, slot = 0>>, index, index) -> !tile.tile<32x64xf32, vec>
    %e = tile.exp %top : (!tile.tile<32x64xf32, vec>) -> !tile.tile<32x64xf32, vec>
    tile.store %e, %o[%c0, %c0] : !tile.tile<32x64xf32, vec>, memref<32x64xf32>
    tile.store %x, %o2[%c0, %c0] : !tile.tile<64x64xf32, vec, alloc = <@buf, slots = 2, slot = 0>>, memref<64x64xf32>
    %y = tile.load %a[%c0, %c0] : memref<64x64xf32> -> !tile.tile<64x64xf32, vec, alloc = <@buf, slots = 2, slot = 1>>
    tile.store %y, %o2[%c0, %c0] : !tile.tile<64x64xf32, vec, alloc = <@buf, slots = 2, slot = 1>>, memref<64x64xf32>
  }
  func.return
}

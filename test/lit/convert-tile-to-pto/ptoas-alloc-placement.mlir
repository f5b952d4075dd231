// RUN: xdsl-opt -p 'pto-plan-memory{planner=ptoas backend=a3},convert-tile-to-pto' %s | filecheck %s

// Under planner=ptoas each pto.alloc_tile is emitted in the narrowest scope
// that dominates all its uses, right before the first (as the reference's
// codegen places them): ptoas's PlanMemory lets a tile live from its
// alloc_tile to its last use, so the tiles of the second loop can take the
// bytes of the first loop's. With every alloc_tile in the function head,
// both loops' 96 KiB would be live at once (ptoas: "vec overflow").
// A tile one loop reads and the next writes (%keep) stays before the first;
// a loop carry's tile before its loop; a tile of one if arm in that arm.

// CHECK-LABEL: func.func @two_loops
// CHECK:         %keep = pto.alloc_tile : [[T:!pto.tile_buf<loc=vec, dtype=f32, rows=128, cols=64, v_row=128, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>]]
// CHECK-NEXT:    pto.tload ins(%{{[0-9]+}} : !pto.partition_tensor_view<128x64xf32>) outs(%keep : [[T]])
// CHECK-NEXT:    scf.for %i = %c0 to %c2 step %c1 {
// CHECK-NEXT:      %r = arith.muli %i, %c128 : index
// CHECK-NEXT:      %[[PV1:[0-9]+]] = pto.partition_view
// CHECK-NEXT:      %x = pto.alloc_tile : [[T]]
// CHECK-NEXT:      pto.tload ins(%[[PV1]] : {{.*}}) outs(%x : [[T]])
// CHECK-NEXT:      %y = pto.alloc_tile : [[T]]
// CHECK-NEXT:      pto.tadd ins(%x, %keep : [[T]], [[T]]) outs(%y : [[T]])
// CHECK:         }
// CHECK-NEXT:    scf.for %j = %c0 to %c2 step %c1 {
// CHECK-NEXT:      %r_1 = arith.muli %j, %c128 : index
// CHECK-NEXT:      %[[PV2:[0-9]+]] = pto.partition_view
// CHECK-NEXT:      %u = pto.alloc_tile : [[T]]
// CHECK-NEXT:      pto.tload ins(%[[PV2]] : {{.*}}) outs(%u : [[T]])
// CHECK-NEXT:      %v = pto.alloc_tile : [[T]]
// CHECK-NEXT:      pto.tmul ins(%u, %keep : [[T]], [[T]]) outs(%v : [[T]])
// CHECK:         }
// CHECK-NEXT:    func.return
func.func @two_loops(%a: memref<256x64xf32>, %o: memref<256x64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c128 = arith.constant 128 : index
  %keep = tile.load %a[%c0, %c0] : memref<256x64xf32> -> !tile.tile<128x64xf32, vec>
  scf.for %i = %c0 to %c2 step %c1 {
    %r = arith.muli %i, %c128 : index
    %x = tile.load %a[%r, %c0] : memref<256x64xf32> -> !tile.tile<128x64xf32, vec>
    %y = tile.add %x, %keep : (!tile.tile<128x64xf32, vec>, !tile.tile<128x64xf32, vec>) -> !tile.tile<128x64xf32, vec>
    tile.store %y, %o[%r, %c0] : !tile.tile<128x64xf32, vec>, memref<256x64xf32>
  }
  scf.for %j = %c0 to %c2 step %c1 {
    %r = arith.muli %j, %c128 : index
    %u = tile.load %a[%r, %c0] : memref<256x64xf32> -> !tile.tile<128x64xf32, vec>
    %v = tile.mul %u, %keep : (!tile.tile<128x64xf32, vec>, !tile.tile<128x64xf32, vec>) -> !tile.tile<128x64xf32, vec>
    tile.store %v, %o[%r, %c0] : !tile.tile<128x64xf32, vec>, memref<256x64xf32>
  }
  func.return
}

// CHECK-LABEL: func.func @carry_and_arm
// CHECK:         %init = pto.alloc_tile : [[S:!pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>]]
// CHECK-NEXT:    pto.tload ins(%{{[0-9]+}} : {{.*}}) outs(%init : [[S]])
// CHECK-NEXT:    scf.for %i = %c0 to %c4 step %c1 {
// CHECK-NEXT:      pto.texp ins(%init : [[S]]) outs(%init : [[S]])
// CHECK-NEXT:    }
// CHECK-NEXT:    scf.if %c {
// CHECK-NEXT:      %n = pto.alloc_tile : [[S]]
// CHECK-NEXT:      pto.tneg ins(%init : [[S]]) outs(%n : [[S]])
func.func @carry_and_arm(%a: memref<16x64xf32>, %o: memref<16x64xf32>, %c: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %init = tile.load %a[%c0, %c0] : memref<16x64xf32> -> !tile.tile<16x64xf32, vec>
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %init) -> (!tile.tile<16x64xf32, vec>) {
    %e = tile.exp %acc : (!tile.tile<16x64xf32, vec>) -> !tile.tile<16x64xf32, vec>
    scf.yield %e : !tile.tile<16x64xf32, vec>
  }
  scf.if %c {
    %n = tile.neg %r : (!tile.tile<16x64xf32, vec>) -> !tile.tile<16x64xf32, vec>
    tile.store %n, %o[%c0, %c0] : !tile.tile<16x64xf32, vec>, memref<16x64xf32>
  }
  func.return
}

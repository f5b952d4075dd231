// planner=ptoas: an scf.if whose result type the author left unbound never
// merges into a slot of a declared allocation (a ptoas region selects its
// slot per use; an if result on it would be a phi, which no region
// describes). init-memref gives the result a buffer of its own, and
// materialize-semantic-aliases does not peel it onto the slot; the arm that
// yields the slotted tile copies it. Both arm orders.
// RUN: xdsl-opt -p 'pto-plan-memory{planner=ptoas backend=a3},convert-tile-to-pto' %s | filecheck %s

// CHECK-LABEL: func.func @bound_then
// CHECK:         %[[R:.+]] = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f32, rows=64, cols=64, v_row=64, v_col=64, {{.*}}>
// CHECK:         scf.if %c {
// CHECK-NEXT:      %y = pto.multi_tile_get %buf_mb[%c1_index]
// CHECK:           pto.tmov ins(%y : {{.*}}) outs(%[[R]] : {{.*}})
// CHECK-NEXT:    } else {
func.func @bound_then(%a: memref<64x64xf32>, %o: memref<64x64xf32>, %c: i1) {
  %c0 = arith.constant 0 : index
  %r = scf.if %c -> (!tile.tile<64x64xf32, vec>) {
    %y = tile.load %a[%c0, %c0] : memref<64x64xf32> -> !tile.tile<64x64xf32, vec, alloc = <@buf, slots = 2, slot = 1>>
    scf.yield %y : !tile.tile<64x64xf32, vec, alloc = <@buf, slots = 2, slot = 1>>
  } else {
    %e = tile.load %o[%c0, %c0] : memref<64x64xf32> -> !tile.tile<64x64xf32, vec>
    scf.yield %e : !tile.tile<64x64xf32, vec>
  }
  tile.store %r, %o[%c0, %c0] : !tile.tile<64x64xf32, vec>, memref<64x64xf32>
  func.return
}

// CHECK-LABEL: func.func @bound_else
// CHECK:         %e = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f32, rows=64, cols=64, v_row=64, v_col=64, {{.*}}>
// CHECK:         } else {
// CHECK-NEXT:      %y = pto.multi_tile_get %buf_mb[%c1_index]
// CHECK:           pto.tmov ins(%y : {{.*}}) outs(%e : {{.*}})
// CHECK-NEXT:    }
// CHECK:         pto.tstore ins(%e : {{.*}})
func.func @bound_else(%a: memref<64x64xf32>, %o: memref<64x64xf32>, %c: i1) {
  %c0 = arith.constant 0 : index
  %r = scf.if %c -> (!tile.tile<64x64xf32, vec>) {
    %x = tile.load %a[%c0, %c0] : memref<64x64xf32> -> !tile.tile<64x64xf32, vec>
    %e = tile.exp %x : (!tile.tile<64x64xf32, vec>) -> !tile.tile<64x64xf32, vec>
    scf.yield %e : !tile.tile<64x64xf32, vec>
  } else {
    %y = tile.load %a[%c0, %c0] : memref<64x64xf32> -> !tile.tile<64x64xf32, vec, alloc = <@buf, slots = 2, slot = 1>>
    scf.yield %y : !tile.tile<64x64xf32, vec, alloc = <@buf, slots = 2, slot = 1>>
  }
  tile.store %r, %o[%c0, %c0] : !tile.tile<64x64xf32, vec>, memref<64x64xf32>
  func.return
}

// Both arms yield views of a slotted tile: the result is its own buffer and
// each arm copies its pto.subview of the slot into it.
// CHECK-LABEL: func.func @r9
// CHECK:         %r = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=64, {{.*}}>
// CHECK:         %t = pto.subview %x[%c0, %c0] sizes [32, 64]
// CHECK-NEXT:      pto.tmov ins(%t : {{.*}}) outs(%r : {{.*}})
// CHECK:         %b = pto.subview %x[%c32, %c0] sizes [32, 64]
// CHECK-NEXT:      pto.tmov ins(%b : {{.*}}) outs(%r : {{.*}})
func.func @r9(%a: memref<64x64xf32>, %o: memref<32x64xf32>, %c: i1) {
  %c0 = arith.constant 0 : index
  %c32 = arith.constant 32 : index
  %x = tile.load %a[%c0, %c0] : memref<64x64xf32> -> !tile.tile<64x64xf32, vec, alloc = <@buf, slots = 2, slot = 0>>
  %r = scf.if %c -> (!tile.tile<32x64xf32, vec>) {
    %t = tile.slice %x, %c0, %c0 : (!tile.tile<64x64xf32, vec, alloc = <@buf, slots = 2, slot = 0>>, index, index) -> !tile.tile<32x64xf32, vec>
    scf.yield %t : !tile.tile<32x64xf32, vec>
  } else {
    %b = tile.slice %x, %c32, %c0 : (!tile.tile<64x64xf32, vec, alloc = <@buf, slots = 2, slot = 0>>, index, index) -> !tile.tile<32x64xf32, vec>
    scf.yield %b : !tile.tile<32x64xf32, vec>
  }
  tile.store %r, %o[%c0, %c0] : !tile.tile<32x64xf32, vec>, memref<32x64xf32>
  func.return
}

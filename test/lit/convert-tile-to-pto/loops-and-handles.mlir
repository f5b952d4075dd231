// RUN: xdsl-opt -p 'pto-plan-memory{backend=a3},convert-tile-to-pto' %s | filecheck %s

// scf.for keeps its index iter_args but loses its tile ones: PTO ops write
// buffers in place, so the carried accumulator is simply its handle (%acc0)
// inside and after the loop. Values on the same physical window (%acc0, the
// iter_arg %acc, %n, the loop result) share one handle.
// CHECK-LABEL: func.func @loop
// CHECK:         %x = pto.alloc_tile addr = %c0_i64 : !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=32,
// CHECK-NEXT:    %acc0 = pto.alloc_tile addr = %c4096_i64 : !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=32,
// CHECK-NOT:     pto.alloc_tile
// CHECK:         %[[S:.+]] = scf.for %i = %c0 to %c4 step %c1 iter_args(%k = %c0) -> (index) {
// CHECK-NEXT:      pto.tadd ins(%acc0, %x : {{.*}}) outs(%acc0 : {{.*}})
// CHECK-NEXT:      %k2 = arith.addi %k, %c1 : index
// CHECK-NEXT:      scf.yield %k2 : index
// CHECK-NEXT:    }
// CHECK-NEXT:    %[[P:[0-9]+]] = pto.partition_view %{{[0-9]+}}, offsets = [%[[S]], %c0]
// CHECK-NEXT:    pto.tstore ins(%acc0 : {{.*}}) outs(%[[P]] : !pto.partition_tensor_view<32x32xf32>)
// CHECK-NOT:     !tile.tile
func.func @loop(%in: memref<32x32xf32>, %out: memref<128x32xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %x = tile.load %in[%c0, %c0] : memref<32x32xf32> -> !tile.tile<32x32xf32, vec>
  %acc0 = tile.create : !tile.tile<32x32xf32, vec>
  %res:2 = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %acc0, %k = %c0) -> (!tile.tile<32x32xf32, vec>, index) {
    %n = tile.add %acc, %x : (!tile.tile<32x32xf32, vec>, !tile.tile<32x32xf32, vec>) -> !tile.tile<32x32xf32, vec>
    %k2 = arith.addi %k, %c1 : index
    scf.yield %n, %k2 : !tile.tile<32x32xf32, vec>, index
  }
  tile.store %res#0, %out[%res#1, %c0] : !tile.tile<32x32xf32, vec>, memref<128x32xf32>
  func.return
}

// A reshape is a view at the same address with another shape: it gets its
// own alloc_tile at that address (no data moves, no op), while a value of the
// same type on the same window reuses the handle (%y below is computed in
// %x's bytes and is written through %x).
// CHECK-LABEL: func.func @handles
// CHECK:         %x = pto.alloc_tile addr = %c0_i64 : !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=32, v_row=32, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>
// CHECK-NEXT:    %flat = pto.alloc_tile addr = %c0_i64 : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>
// CHECK-NOT:     pto.alloc_tile
// CHECK:         pto.texp ins(%x : {{.*}}) outs(%x : {{.*}})
// CHECK-NEXT:    %[[P:[0-9]+]] = pto.partition_view
// CHECK-NEXT:    pto.tstore ins(%flat : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, {{.*}}>) outs(%[[P]] : !pto.partition_tensor_view<16x64xf32>)
// CHECK-NOT:     treshape
func.func @handles(%in: memref<32x32xf32>, %out: memref<16x64xf32>) {
  %c0 = arith.constant 0 : index
  %x = tile.load %in[%c0, %c0] : memref<32x32xf32> -> !tile.tile<32x32xf32, vec>
  %y = tile.exp %x : (!tile.tile<32x32xf32, vec>) -> !tile.tile<32x32xf32, vec>
  %flat = tile.reshape %y : (!tile.tile<32x32xf32, vec>) -> !tile.tile<16x64xf32, vec>
  tile.store %flat, %out[%c0, %c0] : !tile.tile<16x64xf32, vec>, memref<16x64xf32>
  func.return
}

// A Vec carry move kept by planning (tile.recip of the carry is not in place)
// lowers to a plain pto.tmov from %n's buffer into the carry's (%x's) at the
// end of the body; the `carry` marker does not reach PTO.
// CHECK-LABEL: func.func @carry_move
// CHECK:         %x = pto.alloc_tile addr = %c0_i64 : !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=32,
// CHECK-NEXT:    %n = pto.alloc_tile addr = %c4096_i64 : !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=32,
// CHECK-NOT:     pto.alloc_tile
// CHECK:         scf.for %i = %c0 to %c4 step %c1 {
// CHECK-NEXT:      pto.trecip ins(%x : {{.*}}) outs(%n : {{.*}})
// CHECK-NEXT:      pto.tmov ins(%n : !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=32, v_row=32, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%x : !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=32, v_row=32, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>){{$}}
// CHECK-NEXT:    }
// CHECK-NOT:     carry
func.func @carry_move(%in: memref<32x32xf32>, %out: memref<32x32xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %x = tile.load %in[%c0, %c0] : memref<32x32xf32> -> !tile.tile<32x32xf32, vec>
  %res = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %x) -> (!tile.tile<32x32xf32, vec>) {
    %n = tile.recip %acc : (!tile.tile<32x32xf32, vec>) -> !tile.tile<32x32xf32, vec>
    scf.yield %n : !tile.tile<32x32xf32, vec>
  }
  tile.store %res, %out[%c0, %c0] : !tile.tile<32x32xf32, vec>, memref<32x32xf32>
  func.return
}

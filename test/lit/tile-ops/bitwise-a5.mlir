// RUN: xdsl-opt -p 'pto-plan-memory{backend=a5},convert-tile-to-pto' %s | filecheck %s
// RUN: xdsl-opt -p 'pto-plan-memory{backend=a5 planner=ptoas},convert-tile-to-pto' %s | filecheck %s --check-prefix=PTOAS

// A5 takes 32-bit integers for the bitwise ops and tnot (a2/a3 does not:
// see err-target.mlir); A5 TXOR does not read its tmp, so xor's result may
// take the tmp's bytes there (%r0 on %t), and not runs in place.
// CHECK-LABEL: func.func @bitwise_i32_a5(
// CHECK: %x = pto.alloc_tile addr = %c0_i64 : [[I32_16X64:!pto.tile_buf<loc=vec, dtype=i32, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>]]{{$}}
// CHECK-NEXT: %t = pto.alloc_tile addr = %c4096_i64 : [[I32_16X64]]{{$}}
// CHECK: pto.txor ins(%x, %x, %t : [[I32_16X64]], [[I32_16X64]], [[I32_16X64]]) outs(%t : [[I32_16X64]]){{$}}
// CHECK-NEXT: pto.tnot ins(%x : [[I32_16X64]]) outs(%x : [[I32_16X64]]){{$}}
// PTOAS-LABEL: func.func @bitwise_i32_a5(
// PTOAS: %x = pto.alloc_tile : [[I32_16X64:!pto.tile_buf<loc=vec, dtype=i32, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>]]{{$}}
// PTOAS: %t = pto.alloc_tile : [[I32_16X64]]{{$}}
// PTOAS: %r0 = pto.alloc_tile : [[I32_16X64]]{{$}}
// PTOAS-NEXT: pto.txor ins(%x, %x, %t : [[I32_16X64]], [[I32_16X64]], [[I32_16X64]]) outs(%r0 : [[I32_16X64]]){{$}}
// PTOAS-NEXT: %r1 = pto.alloc_tile : [[I32_16X64]]{{$}}
// PTOAS-NEXT: pto.tnot ins(%x : [[I32_16X64]]) outs(%r1 : [[I32_16X64]]){{$}}
func.func @bitwise_i32_a5(%a: memref<16x64xi32>, %s: i32, %o: memref<32x64xi32>) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %x = tile.load %a[%c0, %c0] : memref<16x64xi32> -> !tile.tile<16x64xi32, vec>
  %t = tile.create : !tile.tile<16x64xi32, vec>
  %r0 = tile.xor %x, %x, %t : (!tile.tile<16x64xi32, vec>, !tile.tile<16x64xi32, vec>, !tile.tile<16x64xi32, vec>) -> !tile.tile<16x64xi32, vec>
  %r1 = tile.not %x : (!tile.tile<16x64xi32, vec>) -> !tile.tile<16x64xi32, vec>
  tile.store %r0, %o[%c0, %c0] : !tile.tile<16x64xi32, vec>, memref<32x64xi32>
  tile.store %r1, %o[%c16, %c0] : !tile.tile<16x64xi32, vec>, memref<32x64xi32>
  func.return
}

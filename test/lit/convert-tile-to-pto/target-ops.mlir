// RUN: xdsl-opt -p 'convert-tile-to-pto{backend=a3}' %s | filecheck %s

// The target-aware vector ops lower 1:1 to their PTO ops, every operand in
// the tile op's order (scratch tiles included, the scalar with its type) and
// the result buffer in outs. The input is planned by hand (one root, every
// value on its own window) so the text does not depend on the planner.
// On a3 ptoas takes tprelu's tmp as 8-bit integers with a row more than the
// result and a bit per result column: [17, 8] at least, here [17, 32] (a Vec
// row is 32 bytes); trem's tmp has the result's element type.
// CHECK:      %x = pto.alloc_tile addr = %c0_i64 : [[VEC:!pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>]]{{$}}
// CHECK-NEXT: %y = pto.alloc_tile addr = %c4096_i64 : [[VEC]]{{$}}
// CHECK-NEXT: %m = pto.alloc_tile addr = %c8192_i64 : [[MASK:!pto.tile_buf<loc=vec, dtype=ui8, rows=16, cols=32, v_row=16, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>]]{{$}}
// CHECK-NEXT: %t = pto.alloc_tile addr = %c8704_i64 : [[VEC]]{{$}}
// CHECK-NEXT: %u = pto.alloc_tile addr = %c37376_i64 : [[U8:!pto.tile_buf<loc=vec, dtype=ui8, rows=17, cols=32, v_row=17, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>]]{{$}}
// CHECK-NEXT: %r0 = pto.alloc_tile addr = %c12800_i64 : [[VEC]]{{$}}
// CHECK-NEXT: %r1 = pto.alloc_tile addr = %c16896_i64 : [[VEC]]{{$}}
// CHECK-NEXT: %r2 = pto.alloc_tile addr = %c20992_i64 : [[VEC]]{{$}}
// CHECK-NEXT: %r3 = pto.alloc_tile addr = %c25088_i64 : [[VEC]]{{$}}
// CHECK-NEXT: %r4 = pto.alloc_tile addr = %c29184_i64 : [[VEC]]{{$}}
// CHECK-NEXT: %r5 = pto.alloc_tile addr = %c33280_i64 : [[VEC]]{{$}}
// CHECK:      pto.tcmp ins(%x, %y {cmpMode = #pto<cmp lt>} : [[VEC]], [[VEC]]) outs(%m : [[MASK]]){{$}}
// CHECK-NEXT: pto.tsels ins(%m, %x, %t, %s : [[MASK]], [[VEC]], [[VEC]], f32) outs(%r0 : [[VEC]]){{$}}
// CHECK-NEXT: pto.tprelu ins(%x, %y, %u : [[VEC]], [[VEC]], [[U8]]) outs(%r1 : [[VEC]]){{$}}
// CHECK-NEXT: pto.trem ins(%x, %y, %t : [[VEC]], [[VEC]], [[VEC]]) outs(%r2 : [[VEC]]){{$}}
// CHECK-NEXT: pto.trems ins(%x, %s, %t : [[VEC]], f32, [[VEC]]) outs(%r3 : [[VEC]]){{$}}
// CHECK-NEXT: pto.tfmod ins(%x, %y : [[VEC]], [[VEC]]) outs(%r4 : [[VEC]]){{$}}
// CHECK-NEXT: pto.tfmods ins(%x, %s : [[VEC]], f32) outs(%r5 : [[VEC]]){{$}}
// CHECK-NEXT: func.return
func.func @target_ops(%a: memref<16x64xf32>, %s: f32) {
  tile.alloc @mem_vec_0 in vec size 37920 addr 0
  %c0 = arith.constant 0 : index
  %x = tile.load %a[%c0, %c0] : memref<16x64xf32> -> !tile.tile<16x64xf32, vec, memref = <@mem_vec_0, offset = 0, size = 4096>>
  %y = tile.load %a[%c0, %c0] : memref<16x64xf32> -> !tile.tile<16x64xf32, vec, memref = <@mem_vec_0, offset = 4096, size = 4096>>
  %m = tile.cmp %x, %y {cmp_mode = "lt"} : (!tile.tile<16x64xf32, vec, memref = <@mem_vec_0, offset = 0, size = 4096>>, !tile.tile<16x64xf32, vec, memref = <@mem_vec_0, offset = 4096, size = 4096>>) -> !tile.tile<16x32xui8, vec, memref = <@mem_vec_0, offset = 8192, size = 512>>
  %t = tile.create : !tile.tile<16x64xf32, vec, memref = <@mem_vec_0, offset = 8704, size = 4096>>
  %u = tile.create : !tile.tile<17x32xui8, vec, memref = <@mem_vec_0, offset = 37376, size = 544>>
  %r0 = tile.sels %m, %x, %t, %s : (!tile.tile<16x32xui8, vec, memref = <@mem_vec_0, offset = 8192, size = 512>>, !tile.tile<16x64xf32, vec, memref = <@mem_vec_0, offset = 0, size = 4096>>, !tile.tile<16x64xf32, vec, memref = <@mem_vec_0, offset = 8704, size = 4096>>, f32) -> !tile.tile<16x64xf32, vec, memref = <@mem_vec_0, offset = 12800, size = 4096>>
  %r1 = tile.prelu %x, %y, %u : (!tile.tile<16x64xf32, vec, memref = <@mem_vec_0, offset = 0, size = 4096>>, !tile.tile<16x64xf32, vec, memref = <@mem_vec_0, offset = 4096, size = 4096>>, !tile.tile<17x32xui8, vec, memref = <@mem_vec_0, offset = 37376, size = 544>>) -> !tile.tile<16x64xf32, vec, memref = <@mem_vec_0, offset = 16896, size = 4096>>
  %r2 = tile.rem %x, %y, %t : (!tile.tile<16x64xf32, vec, memref = <@mem_vec_0, offset = 0, size = 4096>>, !tile.tile<16x64xf32, vec, memref = <@mem_vec_0, offset = 4096, size = 4096>>, !tile.tile<16x64xf32, vec, memref = <@mem_vec_0, offset = 8704, size = 4096>>) -> !tile.tile<16x64xf32, vec, memref = <@mem_vec_0, offset = 20992, size = 4096>>
  %r3 = tile.rems %x, %s, %t : (!tile.tile<16x64xf32, vec, memref = <@mem_vec_0, offset = 0, size = 4096>>, f32, !tile.tile<16x64xf32, vec, memref = <@mem_vec_0, offset = 8704, size = 4096>>) -> !tile.tile<16x64xf32, vec, memref = <@mem_vec_0, offset = 25088, size = 4096>>
  %r4 = tile.fmod %x, %y : (!tile.tile<16x64xf32, vec, memref = <@mem_vec_0, offset = 0, size = 4096>>, !tile.tile<16x64xf32, vec, memref = <@mem_vec_0, offset = 4096, size = 4096>>) -> !tile.tile<16x64xf32, vec, memref = <@mem_vec_0, offset = 29184, size = 4096>>
  %r5 = tile.fmods %x, %s : (!tile.tile<16x64xf32, vec, memref = <@mem_vec_0, offset = 0, size = 4096>>, f32) -> !tile.tile<16x64xf32, vec, memref = <@mem_vec_0, offset = 33280, size = 4096>>
  func.return
}

// RUN: xdsl-opt %s | xdsl-opt | filecheck %s --check-prefix=RT
// RUN: xdsl-opt -p 'pto-plan-memory{backend=a3},convert-tile-to-pto' %s | filecheck %s --check-prefix=PTO
// RUN: xdsl-opt -p 'pto-plan-memory{backend=a3 planner=ptoas},convert-tile-to-pto' %s | filecheck %s --check-prefix=PTOAS
// RUN: xdsl-pto run %s --seed 4 | filecheck %s --check-prefix=EXEC

// The views and assembly ops of issue 23 (reference/tile-op-semantics.md
// section 9). reinterpret_view and transpose_view are views: with baked
// addresses each gets an alloc_tile of its own type at its source's address,
// under ptoas a pto.treshape of the source's handle. set_validshape's source
// gets a v_row=?, v_col=? alloc_tile of its own right before the op writing
// it, and pto.set_validshape changes that handle's valid shape (the runtime
// extent %n reaches PTO as it is). assemble writes whole rows of its target
// through a pto.subview and pto.tmov, in place (the target's handle); concat
// is pto.tconcat. Every output here is fed to ptoas v0.48 by test/ptoas.

// RT-LABEL: func.func @views
// RT:       %h = tile.reinterpret_view %x : (!tile.tile<16x64xf32, vec>) -> !tile.tile<16x128xf16, vec>
// RT-NEXT:  tile.store
// RT-NEXT:  %t = tile.transpose_view %x : (!tile.tile<16x64xf32, vec>) -> !tile.tile<64x16xf32, vec, blayout = col_major>
// RT:       %v = tile.set_validshape %y, %c5, %n : (!tile.tile<16x64xf32, vec>, index, index) -> !tile.tile<16x64xf32, vec, valid = 5x?>
// RT-NEXT:  %f = tile.fillpad %v : (!tile.tile<16x64xf32, vec, valid = 5x?>) -> !tile.tile<16x64xf32, vec, pad = 3>
// RT-LABEL: func.func @assembly
// RT:       %a = tile.assemble %z, %x, %r, %c0 : (!tile.tile<32x64xf32, vec>, !tile.tile<16x64xf32, vec>, index, index) -> !tile.tile<32x64xf32, vec>
// RT:       %c = tile.concat %p, %x : (!tile.tile<16x64xf32, vec, valid = 16x48>, !tile.tile<16x64xf32, vec>) -> !tile.tile<16x128xf32, vec>

// PTO-LABEL: func.func @views
// PTO:       %x = pto.alloc_tile addr = %c0_i64 : [[X:!pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>]]
// PTO-NEXT:  %h = pto.alloc_tile addr = %c0_i64 : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=128, v_row=16, v_col=128, blayout=row_major, slayout=none_box, fractal=512, pad=0>
// PTO-NEXT:  %t = pto.alloc_tile addr = %c0_i64 : !pto.tile_buf<loc=vec, dtype=f32, rows=64, cols=16, v_row=64, v_col=16, blayout=col_major, slayout=none_box, fractal=512, pad=0>
// PTO-NEXT:  %f = pto.alloc_tile addr = %c0_i64 : [[F:!pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=3>]]
// PTO:       %y = pto.alloc_tile addr = %c0_i64 valid_row = %c16_index valid_col = %c64_index : [[Y:!pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=\?, v_col=\?, blayout=row_major, slayout=none_box, fractal=512, pad=0>]]
// PTO-NEXT:  pto.tmuls ins(%x, %two : [[X]], f32) outs(%y : [[Y]])
// PTO-NEXT:  pto.set_validshape %y, %c5, %n : [[Y]]{{$}}
// PTO-NEXT:  pto.tfillpad ins(%y : [[Y]]) outs(%f : [[F]])
// PTO-LABEL: func.func @assembly
// PTO:       %z = pto.alloc_tile addr = %c4096_i64 : [[Z:!pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=64, v_row=32, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>]]
// PTO:       %a_window = pto.subview %z[%r, %c0] sizes [16, 64] : [[Z]] -> [[X]]
// PTO-NEXT:  pto.tmov ins(%x : [[X]]) outs(%a_window : [[X]])
// PTO:       pto.tconcat ins(%p, %x : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=16, v_col=48, blayout=row_major, slayout=none_box, fractal=512, pad=0>, [[X]]) outs(%c : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=128, v_row=16, v_col=128, blayout=row_major, slayout=none_box, fractal=512, pad=0>){{$}}

// PTOAS-LABEL: func.func @views
// PTOAS:       %h = pto.treshape %x : [[X:!pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>]] -> !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=128, v_row=16, v_col=128, blayout=row_major, slayout=none_box, fractal=512, pad=0>
// PTOAS:       %t = pto.treshape %x : [[X]] -> !pto.tile_buf<loc=vec, dtype=f32, rows=64, cols=16, v_row=64, v_col=16, blayout=col_major, slayout=none_box, fractal=512, pad=0>
// PTOAS:       %y = pto.alloc_tile valid_row = %c16_index valid_col = %c64_index : [[Y:!pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=\?, v_col=\?, blayout=row_major, slayout=none_box, fractal=512, pad=0>]]
// PTOAS-NEXT:  pto.tmuls ins(%x, %two : [[X]], f32) outs(%y : [[Y]])
// PTOAS-NEXT:  pto.set_validshape %y, %c5, %n : [[Y]]{{$}}
// PTOAS-LABEL: func.func @assembly
// PTOAS:       %a_window = pto.subview %z[%r, %c0] sizes [16, 64]
// PTOAS-NEXT:  pto.tmov ins(%x : [[X]]) outs(%a_window : [[X]])

// The interpreter runs both functions (the runtime extent and the runtime
// offset are the seeded index arguments, which stay in range here).
// EXEC: {{.*}}: logical and physical runs agree (seed 4)

func.func @views(%g: memref<16x64xf32>, %o: memref<16x128xf16>, %o2: memref<64x16xf32>, %o3: memref<16x64xf32>, %n0: index) {
  %c64 = arith.constant 64 : index
  %n = arith.remui %n0, %c64 : index
  %c0 = arith.constant 0 : index
  %c5 = arith.constant 5 : index
  %two = arith.constant 2.0 : f32
  %x = tile.load %g[%c0, %c0] : memref<16x64xf32> -> !tile.tile<16x64xf32, vec>
  %h = tile.reinterpret_view %x : (!tile.tile<16x64xf32, vec>) -> !tile.tile<16x128xf16, vec>
  tile.store %h, %o[%c0, %c0] : !tile.tile<16x128xf16, vec>, memref<16x128xf16>
  %t = tile.transpose_view %x : (!tile.tile<16x64xf32, vec>) -> !tile.tile<64x16xf32, vec, blayout = col_major>
  tile.store %t, %o2[%c0, %c0] : !tile.tile<64x16xf32, vec, blayout = col_major>, memref<64x16xf32>
  %y = tile.muls %x, %two : (!tile.tile<16x64xf32, vec>, f32) -> !tile.tile<16x64xf32, vec>
  %v = tile.set_validshape %y, %c5, %n : (!tile.tile<16x64xf32, vec>, index, index) -> !tile.tile<16x64xf32, vec, valid = 5x?>
  %f = tile.fillpad %v : (!tile.tile<16x64xf32, vec, valid = 5x?>) -> !tile.tile<16x64xf32, vec, pad = 3>
  tile.store %f, %o3[%c0, %c0] : !tile.tile<16x64xf32, vec, pad = 3>, memref<16x64xf32>
  func.return
}

func.func @assembly(%g: memref<16x64xf32>, %o: memref<32x64xf32>, %o2: memref<16x128xf32>, %r0: index) {
  %c17 = arith.constant 17 : index
  %r = arith.remui %r0, %c17 : index
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f32
  %x = tile.load %g[%c0, %c0] : memref<16x64xf32> -> !tile.tile<16x64xf32, vec>
  %z = tile.full %zero : (f32) -> !tile.tile<32x64xf32, vec>
  %a = tile.assemble %z, %x, %r, %c0 : (!tile.tile<32x64xf32, vec>, !tile.tile<16x64xf32, vec>, index, index) -> !tile.tile<32x64xf32, vec>
  tile.store %a, %o[%c0, %c0] : !tile.tile<32x64xf32, vec>, memref<32x64xf32>
  %p = tile.load %g[%c0, %c0] : memref<16x64xf32> -> !tile.tile<16x64xf32, vec, valid = 16x48>
  %c = tile.concat %p, %x : (!tile.tile<16x64xf32, vec, valid = 16x48>, !tile.tile<16x64xf32, vec>) -> !tile.tile<16x128xf32, vec>
  tile.store %c, %o2[%c0, %c0] : !tile.tile<16x128xf32, vec>, memref<16x128xf32>
  func.return
}

// RUN: xdsl-opt %s | xdsl-opt | filecheck %s --check-prefix=RT
// RUN: xdsl-opt -p 'pto-plan-memory{backend=a3},convert-tile-to-pto' %s | filecheck %s --check-prefix=PTO
// RUN: xdsl-opt -p 'pto-plan-memory{backend=a3 planner=ptoas},convert-tile-to-pto' %s | filecheck %s --check-prefix=PTOAS

// Scalar access and the block identity (tile-op-semantics.md section 4).
// tile.read -> %v = pto.tgetval ins(%t, %off : T, index) outs : E and
// tile.write -> pto.tsetval ins(%off, %v : index, E) outs(%t : T), the offset
// in the tile's memory order (row * C + col; col * R + row for a col_major
// tile), a prologue constant for constant indices, arith otherwise. write is
// in place (rw(0)): its tsetval writes the tile's own handle. The block
// queries read two hidden trailing i32 parameters of the kernel.

// RT-LABEL: func.func @access
// RT:       %b = tile.get_block_idx : index
// RT-NEXT:  %n = tile.get_block_num : index
// RT:       %e = tile.read %x, %c3, %c5 : (!tile.tile<16x64xf32, vec>, index, index) -> f32
// RT-NEXT:  %g = tile.read %x, %b, %i : (!tile.tile<16x64xf32, vec>, index, index) -> f32
// RT-NEXT:  %h = tile.read %v, %c5, %c0 : (!tile.tile<16x1xf32, vec>, index, index) -> f32
// RT-NEXT:  %w = tile.write %x, %c2, %c7, %e : (!tile.tile<16x64xf32, vec>, index, index, f32) -> !tile.tile<16x64xf32, vec>
// RT-NEXT:  %w2 = tile.write %w, %c37, %g : (!tile.tile<16x64xf32, vec>, index, f32) -> !tile.tile<16x64xf32, vec>

// PTO-LABEL: func.func @access
// PTO-SAME:    (%a: !pto.ptr<f32>, %s: !pto.ptr<f32>, %o: !pto.ptr<f32>, %__pypto_spmd_block_idx: i32, %__pypto_spmd_block_num: i32)
// PTO:       %x = pto.alloc_tile addr = %c0_i64 : [[X:!pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>]]{{$}}
// PTO-NEXT:  %v = pto.alloc_tile addr = %c4096_i64 : [[V:!pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=1, v_row=16, v_col=1, blayout=col_major, slayout=none_box, fractal=512, pad=0>]]{{$}}
// PTO:       %b = arith.index_cast %__pypto_spmd_block_idx : i32 to index{{$}}
// PTO-NEXT:  %n = arith.index_cast %__pypto_spmd_block_num : i32 to index{{$}}
// PTO:       %e = pto.tgetval ins(%x, %c197_index : [[X]], index) outs : f32{{$}}
// PTO-NEXT:  %[[M:[0-9]+]] = arith.muli %b, %c64_index : index{{$}}
// PTO-NEXT:  %[[OFF:[0-9]+]] = arith.addi %[[M]], %i : index{{$}}
// PTO-NEXT:  %g = pto.tgetval ins(%x, %[[OFF]] : [[X]], index) outs : f32{{$}}
// PTO-NEXT:  %h = pto.tgetval ins(%v, %c5_index : [[V]], index) outs : f32{{$}}
// PTO-NEXT:  pto.tsetval ins(%c135_index, %e : index, f32) outs(%x : [[X]]){{$}}
// PTO-NEXT:  pto.tsetval ins(%c37_index, %g : index, f32) outs(%x : [[X]]){{$}}
// PTO-NEXT:  pto.tadds ins(%x, %h : [[X]], f32) outs(%y : [[X]]){{$}}
// PTO-NEXT:  %{{.*}} = pto.partition_view
// PTO-NEXT:  pto.tstore ins(%x : [[X]])

// PTOAS-LABEL: func.func @access
// PTOAS:       pto.tsetval ins(%c135_index, %e : index, f32) outs(%x : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64
// PTOAS-NEXT:  pto.tsetval ins(%c37_index, %g : index, f32) outs(%x : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64
func.func @access(%a: memref<16x64xf32>, %s: memref<16x1xf32>, %o: memref<16x64xf32>) {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %c7 = arith.constant 7 : index
  %c37 = arith.constant 37 : index
  %b = tile.get_block_idx : index
  %n = tile.get_block_num : index
  %i = arith.subi %n, %b : index
  %x = tile.load %a[%c0, %c0] : memref<16x64xf32> -> !tile.tile<16x64xf32, vec>
  %v = tile.load %s[%c0, %c0] : memref<16x1xf32> -> !tile.tile<16x1xf32, vec>
  %e = tile.read %x, %c3, %c5 : (!tile.tile<16x64xf32, vec>, index, index) -> f32
  %g = tile.read %x, %b, %i : (!tile.tile<16x64xf32, vec>, index, index) -> f32
  %h = tile.read %v, %c5, %c0 : (!tile.tile<16x1xf32, vec>, index, index) -> f32
  %w = tile.write %x, %c2, %c7, %e : (!tile.tile<16x64xf32, vec>, index, index, f32) -> !tile.tile<16x64xf32, vec>
  %w2 = tile.write %w, %c37, %g : (!tile.tile<16x64xf32, vec>, index, f32) -> !tile.tile<16x64xf32, vec>
  %y = tile.adds %w2, %h : (!tile.tile<16x64xf32, vec>, f32) -> !tile.tile<16x64xf32, vec>
  tile.store %w2, %o[%c0, %c0] : !tile.tile<16x64xf32, vec>, memref<16x64xf32>
  tile.store %y, %o[%c0, %c0] : !tile.tile<16x64xf32, vec>, memref<16x64xf32>
  func.return
}

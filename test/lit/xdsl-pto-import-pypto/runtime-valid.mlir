// RUN: xdsl-pto import-pypto %S/Inputs/runtime_valid.py -o %t.mlir
// RUN: filecheck %s --check-prefix=IMPORT < %t.mlir
// RUN: xdsl-opt -p 'pto-plan-memory{backend=a3},convert-tile-to-pto' %t.mlir | filecheck %s --check-prefix=PTO
// RUN: xdsl-opt -p 'pto-plan-memory{backend=a3 planner=ptoas},convert-tile-to-pto' %t.mlir | filecheck %s --check-prefix=PTOAS
// RUN: xdsl-pto run %t.mlir --seed 2 | filecheck %s --check-prefix=EXEC

// A runtime valid shape in the real kernels (issue 24: rmsnorm's last
// block of min(n, 8) tokens): pl.tile.load with a valid_shape naming a
// scalar is tile.load ... valid [%rows, %c256]; the '?' travels through the
// casts, the product, the row sum and the reshape as the annotations say
// (an annotation that drops it is refused: xdsl-pto-import-pypto/valid-inherited.mlir);
// the 4-positional slice with a runtime valid shape is the slice and a
// tile.set_validshape of it. Lowered, every such tile has the extents as
// operands -- with baked addresses its own alloc_tile at its address right
// before its op, under ptoas an alloc_tile without addr, the reshape a
// pto.treshape and the slice a pto.subview ... valid [...] whose constant
// extent stays static in its type (ptoas matches the two) -- and the load
// and the store move the valid rows (partition_view sizes [%rows, 256]).
// Both modules were fed to ptoas v0.48 (test/ptoas).

// IMPORT:      %rows = arith.minsi %n, %c8 : index
// IMPORT-NEXT: %t = tile.load %x[%c8, %c0] valid [%rows, %c256] : memref<16x256xbf16> -> !tile.tile<8x256xbf16, vec, valid = ?x256>
// IMPORT-NEXT: %f = tile.cast %t {mode = "round"} : (!tile.tile<8x256xbf16, vec, valid = ?x256>) -> !tile.tile<8x256xf32, vec, valid = ?x256>
// IMPORT:      %rs = tile.row_sum %sq, %tmp : (!tile.tile<8x256xf32, vec, valid = ?x256>, !tile.tile<8x256xf32, vec>) -> !tile.tile<8x1xf32, vec, valid = ?x1>
// IMPORT-NEXT: %part = tile.reshape %rs : (!tile.tile<8x1xf32, vec, valid = ?x1>) -> !tile.tile<1x8xf32, vec, valid = 1x?>
// IMPORT:      %b = tile.cast %f {mode = "round"} : (!tile.tile<8x256xf32, vec, valid = ?x256>) -> !tile.tile<8x256xbf16, vec, valid = ?x256>
// IMPORT-NEXT: %0 = tile.slice %b, %c0, %c0 : (!tile.tile<8x256xbf16, vec, valid = ?x256>, index, index) -> !tile.tile<8x256xbf16, vec>
// IMPORT-NEXT: %v = tile.set_validshape %0, %rows, %c256 : (!tile.tile<8x256xbf16, vec>, index, index) -> !tile.tile<8x256xbf16, vec, valid = ?x256>
// IMPORT-NEXT: tile.store %v, %o[%c8, %c0] : !tile.tile<8x256xbf16, vec, valid = ?x256>, memref<16x256xbf16>

// PTO:      %rows = arith.minsi %n, %c8 : index
// PTO-NEXT: %t = pto.alloc_tile addr = %c8192_i64 valid_row = %rows valid_col = %c256_index : [[T:!pto.tile_buf<loc=vec, dtype=bf16, rows=8, cols=256, v_row=\?, v_col=\?, blayout=row_major, slayout=none_box, fractal=512, pad=0>]]
// PTO-NEXT: %[[PV:.+]] = pto.partition_view %{{.+}}, offsets = [%c8, %c0], sizes = [%rows, %c256_index] : !pto.tensor_view<?x?xbf16> -> !pto.partition_tensor_view<?x256xbf16>
// PTO-NEXT: pto.tload ins(%[[PV]] : !pto.partition_tensor_view<?x256xbf16>) outs(%t : [[T]])
// PTO-NEXT: %f = pto.alloc_tile addr = %c0_i64 valid_row = %rows valid_col = %c256_index : [[F:!pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=256, v_row=\?, v_col=\?, blayout=row_major, slayout=none_box, fractal=512, pad=0>]]
// PTO-NEXT: pto.tcvt ins(%t {rmode = #pto<round_mode ROUND>} : [[T]]) outs(%f : [[F]])
// PTO:      %rs = pto.alloc_tile addr = %c24576_i64 valid_row = %rows valid_col = %c1_index : [[RS:!pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=1, v_row=\?, v_col=\?, blayout=col_major, slayout=none_box, fractal=512, pad=0>]]
// PTO-NEXT: pto.trowsum ins(%sq, %tmp : [[F]], {{.*}}) outs(%rs : [[RS]])
// PTO-NEXT: %part = pto.alloc_tile addr = %c24576_i64 valid_row = %c1_index valid_col = %rows : [[P:!pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=8, v_row=\?, v_col=\?, blayout=row_major, slayout=none_box, fractal=512, pad=0>]]
// PTO:      %v = pto.alloc_tile addr = %c8192_i64 valid_row = %rows valid_col = %c256_index : [[T]]
// PTO-NEXT: %[[PO:.+]] = pto.partition_view %{{.+}}, offsets = [%c8, %c0], sizes = [%rows, %c256_index] : !pto.tensor_view<?x?xbf16> -> !pto.partition_tensor_view<?x256xbf16>
// PTO-NEXT: pto.tstore ins(%v : [[T]]) outs(%[[PO]] : !pto.partition_tensor_view<?x256xbf16>)

// PTOAS:      %t = pto.alloc_tile valid_row = %rows valid_col = %c256_index : [[T:!pto.tile_buf<loc=vec, dtype=bf16, rows=8, cols=256, v_row=\?, v_col=\?, blayout=row_major, slayout=none_box, fractal=512, pad=0>]]
// PTOAS:      %rs = pto.alloc_tile valid_row = %rows valid_col = %c1_index : [[RS:!pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=1, v_row=\?, v_col=\?, blayout=col_major, slayout=none_box, fractal=512, pad=0>]]
// PTOAS:      %part = pto.treshape %rs : [[RS]] -> !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=8, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>
// PTOAS:      %v = pto.subview %b[%c0, %c0] sizes [8, 256] valid [%rows, %c256_index] : !pto.tile_buf<loc=vec, dtype=bf16, rows=8, cols=256, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0> -> [[V:!pto.tile_buf<loc=vec, dtype=bf16, rows=8, cols=256, v_row=\?, v_col=256, blayout=row_major, slayout=none_box, fractal=512, pad=0>]]
// PTOAS-NEXT: %[[PO:.+]] = pto.partition_view %{{.+}}, offsets = [%c8, %c0], sizes = [%rows, %c256_index] : !pto.tensor_view<?x?xbf16> -> !pto.partition_tensor_view<?x256xbf16>
// PTOAS-NEXT: pto.tstore ins(%v : [[V]]) outs(%[[PO]] : !pto.partition_tensor_view<?x256xbf16>)

// EXEC: {{.*}}: logical and physical runs agree (seed 2)

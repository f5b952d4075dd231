// RUN: xdsl-pto import-pypto %S/Inputs/reduce_family.py -o %t.mlir
// RUN: filecheck %s < %t.mlir
// RUN: xdsl-pto run %t.mlir | filecheck %s --check-prefix=EXEC
// RUN: xdsl-pto run %t.mlir --block-idx 1 --block-num 2 --seed 3 | filecheck %s --check-prefix=EXEC
// RUN: not xdsl-pto import-pypto %S/Inputs/err_pad_value.py 2>&1 | filecheck %s --check-prefix=PAD

// pl.tile.<name> of the reduction / generator / scalar-access / fill ops of
// issue 23, as the reference prints them: the reductions fill their operands
// in order; ci / tri / random take their shape (and valid shape) as the
// result type, tri's diagonal and random's seeds are i32, ci's unsigned
// start is its signless integer (pl.const / pl.cast of an unsigned type;
// MLIR constants are signless); read and the block queries give the
// pl.Scalar the annotation names; write (rw(0)) as a statement updates its
// tile, whose name then stands for the result; the pad value (keyword,
// positional, or math.inf) must agree with the result type's pad field.

// CHECK:      %p = tile.row_prod %x, %tmp : (!tile.tile<16x64xf32, vec>, !tile.tile<16x64xf32, vec>) -> !tile.tile<16x1xf32, vec>
// CHECK:      %s = tile.col_sum %x, %tmp : (!tile.tile<16x64xf32, vec>, !tile.tile<16x64xf32, vec>) -> !tile.tile<1x64xf32, vec>
// CHECK-NEXT: %m = tile.col_max %x : (!tile.tile<16x64xf32, vec>) -> !tile.tile<1x64xf32, vec>
// CHECK-NEXT: %n = tile.col_min %m : (!tile.tile<1x64xf32, vec>) -> !tile.tile<1x64xf32, vec>
// CHECK-NEXT: %q = tile.col_prod %n : (!tile.tile<1x64xf32, vec>) -> !tile.tile<1x64xf32, vec>
// CHECK:      %ra = tile.row_argmax %x, %tmp : (!tile.tile<16x64xf32, vec>, !tile.tile<16x64xf32, vec>) -> !tile.tile<16x1xi32, vec>
// CHECK-NEXT: %rb = tile.row_argmin %x, %tmp : (!tile.tile<16x64xf32, vec>, !tile.tile<16x64xf32, vec>) -> !tile.tile<16x1xi32, vec>
// CHECK:      %ca = tile.col_argmax %x, %tmp : (!tile.tile<16x64xf32, vec>, !tile.tile<16x64xf32, vec>) -> !tile.tile<1x64xui32, vec>
// CHECK-NEXT: %cb = tile.col_argmin %x, %tmp : (!tile.tile<16x64xf32, vec>, !tile.tile<16x64xf32, vec>) -> !tile.tile<1x64xui32, vec>
// CHECK:      %core = tile.get_block_idx : index
// CHECK-NEXT: %cores = tile.get_block_num : index
// CHECK-NEXT: %[[M:.*]] = arith.muli %core, %c8 : index
// CHECK-NEXT: %[[A:.*]] = arith.addi %[[M]], %cores : index
// CHECK-NEXT: %start = arith.index_cast %[[A]] : index to i32
// CHECK-NEXT: %up = tile.ci %[[ZERO:c0_[0-9]+]] : (i32) -> !tile.tile<1x64xui32, vec>
// CHECK-NEXT: %down = tile.ci %start {descending} : (i32) -> !tile.tile<1x64xui32, vec>
// CHECK:      %lower = tile.tri %c_neg1 : (i32) -> !tile.tile<16x64xf32, vec>
// CHECK-NEXT: %upper = tile.tri %c2 {upper} : (i32) -> !tile.tile<16x64xf32, vec>
// CHECK:      %r = tile.random %c1, %c2, %c3, %c4, %c5, %c6 {rounds = 7 : i64} : (i32, i32, i32, i32, i32, i32) -> !tile.tile<8x256xui32, vec>
// CHECK:      %v = tile.read %x, %[[R3:c3_[0-9]+]], %[[C5:c5_[0-9]+]] : (!tile.tile<16x64xf32, vec>, index, index) -> f32
// CHECK-NEXT: %w = tile.read %x, %c37 : (!tile.tile<16x64xf32, vec>, index) -> f32
// CHECK-NEXT: %[[COL:.*]] = arith.index_cast %start : i32 to index
// CHECK-NEXT: %x_1 = tile.write %x, %c0, %[[COL]], %v : (!tile.tile<16x64xf32, vec>, index, index, f32) -> !tile.tile<16x64xf32, vec>
// CHECK-NEXT: %x_2 = tile.write %x_1, %{{c1_[0-9]+}}, %w : (!tile.tile<16x64xf32, vec>, index, f32) -> !tile.tile<16x64xf32, vec>
// CHECK:      %f = tile.fillpad %part : (!tile.tile<16x64xf32, vec, valid = 16x40>) -> !tile.tile<16x64xf32, vec, pad = 3>
// CHECK-NEXT: %g = tile.fillpad_expand %part : (!tile.tile<16x64xf32, vec, valid = 16x40>) -> !tile.tile<32x128xf32, vec, pad = 1>
// CHECK:      %h_1 = tile.fillpad_inplace %h : (!tile.tile<16x64xf32, vec, valid = 16x40, pad = 2>) -> !tile.tile<16x64xf32, vec, valid = 16x40, pad = 2>
// CHECK-NEXT: tile.store %h_1, %padded
// CHECK-NEXT: tile.store %x_2, %padded
// The logical and physical runs of the planned kernel agree (blocks 0 of 1, 1 of 2):
// EXEC: {{.*}}: logical and physical runs agree (seed {{[03]}})
// PAD: {{^.*}}Inputs/err_pad_value.py:9:115: error: pad_value of 'pl.tile.fillpad' is pad = 3, the tile type says pad = 2{{$}}

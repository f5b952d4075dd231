// RUN: xdsl-pto import-pypto %S/Inputs/vector_int_ops.py -o %t.int.mlir
// RUN: filecheck %s --check-prefix=INT < %t.int.mlir
// RUN: xdsl-pto run %t.int.mlir | filecheck %s --check-prefix=RUNINT
// RUN: xdsl-opt -p 'pto-plan-memory{backend=a3},convert-tile-to-pto' %t.int.mlir | filecheck %s --check-prefix=PTOINT
// RUN: xdsl-pto import-pypto %S/Inputs/vector_float_ops.py -o %t.float.mlir
// RUN: filecheck %s --check-prefix=FLOAT < %t.float.mlir
// RUN: xdsl-pto run %t.float.mlir | filecheck %s --check-prefix=RUNFLOAT
// RUN: xdsl-opt -p 'pto-plan-memory{backend=a3},convert-tile-to-pto' %t.float.mlir | filecheck %s --check-prefix=PTOFLOAT

// Dumps using every op of issue 23's vector family, as the reference prints
// the calls (pl.tile.and_ / or_ / not_: Python keywords), imported: each
// call becomes its tile op with its operands in the op's order; a literal
// scalar of the bitwise and shift ops is an i32 constant, lrelu's slope an
// f32 one, any other the tile's element type. The imported kernels run the
// same planned and unplanned, and lower.

// INT:      %c255 = arith.constant 255 : i32
// INT:      %r0 = tile.and %x, %y : (!tile.tile<16x128xi16, vec>, !tile.tile<16x128xi16, vec>) -> !tile.tile<16x128xi16, vec>
// INT-NEXT: %r1 = tile.or %r0, %y : (!tile.tile<16x128xi16, vec>, !tile.tile<16x128xi16, vec>) -> !tile.tile<16x128xi16, vec>
// INT-NEXT: %r2 = tile.xor %r1, %x, %t : (!tile.tile<16x128xi16, vec>, !tile.tile<16x128xi16, vec>, !tile.tile<16x128xi16, vec>) -> !tile.tile<16x128xi16, vec>
// INT-NEXT: %r3 = tile.ands %r2, %c255 : (!tile.tile<16x128xi16, vec>, i32) -> !tile.tile<16x128xi16, vec>
// INT-NEXT: %r4 = tile.ors %r3, %n : (!tile.tile<16x128xi16, vec>, i32) -> !tile.tile<16x128xi16, vec>
// INT-NEXT: %r5 = tile.xors %r4, %c3, %t : (!tile.tile<16x128xi16, vec>, i32, !tile.tile<16x128xi16, vec>) -> !tile.tile<16x128xi16, vec>
// INT-NEXT: %r6 = tile.not %r5 : (!tile.tile<16x128xi16, vec>) -> !tile.tile<16x128xi16, vec>
// INT-NEXT: %r7 = tile.shl %r6, %y : (!tile.tile<16x128xi16, vec>, !tile.tile<16x128xi16, vec>) -> !tile.tile<16x128xi16, vec>
// INT-NEXT: %r8 = tile.shr %r7, %y : (!tile.tile<16x128xi16, vec>, !tile.tile<16x128xi16, vec>) -> !tile.tile<16x128xi16, vec>
// INT-NEXT: %r9 = tile.shls %r8, %c2 : (!tile.tile<16x128xi16, vec>, i32) -> !tile.tile<16x128xi16, vec>
// INT-NEXT: %r10 = tile.shrs %r9, %c1 : (!tile.tile<16x128xi16, vec>, i32) -> !tile.tile<16x128xi16, vec>
// RUNINT: vector_ops.mlir.tmp.int.mlir: logical and physical runs agree (seed 0)
// PTOINT-COUNT-11: {{pto.t(and|or|xor|ands|ors|xors|not|shl|shr|shls|shrs) ins}}
// PTOINT-NOT: tile.

// FLOAT:      %cst = arith.constant 5.000000e-01 : f32
// FLOAT-NEXT: %cst_1 = arith.constant 1.250000e-01 : f32
// FLOAT:      %r0 = tile.maximums %x, %cst : (!tile.tile<16x64xf32, vec>, f32) -> !tile.tile<16x64xf32, vec>
// FLOAT-NEXT: %r1 = tile.minimums %r0, %s : (!tile.tile<16x64xf32, vec>, f32) -> !tile.tile<16x64xf32, vec>
// FLOAT-NEXT: %r2 = tile.lrelu %r1, %cst_1 : (!tile.tile<16x64xf32, vec>, f32) -> !tile.tile<16x64xf32, vec>
// FLOAT-NEXT: %r3 = tile.addc %r2, %x, %y : (!tile.tile<16x64xf32, vec>, !tile.tile<16x64xf32, vec>, !tile.tile<16x64xf32, vec>) -> !tile.tile<16x64xf32, vec>
// FLOAT-NEXT: %r4 = tile.subc %r3, %x, %y : (!tile.tile<16x64xf32, vec>, !tile.tile<16x64xf32, vec>, !tile.tile<16x64xf32, vec>) -> !tile.tile<16x64xf32, vec>
// FLOAT-NEXT: %r5 = tile.addsc %r4, %cst_2, %y : (!tile.tile<16x64xf32, vec>, f32, !tile.tile<16x64xf32, vec>) -> !tile.tile<16x64xf32, vec>
// FLOAT-NEXT: %r6 = tile.subsc %r5, %s, %x : (!tile.tile<16x64xf32, vec>, f32, !tile.tile<16x64xf32, vec>) -> !tile.tile<16x64xf32, vec>
// FLOAT-NEXT: %r7 = tile.part_add %r6, %x : (!tile.tile<16x64xf32, vec>, !tile.tile<16x64xf32, vec>) -> !tile.tile<16x64xf32, vec>
// FLOAT-NEXT: %r8 = tile.part_mul %r7, %y : (!tile.tile<16x64xf32, vec>, !tile.tile<16x64xf32, vec>) -> !tile.tile<16x64xf32, vec>
// FLOAT-NEXT: %r9 = tile.part_max %r8, %x : (!tile.tile<16x64xf32, vec>, !tile.tile<16x64xf32, vec>) -> !tile.tile<16x64xf32, vec>
// FLOAT-NEXT: %r10 = tile.part_min %r9, %y : (!tile.tile<16x64xf32, vec>, !tile.tile<16x64xf32, vec>) -> !tile.tile<16x64xf32, vec>
// FLOAT-NEXT: %r11 = tile.sin %r10 : (!tile.tile<16x64xf32, vec>) -> !tile.tile<16x64xf32, vec>
// FLOAT-NEXT: %r12 = tile.cos %r11 : (!tile.tile<16x64xf32, vec>) -> !tile.tile<16x64xf32, vec>
// FLOAT-NEXT: %r13 = tile.row_expand_max %r12, %m : (!tile.tile<16x64xf32, vec>, !tile.tile<16x1xf32, vec>) -> !tile.tile<16x64xf32, vec>
// FLOAT-NEXT: %r14 = tile.row_expand_min %r13, %m : (!tile.tile<16x64xf32, vec>, !tile.tile<16x1xf32, vec>) -> !tile.tile<16x64xf32, vec>
// FLOAT-NEXT: %r15 = tile.row_expand_expdif %r14, %m : (!tile.tile<16x64xf32, vec>, !tile.tile<16x1xf32, vec>) -> !tile.tile<16x64xf32, vec>
// FLOAT-NEXT: %r16 = tile.col_expand_max %r15, %c : (!tile.tile<16x64xf32, vec>, !tile.tile<1x64xf32, vec>) -> !tile.tile<16x64xf32, vec>
// FLOAT-NEXT: %r17 = tile.col_expand_min %r16, %c : (!tile.tile<16x64xf32, vec>, !tile.tile<1x64xf32, vec>) -> !tile.tile<16x64xf32, vec>
// FLOAT-NEXT: %r18 = tile.col_expand_expdif %r17, %c : (!tile.tile<16x64xf32, vec>, !tile.tile<1x64xf32, vec>) -> !tile.tile<16x64xf32, vec>
// FLOAT-NEXT: %r19 = tile.expands %r18, %cst_3 : (!tile.tile<16x64xf32, vec>, f32) -> !tile.tile<16x64xf32, vec>
// RUNFLOAT: vector_ops.mlir.tmp.float.mlir: logical and physical runs agree (seed 0)
// PTOFLOAT: pto.tmaxs ins
// PTOFLOAT: pto.tpartmin ins
// PTOFLOAT: pto.tcvt
// PTOFLOAT: pto.trowexpandmax ins
// PTOFLOAT: pto.texpands ins(%cst_3 : f32)
// PTOFLOAT-NOT: tile.

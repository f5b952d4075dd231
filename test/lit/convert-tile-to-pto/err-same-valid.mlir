// RUN: xdsl-opt -p 'pto-plan-memory{backend=a3},convert-tile-to-pto' --split-input-file --verify-diagnostics %s | filecheck %s
// RUN: xdsl-opt -p 'pto-plan-memory{backend=a5 planner=ptoas},convert-tile-to-pto' --split-input-file --verify-diagnostics %s | filecheck %s --check-prefix=A5

// ptoas v0.48 refuses an elementwise tile-tile op whose operands and result
// have different static valid shapes, on a2/a3 and a5 ("'pto.tadd' op
// expects src0 and src1 to have the same valid_shape", "... src0 and dst
// ..."; tadd tsub tmul tdiv tmax tmin tfmod, and tand tor tshl tshr, whose
// ops' verifier already refuses it). pypto types
// the result with the lhs's valid shape and derives none
// (tile-op-semantics.md section 0), so the lowering refuses the op, located
// (PtoasSameValid on the op), instead of writing a module ptoas refuses. The
// interpreter runs such a kernel; only the lowering refuses it.

// The breaker's case (post_rmsnorm with a constant valid 5): a full 1x8
// accumulator plus a 1x8 tile of valid 1x5.
func.func @add(%a: memref<1x8xf32>, %b: memref<1x8xf32>, %o: memref<1x8xf32>) {
  %c0 = arith.constant 0 : index
  %x = tile.load %a[%c0, %c0] : memref<1x8xf32> -> !tile.tile<1x8xf32, vec>
  %y = tile.load %b[%c0, %c0] : memref<1x8xf32> -> !tile.tile<1x8xf32, vec, valid = 1x5>
  %z = tile.add %x, %y : (!tile.tile<1x8xf32, vec>, !tile.tile<1x8xf32, vec, valid = 1x5>) -> !tile.tile<1x8xf32, vec>
// CHECK: err-same-valid.mlir:[[# @LINE - 1]]:8: error: convert-tile-to-pto: tile.add on a3: ptoas (v0.48) needs operand #0 and operand #1 to have the same valid shape, got 1x8 and 1x5 (pypto derives none either); make the valid shapes agree first (tile.set_validshape, tile.fillpad, or the load's valid shape)
// A5: err-same-valid.mlir:[[# @LINE - 2]]:8: error: convert-tile-to-pto: tile.add on a5: ptoas (v0.48) needs operand #0 and operand #1 to have the same valid shape, got 1x8 and 1x5 (pypto derives none either); make the valid shapes agree first (tile.set_validshape, tile.fillpad, or the load's valid shape)
  tile.store %z, %o[%c0, %c0] : !tile.tile<1x8xf32, vec>, memref<1x8xf32>
  func.return
}

// -----

// Operands that agree, a result that does not.
func.func @sub(%a: memref<8x8xf32>, %o: memref<8x8xf32>) {
  %c0 = arith.constant 0 : index
  %x = tile.load %a[%c0, %c0] : memref<8x8xf32> -> !tile.tile<8x8xf32, vec, valid = 5x8>
  %z = tile.sub %x, %x : (!tile.tile<8x8xf32, vec, valid = 5x8>, !tile.tile<8x8xf32, vec, valid = 5x8>) -> !tile.tile<8x8xf32, vec>
// CHECK: err-same-valid.mlir:[[# @LINE - 1]]:8: error: convert-tile-to-pto: tile.sub on a3: ptoas (v0.48) needs operand #0 and the result to have the same valid shape, got 5x8 and 8x8 (pypto derives none either); make the valid shapes agree first (tile.set_validshape, tile.fillpad, or the load's valid shape)
// A5: err-same-valid.mlir:[[# @LINE - 2]]:8: error: convert-tile-to-pto: tile.sub on a5:
  tile.store %z, %o[%c0, %c0] : !tile.tile<8x8xf32, vec>, memref<8x8xf32>
  func.return
}

// -----

// fmod (tfmod) too.
func.func @fmod(%a: memref<8x8xf32>, %b: memref<8x8xf32>, %o: memref<8x8xf32>) {
  %c0 = arith.constant 0 : index
  %x = tile.load %a[%c0, %c0] : memref<8x8xf32> -> !tile.tile<8x8xf32, vec>
  %y = tile.load %b[%c0, %c0] : memref<8x8xf32> -> !tile.tile<8x8xf32, vec, valid = 8x5>
  %z = tile.fmod %x, %y : (!tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec, valid = 8x5>) -> !tile.tile<8x8xf32, vec>
// CHECK: err-same-valid.mlir:[[# @LINE - 1]]:8: error: convert-tile-to-pto: tile.fmod on a3: ptoas (v0.48) needs operand #0 and operand #1 to have the same valid shape, got 8x8 and 8x5 (pypto derives none either); make the valid shapes agree first (tile.set_validshape, tile.fillpad, or the load's valid shape)
// A5: err-same-valid.mlir:[[# @LINE - 2]]:8: error: convert-tile-to-pto: tile.fmod on a5:
  tile.store %z, %o[%c0, %c0] : !tile.tile<8x8xf32, vec>, memref<8x8xf32>
  func.return
}

// -----

// One valid shape on all three: lowered (and taken by ptoas: test/ptoas).
// CHECK-LABEL: func.func @agree
// CHECK: pto.tadd ins(%x, %x : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8, v_row=5, v_col=8, blayout=row_major, slayout=none_box, fractal=512, pad=0>, !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8, v_row=5, v_col=8, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%{{[xz]}} : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8, v_row=5, v_col=8, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
// A5-LABEL: func.func @agree
// A5: pto.tadd ins(%x, %x :
func.func @agree(%a: memref<8x8xf32>, %o: memref<8x8xf32>) {
  %c0 = arith.constant 0 : index
  %x = tile.load %a[%c0, %c0] : memref<8x8xf32> -> !tile.tile<8x8xf32, vec, valid = 5x8>
  %z = tile.add %x, %x : (!tile.tile<8x8xf32, vec, valid = 5x8>, !tile.tile<8x8xf32, vec, valid = 5x8>) -> !tile.tile<8x8xf32, vec, valid = 5x8>
  tile.store %z, %o[%c0, %c0] : !tile.tile<8x8xf32, vec, valid = 5x8>, memref<8x8xf32>
  func.return
}

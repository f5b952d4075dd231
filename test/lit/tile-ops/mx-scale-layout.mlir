// RUN: xdsl-opt -p 'pto-plan-memory{backend=a5 planner=pypto},convert-tile-to-pto' %s | filecheck %s --check-prefix=PTO
// RUN: xdsl-opt -p 'pto-plan-memory{backend=a5 planner=dsa_rp},convert-tile-to-pto' %s | filecheck %s --check-prefix=PTO
// RUN: xdsl-opt -p 'pto-plan-memory{backend=a5 planner=ptoas},convert-tile-to-pto' %s | filecheck %s --check-prefix=PTO
// RUN: xdsl-pto run %s --backend a5 --seed 1 | filecheck %s --check-prefix=EXEC

// MX scales reach the scale memory from a Mat tile of the scale's own
// layout (refused otherwise: mx-scale-layout-invalid.mlir).
// With the scale layout on the Mat tiles the smallest K the README's K % 64
// allows lowers under each planner (ptoas v0.48 takes it: the corpus of
// test/ptoas) and runs: the left scale from GM e8m0 (viewed mx_a_zz), the
// right from GM ui8 (nd; a ui8 Mat tile becomes e8m0 in the move).
// PTO: pto.make_tensor_view %as, shape = [%c16_index, %c2_index], strides = [%c2_index, %c1_index] {layout = #pto.layout<mx_a_zz>} : !pto.tensor_view<?x?x!pto.f8E8M0>{{$}}
// PTO: pto.make_tensor_view %bs, shape = [%c2_index, %c32_index], strides = [%c32_index, %c1_index] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xui8>{{$}}
// PTO: pto.tmatmul.mx ins(%al, %als, %br, %brs :
// EXEC: mx-scale-layout.mlir: logical and physical runs agree (seed 1)
func.func @k64(%a: memref<16x64xf8E4M3FN>, %as: memref<16x2xf8E8M0FNU>, %b: memref<64x32xf8E4M3FN>, %bs: memref<2x32xui8>, %out: memref<16x32xf32>) {
  %c0 = arith.constant 0 : index
  %am = tile.load %a[%c0, %c0] : memref<16x64xf8E4M3FN> -> !tile.tile<16x64xf8E4M3FN, mat>
  %bm = tile.load %b[%c0, %c0] : memref<64x32xf8E4M3FN> -> !tile.tile<64x32xf8E4M3FN, mat>
  %asm = tile.load %as[%c0, %c0] : memref<16x2xf8E8M0FNU> -> !tile.tile<16x2xf8E8M0FNU, mat, blayout = row_major, slayout = row_major, fractal = 32>
  %bsm = tile.load %bs[%c0, %c0] : memref<2x32xui8> -> !tile.tile<2x32xui8, mat, blayout = col_major, slayout = col_major, fractal = 32>
  %al = tile.move %am : (!tile.tile<16x64xf8E4M3FN, mat>) -> !tile.tile<16x64xf8E4M3FN, left>
  %br = tile.move %bm : (!tile.tile<64x32xf8E4M3FN, mat>) -> !tile.tile<64x32xf8E4M3FN, right>
  %als = tile.move %asm : (!tile.tile<16x2xf8E8M0FNU, mat, blayout = row_major, slayout = row_major, fractal = 32>) -> !tile.tile<16x2xf8E8M0FNU, left_scale>
  %brs = tile.move %bsm : (!tile.tile<2x32xui8, mat, blayout = col_major, slayout = col_major, fractal = 32>) -> !tile.tile<2x32xf8E8M0FNU, right_scale>
  %c = tile.matmul_mx %al, %als, %br, %brs : (!tile.tile<16x64xf8E4M3FN, left>, !tile.tile<16x2xf8E8M0FNU, left_scale>, !tile.tile<64x32xf8E4M3FN, right>, !tile.tile<2x32xf8E8M0FNU, right_scale>) -> !tile.tile<16x32xf32, acc>
  tile.store %c, %out[%c0, %c0] : !tile.tile<16x32xf32, acc>, memref<16x32xf32>
  func.return
}

// An e8m0 tensor loaded into a tile of no scale layout is viewed nd (ptoas
// infers nd from a row_major / none_box tile; it was viewed mx_a_zz, which
// ptoas refused: "user-specified layout=mx_a_zz but inferred=nd").
// PTO-LABEL: func.func @vec_e8m0
// PTO: pto.make_tensor_view %s, shape = [%c16_index, %c32_index], strides = [%c32_index, %c1_index] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?x!pto.f8E8M0>{{$}}
func.func @vec_e8m0(%s: memref<16x32xf8E8M0FNU>, %o: memref<16x32xf8E8M0FNU>) {
  %c0 = arith.constant 0 : index
  %v = tile.load %s[%c0, %c0] : memref<16x32xf8E8M0FNU> -> !tile.tile<16x32xf8E8M0FNU, vec>
  tile.store %v, %o[%c0, %c0] : !tile.tile<16x32xf8E8M0FNU, vec>, memref<16x32xf8E8M0FNU>
  func.return
}

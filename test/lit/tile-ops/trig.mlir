// RUN: xdsl-opt %s | xdsl-opt | filecheck %s --check-prefix=RT
// RUN: xdsl-opt -p lower-composite-ops %s | filecheck %s --check-prefix=EXP
// RUN: xdsl-opt -p lower-composite-ops,lower-composite-ops %s | filecheck %s --check-prefix=EXP
// RUN: xdsl-opt -p 'pto-plan-memory{backend=a3},convert-tile-to-pto' %s | filecheck %s --check-prefix=A3
// RUN: not xdsl-opt -p 'init-memref,materialize-semantic-aliases,memory-reuse,allocate-memory-addr{backend=a3},convert-tile-to-pto' %s 2>&1 | filecheck %s --check-prefix=ERR

// tile.sin and tile.cos (f32) have no PTO op: lower-composite-ops (the
// first stage of pto-plan-memory) replaces each by the reference's
// expansion into tile ops -- k = round(x / pi) (cos: rint(x / pi + 0.5)),
// t = x - k pi with pi in four Cody-Waite parts (cos adds pi/2 in two),
// sign = 4 floor(k / 2) - 2k + 1, and sign * t * P(t * t) by Horner's rule
// -- whose last op keeps the op's result (name and type); a second run
// changes nothing. A planned kernel that still has one is refused by the
// lowering.

// RT-LABEL: func.func @trig
// RT:      %s = tile.sin %x : (!tile.tile<16x64xf32, vec>) -> !tile.tile<16x64xf32, vec>
// RT-NEXT: %c = tile.cos %s : (!tile.tile<16x64xf32, vec>) -> !tile.tile<16x64xf32, vec>

// EXP-LABEL: func.func @trig
// EXP: %x = tile.load %a[%c0, %c0] : memref<16x64xf32> -> !tile.tile<16x64xf32, vec>
// EXP-NEXT: %s_c = arith.constant 0.318309873 : f32{{$}}
// EXP-NEXT: %s_xpi = tile.muls %x, %s_c : (!tile.tile<16x64xf32, vec>, f32) -> !tile.tile<16x64xf32, vec>{{$}}
// EXP-NEXT: %s_ki = tile.cast %s_xpi {mode = "round"} : (!tile.tile<16x64xf32, vec>) -> !tile.tile<16x64xi32, vec>{{$}}
// EXP-NEXT: %s_k = tile.cast %s_ki : (!tile.tile<16x64xi32, vec>) -> !tile.tile<16x64xf32, vec>{{$}}
// EXP-NEXT: %s_c_1 = arith.constant 3.140625 : f32{{$}}
// EXP-NEXT: %s_kp0 = tile.muls %s_k, %s_c_1 : (!tile.tile<16x64xf32, vec>, f32) -> !tile.tile<16x64xf32, vec>{{$}}
// EXP-NEXT: %s_t0 = tile.sub %x, %s_kp0 : (!tile.tile<16x64xf32, vec>, !tile.tile<16x64xf32, vec>) -> !tile.tile<16x64xf32, vec>{{$}}
// EXP-NEXT: %s_c_2 = arith.constant 0.000967025757 : f32{{$}}
// EXP-NEXT: %s_kp1 = tile.muls %s_k, %s_c_2 : (!tile.tile<16x64xf32, vec>, f32) -> !tile.tile<16x64xf32, vec>{{$}}
// EXP-NEXT: %s_t1 = tile.sub %s_t0, %s_kp1 : (!tile.tile<16x64xf32, vec>, !tile.tile<16x64xf32, vec>) -> !tile.tile<16x64xf32, vec>{{$}}
// EXP-NEXT: %s_c_3 = arith.constant 6.27711415e-07 : f32{{$}}
// EXP-NEXT: %s_kp2 = tile.muls %s_k, %s_c_3 : (!tile.tile<16x64xf32, vec>, f32) -> !tile.tile<16x64xf32, vec>{{$}}
// EXP-NEXT: %s_t2 = tile.sub %s_t1, %s_kp2 : (!tile.tile<16x64xf32, vec>, !tile.tile<16x64xf32, vec>) -> !tile.tile<16x64xf32, vec>{{$}}
// EXP-NEXT: %s_c_4 = arith.constant 1.21644916e-10 : f32{{$}}
// EXP-NEXT: %s_kp3 = tile.muls %s_k, %s_c_4 : (!tile.tile<16x64xf32, vec>, f32) -> !tile.tile<16x64xf32, vec>{{$}}
// EXP-NEXT: %s_t3 = tile.sub %s_t2, %s_kp3 : (!tile.tile<16x64xf32, vec>, !tile.tile<16x64xf32, vec>) -> !tile.tile<16x64xf32, vec>{{$}}
// EXP-NEXT: %s_c_5 = arith.constant -1.02906229e-13 : f32{{$}}
// EXP-NEXT: %s_kp4 = tile.muls %s_k, %s_c_5 : (!tile.tile<16x64xf32, vec>, f32) -> !tile.tile<16x64xf32, vec>{{$}}
// EXP-NEXT: %s_t4 = tile.sub %s_t3, %s_kp4 : (!tile.tile<16x64xf32, vec>, !tile.tile<16x64xf32, vec>) -> !tile.tile<16x64xf32, vec>{{$}}
// EXP-NEXT: %s_c_6 = arith.constant 5.000000e-01 : f32{{$}}
// EXP-NEXT: %s_hk = tile.muls %s_k, %s_c_6 : (!tile.tile<16x64xf32, vec>, f32) -> !tile.tile<16x64xf32, vec>{{$}}
// EXP-NEXT: %s_fki = tile.cast %s_hk {mode = "floor"} : (!tile.tile<16x64xf32, vec>) -> !tile.tile<16x64xi32, vec>{{$}}
// EXP-NEXT: %s_fk = tile.cast %s_fki : (!tile.tile<16x64xi32, vec>) -> !tile.tile<16x64xf32, vec>{{$}}
// EXP-NEXT: %s_c_7 = arith.constant 4.000000e+00 : f32{{$}}
// EXP-NEXT: %s_fk4 = tile.muls %s_fk, %s_c_7 : (!tile.tile<16x64xf32, vec>, f32) -> !tile.tile<16x64xf32, vec>{{$}}
// EXP-NEXT: %s_c_8 = arith.constant -2.000000e+00 : f32{{$}}
// EXP-NEXT: %s_k2 = tile.muls %s_k, %s_c_8 : (!tile.tile<16x64xf32, vec>, f32) -> !tile.tile<16x64xf32, vec>{{$}}
// EXP-NEXT: %s_sp = tile.add %s_fk4, %s_k2 : (!tile.tile<16x64xf32, vec>, !tile.tile<16x64xf32, vec>) -> !tile.tile<16x64xf32, vec>{{$}}
// EXP-NEXT: %s_c_9 = arith.constant 1.000000e+00 : f32{{$}}
// EXP-NEXT: %s_sign = tile.adds %s_sp, %s_c_9 : (!tile.tile<16x64xf32, vec>, f32) -> !tile.tile<16x64xf32, vec>{{$}}
// EXP-NEXT: %s_u = tile.mul %s_t4, %s_t4 : (!tile.tile<16x64xf32, vec>, !tile.tile<16x64xf32, vec>) -> !tile.tile<16x64xf32, vec>{{$}}
// EXP-NEXT: %s_c_10 = arith.constant 2.60492652e-06 : f32{{$}}
// EXP-NEXT: %s_p0 = tile.muls %s_u, %s_c_10 : (!tile.tile<16x64xf32, vec>, f32) -> !tile.tile<16x64xf32, vec>{{$}}
// EXP-NEXT: %s_c_11 = arith.constant -0.000198089445 : f32{{$}}
// EXP-NEXT: %s_p1 = tile.adds %s_p0, %s_c_11 : (!tile.tile<16x64xf32, vec>, f32) -> !tile.tile<16x64xf32, vec>{{$}}
// EXP-NEXT: %s_pu1 = tile.mul %s_p1, %s_u : (!tile.tile<16x64xf32, vec>, !tile.tile<16x64xf32, vec>) -> !tile.tile<16x64xf32, vec>{{$}}
// EXP-NEXT: %s_c_12 = arith.constant 8.333050e-03 : f32{{$}}
// EXP-NEXT: %s_p2 = tile.adds %s_pu1, %s_c_12 : (!tile.tile<16x64xf32, vec>, f32) -> !tile.tile<16x64xf32, vec>{{$}}
// EXP-NEXT: %s_pu2 = tile.mul %s_p2, %s_u : (!tile.tile<16x64xf32, vec>, !tile.tile<16x64xf32, vec>) -> !tile.tile<16x64xf32, vec>{{$}}
// EXP-NEXT: %s_c_13 = arith.constant -0.166666582 : f32{{$}}
// EXP-NEXT: %s_p3 = tile.adds %s_pu2, %s_c_13 : (!tile.tile<16x64xf32, vec>, f32) -> !tile.tile<16x64xf32, vec>{{$}}
// EXP-NEXT: %s_pu3 = tile.mul %s_p3, %s_u : (!tile.tile<16x64xf32, vec>, !tile.tile<16x64xf32, vec>) -> !tile.tile<16x64xf32, vec>{{$}}
// EXP-NEXT: %s_c_14 = arith.constant 1.000000e+00 : f32{{$}}
// EXP-NEXT: %s_p4 = tile.adds %s_pu3, %s_c_14 : (!tile.tile<16x64xf32, vec>, f32) -> !tile.tile<16x64xf32, vec>{{$}}
// EXP-NEXT: %s_tp = tile.mul %s_t4, %s_p4 : (!tile.tile<16x64xf32, vec>, !tile.tile<16x64xf32, vec>) -> !tile.tile<16x64xf32, vec>{{$}}
// EXP-NEXT: %s = tile.mul %s_sign, %s_tp : (!tile.tile<16x64xf32, vec>, !tile.tile<16x64xf32, vec>) -> !tile.tile<16x64xf32, vec>{{$}}
// EXP-NEXT: %c_c = arith.constant 0.318309873 : f32{{$}}
// EXP-NEXT: %c_xpi = tile.muls %s, %c_c : (!tile.tile<16x64xf32, vec>, f32) -> !tile.tile<16x64xf32, vec>{{$}}
// EXP-NEXT: %c_c_1 = arith.constant 5.000000e-01 : f32{{$}}
// EXP-NEXT: %c_xpih = tile.adds %c_xpi, %c_c_1 : (!tile.tile<16x64xf32, vec>, f32) -> !tile.tile<16x64xf32, vec>{{$}}
// EXP-NEXT: %c_ki = tile.cast %c_xpih {mode = "rint"} : (!tile.tile<16x64xf32, vec>) -> !tile.tile<16x64xi32, vec>{{$}}
// EXP-NEXT: %c_k = tile.cast %c_ki : (!tile.tile<16x64xi32, vec>) -> !tile.tile<16x64xf32, vec>{{$}}
// EXP-NEXT: %c_c_2 = arith.constant 3.140625 : f32{{$}}
// EXP-NEXT: %c_kp0 = tile.muls %c_k, %c_c_2 : (!tile.tile<16x64xf32, vec>, f32) -> !tile.tile<16x64xf32, vec>{{$}}
// EXP-NEXT: %c_t0 = tile.sub %s, %c_kp0 : (!tile.tile<16x64xf32, vec>, !tile.tile<16x64xf32, vec>) -> !tile.tile<16x64xf32, vec>{{$}}
// EXP-NEXT: %c_c_3 = arith.constant 0.000967025757 : f32{{$}}
// EXP-NEXT: %c_kp1 = tile.muls %c_k, %c_c_3 : (!tile.tile<16x64xf32, vec>, f32) -> !tile.tile<16x64xf32, vec>{{$}}
// EXP-NEXT: %c_t1 = tile.sub %c_t0, %c_kp1 : (!tile.tile<16x64xf32, vec>, !tile.tile<16x64xf32, vec>) -> !tile.tile<16x64xf32, vec>{{$}}
// EXP-NEXT: %c_c_4 = arith.constant 1.57079637 : f32{{$}}
// EXP-NEXT: %c_th = tile.adds %c_t1, %c_c_4 : (!tile.tile<16x64xf32, vec>, f32) -> !tile.tile<16x64xf32, vec>{{$}}
// EXP-NEXT: %c_c_5 = arith.constant 6.27711415e-07 : f32{{$}}
// EXP-NEXT: %c_kp2 = tile.muls %c_k, %c_c_5 : (!tile.tile<16x64xf32, vec>, f32) -> !tile.tile<16x64xf32, vec>{{$}}
// EXP-NEXT: %c_t2 = tile.sub %c_th, %c_kp2 : (!tile.tile<16x64xf32, vec>, !tile.tile<16x64xf32, vec>) -> !tile.tile<16x64xf32, vec>{{$}}
// EXP-NEXT: %c_c_6 = arith.constant 1.21644916e-10 : f32{{$}}
// EXP-NEXT: %c_kp3 = tile.muls %c_k, %c_c_6 : (!tile.tile<16x64xf32, vec>, f32) -> !tile.tile<16x64xf32, vec>{{$}}
// EXP-NEXT: %c_t3 = tile.sub %c_t2, %c_kp3 : (!tile.tile<16x64xf32, vec>, !tile.tile<16x64xf32, vec>) -> !tile.tile<16x64xf32, vec>{{$}}
// EXP-NEXT: %c_c_7 = arith.constant -1.02906229e-13 : f32{{$}}
// EXP-NEXT: %c_kp4 = tile.muls %c_k, %c_c_7 : (!tile.tile<16x64xf32, vec>, f32) -> !tile.tile<16x64xf32, vec>{{$}}
// EXP-NEXT: %c_t4 = tile.sub %c_t3, %c_kp4 : (!tile.tile<16x64xf32, vec>, !tile.tile<16x64xf32, vec>) -> !tile.tile<16x64xf32, vec>{{$}}
// EXP-NEXT: %c_c_8 = arith.constant -4.37113883e-08 : f32{{$}}
// EXP-NEXT: %c_tt = tile.adds %c_t4, %c_c_8 : (!tile.tile<16x64xf32, vec>, f32) -> !tile.tile<16x64xf32, vec>{{$}}
// EXP-NEXT: %c_c_9 = arith.constant 5.000000e-01 : f32{{$}}
// EXP-NEXT: %c_hk = tile.muls %c_k, %c_c_9 : (!tile.tile<16x64xf32, vec>, f32) -> !tile.tile<16x64xf32, vec>{{$}}
// EXP-NEXT: %c_fki = tile.cast %c_hk {mode = "floor"} : (!tile.tile<16x64xf32, vec>) -> !tile.tile<16x64xi32, vec>{{$}}
// EXP-NEXT: %c_fk = tile.cast %c_fki : (!tile.tile<16x64xi32, vec>) -> !tile.tile<16x64xf32, vec>{{$}}
// EXP-NEXT: %c_c_10 = arith.constant 4.000000e+00 : f32{{$}}
// EXP-NEXT: %c_fk4 = tile.muls %c_fk, %c_c_10 : (!tile.tile<16x64xf32, vec>, f32) -> !tile.tile<16x64xf32, vec>{{$}}
// EXP-NEXT: %c_c_11 = arith.constant -2.000000e+00 : f32{{$}}
// EXP-NEXT: %c_k2 = tile.muls %c_k, %c_c_11 : (!tile.tile<16x64xf32, vec>, f32) -> !tile.tile<16x64xf32, vec>{{$}}
// EXP-NEXT: %c_sp = tile.add %c_fk4, %c_k2 : (!tile.tile<16x64xf32, vec>, !tile.tile<16x64xf32, vec>) -> !tile.tile<16x64xf32, vec>{{$}}
// EXP-NEXT: %c_c_12 = arith.constant 1.000000e+00 : f32{{$}}
// EXP-NEXT: %c_sign = tile.adds %c_sp, %c_c_12 : (!tile.tile<16x64xf32, vec>, f32) -> !tile.tile<16x64xf32, vec>{{$}}
// EXP-NEXT: %c_u = tile.mul %c_tt, %c_tt : (!tile.tile<16x64xf32, vec>, !tile.tile<16x64xf32, vec>) -> !tile.tile<16x64xf32, vec>{{$}}
// EXP-NEXT: %c_c_13 = arith.constant 2.60492652e-06 : f32{{$}}
// EXP-NEXT: %c_p0 = tile.muls %c_u, %c_c_13 : (!tile.tile<16x64xf32, vec>, f32) -> !tile.tile<16x64xf32, vec>{{$}}
// EXP-NEXT: %c_c_14 = arith.constant -0.000198089445 : f32{{$}}
// EXP-NEXT: %c_p1 = tile.adds %c_p0, %c_c_14 : (!tile.tile<16x64xf32, vec>, f32) -> !tile.tile<16x64xf32, vec>{{$}}
// EXP-NEXT: %c_pu1 = tile.mul %c_p1, %c_u : (!tile.tile<16x64xf32, vec>, !tile.tile<16x64xf32, vec>) -> !tile.tile<16x64xf32, vec>{{$}}
// EXP-NEXT: %c_c_15 = arith.constant 8.333050e-03 : f32{{$}}
// EXP-NEXT: %c_p2 = tile.adds %c_pu1, %c_c_15 : (!tile.tile<16x64xf32, vec>, f32) -> !tile.tile<16x64xf32, vec>{{$}}
// EXP-NEXT: %c_pu2 = tile.mul %c_p2, %c_u : (!tile.tile<16x64xf32, vec>, !tile.tile<16x64xf32, vec>) -> !tile.tile<16x64xf32, vec>{{$}}
// EXP-NEXT: %c_c_16 = arith.constant -0.166666582 : f32{{$}}
// EXP-NEXT: %c_p3 = tile.adds %c_pu2, %c_c_16 : (!tile.tile<16x64xf32, vec>, f32) -> !tile.tile<16x64xf32, vec>{{$}}
// EXP-NEXT: %c_pu3 = tile.mul %c_p3, %c_u : (!tile.tile<16x64xf32, vec>, !tile.tile<16x64xf32, vec>) -> !tile.tile<16x64xf32, vec>{{$}}
// EXP-NEXT: %c_c_17 = arith.constant 1.000000e+00 : f32{{$}}
// EXP-NEXT: %c_p4 = tile.adds %c_pu3, %c_c_17 : (!tile.tile<16x64xf32, vec>, f32) -> !tile.tile<16x64xf32, vec>{{$}}
// EXP-NEXT: %c_tp = tile.mul %c_tt, %c_p4 : (!tile.tile<16x64xf32, vec>, !tile.tile<16x64xf32, vec>) -> !tile.tile<16x64xf32, vec>{{$}}
// EXP-NEXT: %c = tile.mul %c_sign, %c_tp : (!tile.tile<16x64xf32, vec>, !tile.tile<16x64xf32, vec>) -> !tile.tile<16x64xf32, vec>{{$}}
// EXP-NEXT: tile.store %c, %o[%c0, %c0] : !tile.tile<16x64xf32, vec>, memref<16x64xf32>{{$}}
// EXP-NOT: tile.sin

// A3-LABEL: func.func @trig(
// A3: %x = pto.alloc_tile addr = %c0_i64 : [[F32_16X64:!pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>]]{{$}}
// A3-NEXT: %s_xpi = pto.alloc_tile addr = %c4096_i64 : [[F32_16X64]]{{$}}
// A3-NEXT: %s_ki = pto.alloc_tile addr = %c4096_i64 : [[I32_16X64:!pto.tile_buf<loc=vec, dtype=i32, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>]]{{$}}
// A3-NEXT: %s_kp0 = pto.alloc_tile addr = %c8192_i64 : [[F32_16X64]]{{$}}
// A3-NEXT: %s_fki = pto.alloc_tile addr = %c8192_i64 : [[I32_16X64]]{{$}}
// A3-NEXT: %s_p0 = pto.alloc_tile addr = %c12288_i64 : [[F32_16X64]]{{$}}
// A3: pto.tmuls ins(%x, %s_c : [[F32_16X64]], f32) outs(%s_xpi : [[F32_16X64]]){{$}}
// A3-NEXT: pto.tcvt ins(%s_xpi {rmode = #pto<round_mode ROUND>} : [[F32_16X64]]) outs(%s_ki : [[I32_16X64]]){{$}}
// A3-NEXT: pto.tcvt ins(%s_ki : [[I32_16X64]]) outs(%s_xpi : [[F32_16X64]]){{$}}
// A3: pto.tmuls ins(%s_xpi, %s_c_1 : [[F32_16X64]], f32) outs(%s_kp0 : [[F32_16X64]]){{$}}
// A3-NEXT: pto.tsub ins(%x, %s_kp0 : [[F32_16X64]], [[F32_16X64]]) outs(%x : [[F32_16X64]]){{$}}
// A3: pto.tmuls ins(%s_xpi, %s_c_2 : [[F32_16X64]], f32) outs(%s_kp0 : [[F32_16X64]]){{$}}
// A3-NEXT: pto.tsub ins(%x, %s_kp0 : [[F32_16X64]], [[F32_16X64]]) outs(%x : [[F32_16X64]]){{$}}
// A3: pto.tmuls ins(%s_xpi, %s_c_3 : [[F32_16X64]], f32) outs(%s_kp0 : [[F32_16X64]]){{$}}
// A3-NEXT: pto.tsub ins(%x, %s_kp0 : [[F32_16X64]], [[F32_16X64]]) outs(%x : [[F32_16X64]]){{$}}
// A3: pto.tmuls ins(%s_xpi, %s_c_4 : [[F32_16X64]], f32) outs(%s_kp0 : [[F32_16X64]]){{$}}
// A3-NEXT: pto.tsub ins(%x, %s_kp0 : [[F32_16X64]], [[F32_16X64]]) outs(%x : [[F32_16X64]]){{$}}
// A3: pto.tmuls ins(%s_xpi, %s_c_5 : [[F32_16X64]], f32) outs(%s_kp0 : [[F32_16X64]]){{$}}
// A3-NEXT: pto.tsub ins(%x, %s_kp0 : [[F32_16X64]], [[F32_16X64]]) outs(%x : [[F32_16X64]]){{$}}
// A3: pto.tmuls ins(%s_xpi, %s_c_6 : [[F32_16X64]], f32) outs(%s_kp0 : [[F32_16X64]]){{$}}
// A3-NEXT: pto.tcvt ins(%s_kp0 {rmode = #pto<round_mode FLOOR>} : [[F32_16X64]]) outs(%s_fki : [[I32_16X64]]){{$}}
// A3-NEXT: pto.tcvt ins(%s_fki : [[I32_16X64]]) outs(%s_kp0 : [[F32_16X64]]){{$}}
// A3: pto.tmuls ins(%s_kp0, %s_c_7 : [[F32_16X64]], f32) outs(%s_kp0 : [[F32_16X64]]){{$}}
// A3: pto.tmuls ins(%s_xpi, %s_c_8 : [[F32_16X64]], f32) outs(%s_xpi : [[F32_16X64]]){{$}}
// A3-NEXT: pto.tadd ins(%s_kp0, %s_xpi : [[F32_16X64]], [[F32_16X64]]) outs(%s_xpi : [[F32_16X64]]){{$}}
// A3: pto.tadds ins(%s_xpi, %s_c_9 : [[F32_16X64]], f32) outs(%s_xpi : [[F32_16X64]]){{$}}
// A3-NEXT: pto.tmul ins(%x, %x : [[F32_16X64]], [[F32_16X64]]) outs(%s_kp0 : [[F32_16X64]]){{$}}
// A3: pto.tmuls ins(%s_kp0, %s_c_10 : [[F32_16X64]], f32) outs(%s_p0 : [[F32_16X64]]){{$}}
// A3: pto.tadds ins(%s_p0, %s_c_11 : [[F32_16X64]], f32) outs(%s_p0 : [[F32_16X64]]){{$}}
// A3-NEXT: pto.tmul ins(%s_p0, %s_kp0 : [[F32_16X64]], [[F32_16X64]]) outs(%s_p0 : [[F32_16X64]]){{$}}
// A3: pto.tadds ins(%s_p0, %s_c_12 : [[F32_16X64]], f32) outs(%s_p0 : [[F32_16X64]]){{$}}
// A3-NEXT: pto.tmul ins(%s_p0, %s_kp0 : [[F32_16X64]], [[F32_16X64]]) outs(%s_p0 : [[F32_16X64]]){{$}}
// A3: pto.tadds ins(%s_p0, %s_c_13 : [[F32_16X64]], f32) outs(%s_p0 : [[F32_16X64]]){{$}}
// A3-NEXT: pto.tmul ins(%s_p0, %s_kp0 : [[F32_16X64]], [[F32_16X64]]) outs(%s_kp0 : [[F32_16X64]]){{$}}
// A3: pto.tadds ins(%s_kp0, %s_c_14 : [[F32_16X64]], f32) outs(%s_kp0 : [[F32_16X64]]){{$}}
// A3-NEXT: pto.tmul ins(%x, %s_kp0 : [[F32_16X64]], [[F32_16X64]]) outs(%x : [[F32_16X64]]){{$}}
// A3-NEXT: pto.tmul ins(%s_xpi, %x : [[F32_16X64]], [[F32_16X64]]) outs(%x : [[F32_16X64]]){{$}}
// A3: pto.tmuls ins(%x, %c_c : [[F32_16X64]], f32) outs(%s_xpi : [[F32_16X64]]){{$}}
// A3: pto.tadds ins(%s_xpi, %c_c_1 : [[F32_16X64]], f32) outs(%s_xpi : [[F32_16X64]]){{$}}
// A3-NEXT: pto.tcvt ins(%s_xpi {rmode = #pto<round_mode RINT>} : [[F32_16X64]]) outs(%s_ki : [[I32_16X64]]){{$}}
// A3-NEXT: pto.tcvt ins(%s_ki : [[I32_16X64]]) outs(%s_xpi : [[F32_16X64]]){{$}}
// A3: pto.tmuls ins(%s_xpi, %c_c_2 : [[F32_16X64]], f32) outs(%s_kp0 : [[F32_16X64]]){{$}}
// A3-NEXT: pto.tsub ins(%x, %s_kp0 : [[F32_16X64]], [[F32_16X64]]) outs(%x : [[F32_16X64]]){{$}}
// A3: pto.tmuls ins(%s_xpi, %c_c_3 : [[F32_16X64]], f32) outs(%s_kp0 : [[F32_16X64]]){{$}}
// A3-NEXT: pto.tsub ins(%x, %s_kp0 : [[F32_16X64]], [[F32_16X64]]) outs(%x : [[F32_16X64]]){{$}}
// A3: pto.tadds ins(%x, %c_c_4 : [[F32_16X64]], f32) outs(%x : [[F32_16X64]]){{$}}
// A3: pto.tmuls ins(%s_xpi, %c_c_5 : [[F32_16X64]], f32) outs(%s_kp0 : [[F32_16X64]]){{$}}
// A3-NEXT: pto.tsub ins(%x, %s_kp0 : [[F32_16X64]], [[F32_16X64]]) outs(%x : [[F32_16X64]]){{$}}
// A3: pto.tmuls ins(%s_xpi, %c_c_6 : [[F32_16X64]], f32) outs(%s_kp0 : [[F32_16X64]]){{$}}
// A3-NEXT: pto.tsub ins(%x, %s_kp0 : [[F32_16X64]], [[F32_16X64]]) outs(%x : [[F32_16X64]]){{$}}
// A3: pto.tmuls ins(%s_xpi, %c_c_7 : [[F32_16X64]], f32) outs(%s_kp0 : [[F32_16X64]]){{$}}
// A3-NEXT: pto.tsub ins(%x, %s_kp0 : [[F32_16X64]], [[F32_16X64]]) outs(%x : [[F32_16X64]]){{$}}
// A3: pto.tadds ins(%x, %c_c_8 : [[F32_16X64]], f32) outs(%x : [[F32_16X64]]){{$}}
// A3: pto.tmuls ins(%s_xpi, %c_c_9 : [[F32_16X64]], f32) outs(%s_kp0 : [[F32_16X64]]){{$}}
// A3-NEXT: pto.tcvt ins(%s_kp0 {rmode = #pto<round_mode FLOOR>} : [[F32_16X64]]) outs(%s_fki : [[I32_16X64]]){{$}}
// A3-NEXT: pto.tcvt ins(%s_fki : [[I32_16X64]]) outs(%s_kp0 : [[F32_16X64]]){{$}}
// A3: pto.tmuls ins(%s_kp0, %c_c_10 : [[F32_16X64]], f32) outs(%s_kp0 : [[F32_16X64]]){{$}}
// A3: pto.tmuls ins(%s_xpi, %c_c_11 : [[F32_16X64]], f32) outs(%s_xpi : [[F32_16X64]]){{$}}
// A3-NEXT: pto.tadd ins(%s_kp0, %s_xpi : [[F32_16X64]], [[F32_16X64]]) outs(%s_xpi : [[F32_16X64]]){{$}}
// A3: pto.tadds ins(%s_xpi, %c_c_12 : [[F32_16X64]], f32) outs(%s_xpi : [[F32_16X64]]){{$}}
// A3-NEXT: pto.tmul ins(%x, %x : [[F32_16X64]], [[F32_16X64]]) outs(%s_kp0 : [[F32_16X64]]){{$}}
// A3: pto.tmuls ins(%s_kp0, %c_c_13 : [[F32_16X64]], f32) outs(%s_p0 : [[F32_16X64]]){{$}}
// A3: pto.tadds ins(%s_p0, %c_c_14 : [[F32_16X64]], f32) outs(%s_p0 : [[F32_16X64]]){{$}}
// A3-NEXT: pto.tmul ins(%s_p0, %s_kp0 : [[F32_16X64]], [[F32_16X64]]) outs(%s_p0 : [[F32_16X64]]){{$}}
// A3: pto.tadds ins(%s_p0, %c_c_15 : [[F32_16X64]], f32) outs(%s_p0 : [[F32_16X64]]){{$}}
// A3-NEXT: pto.tmul ins(%s_p0, %s_kp0 : [[F32_16X64]], [[F32_16X64]]) outs(%s_p0 : [[F32_16X64]]){{$}}
// A3: pto.tadds ins(%s_p0, %c_c_16 : [[F32_16X64]], f32) outs(%s_p0 : [[F32_16X64]]){{$}}
// A3-NEXT: pto.tmul ins(%s_p0, %s_kp0 : [[F32_16X64]], [[F32_16X64]]) outs(%s_kp0 : [[F32_16X64]]){{$}}
// A3: pto.tadds ins(%s_kp0, %c_c_17 : [[F32_16X64]], f32) outs(%s_kp0 : [[F32_16X64]]){{$}}
// A3-NEXT: pto.tmul ins(%x, %s_kp0 : [[F32_16X64]], [[F32_16X64]]) outs(%x : [[F32_16X64]]){{$}}
// A3-NEXT: pto.tmul ins(%s_xpi, %x : [[F32_16X64]], [[F32_16X64]]) outs(%x : [[F32_16X64]]){{$}}

// ERR: trig.mlir:[[# @LINE + 4]]:8: error: convert-tile-to-pto: tile.sin has no PTO op; it is expanded into other tile ops before planning: plan the kernel with pto-plan-memory (or run lower-composite-ops before init-memref)
func.func @trig(%a: memref<16x64xf32>, %o: memref<16x64xf32>) {
  %c0 = arith.constant 0 : index
  %x = tile.load %a[%c0, %c0] : memref<16x64xf32> -> !tile.tile<16x64xf32, vec>
  %s = tile.sin %x : (!tile.tile<16x64xf32, vec>) -> !tile.tile<16x64xf32, vec>
  %c = tile.cos %s : (!tile.tile<16x64xf32, vec>) -> !tile.tile<16x64xf32, vec>
  tile.store %c, %o[%c0, %c0] : !tile.tile<16x64xf32, vec>, memref<16x64xf32>
  func.return
}

// RUN: xdsl-pto run %s --backend a5 --seed 2 | filecheck %s --check-prefix=EXEC
// RUN: xdsl-opt -p 'pto-plan-memory{backend=a5},convert-tile-to-pto' %s | filecheck %s --check-prefix=PTO
// RUN: xdsl-opt -p 'pto-plan-memory{backend=a5 planner=ptoas},convert-tile-to-pto' %s | filecheck %s --check-prefix=PTOAS
// RUN: xdsl-opt -p 'pto-plan-memory{backend=a5},convert-tile-to-pto' %s | xdsl-pto validate - --backend a5 | filecheck %s --check-prefix=VALID

// VALID: <stdin>: plan valid: @fp4 (2 pto buffers)

// fp4 (f4E2M1FN) end to end on a5. The interpreter keeps one value per
// numpy byte and packs two per byte on chip (element 2j in the low nibble);
// the logical and the planned (packed) run agree. ptoas reads a 4-bit
// tensor as pairs (!pto.f4E2M1x2): the tensor view [16, 128] is [16, 64]
// pairs with row stride 64, the window at column 64 starts at pair 32, a
// [16, 64] tile is a cols = 32 tile_buf of 512 bytes; tcvt takes fp4 <-> bf16
// (%w reuses %x's buffer).

// EXEC: fp4.mlir: logical and physical runs agree (seed 2)

// PTO-LABEL: func.func @fp4
// PTO-SAME:  (%a: !pto.ptr<!pto.f4E2M1x2>, %o: !pto.ptr<bf16>, %p: !pto.ptr<!pto.f4E2M1x2>)
// PTO:       %0 = pto.make_tensor_view %a, shape = [%c16_index, %c64_index], strides = [%c64_index, %c1_index] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?x!pto.f4E2M1x2>
// PTO:       %x = pto.alloc_tile addr = %c0_i64 : !pto.tile_buf<loc=vec, dtype=!pto.f4E2M1x2, rows=16, cols=32, v_row=16, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>
// PTO:       [[PV:%[0-9]+]] = pto.partition_view %0, offsets = [%c0, %c32_index], sizes = [%c16_index, %c32_index] : !pto.tensor_view<?x?x!pto.f4E2M1x2> -> !pto.partition_tensor_view<16x32x!pto.f4E2M1x2>
// PTO-NEXT:  pto.tload ins([[PV]] : !pto.partition_tensor_view<16x32x!pto.f4E2M1x2>) outs(%x : !pto.tile_buf<loc=vec, dtype=!pto.f4E2M1x2, rows=16, cols=32, v_row=16, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
// PTO-NEXT:  pto.tcvt ins(%x : !pto.tile_buf<loc=vec, dtype=!pto.f4E2M1x2, {{.*}}>) outs(%y : !pto.tile_buf<loc=vec, dtype=bf16, rows=16, cols=64, {{.*}}>)
// PTO-NEXT:  pto.tcvt ins(%y {rmode = #pto<round_mode RINT>} : !pto.tile_buf<loc=vec, dtype=bf16, {{.*}}>) outs(%x : !pto.tile_buf<loc=vec, dtype=!pto.f4E2M1x2, rows=16, cols=32, {{.*}}>)
// PTO:       pto.partition_view %2, offsets = [%c0, %c0_index], sizes = [%c16_index, %c32_index] : !pto.tensor_view<?x?x!pto.f4E2M1x2> -> !pto.partition_tensor_view<16x32x!pto.f4E2M1x2>

// PTOAS-LABEL: func.func @fp4
// PTOAS: pto.tload ins({{%[0-9]+}} : !pto.partition_tensor_view<16x32x!pto.f4E2M1x2>)
func.func @fp4(%a: memref<16x128xf4E2M1FN>, %o: memref<16x64xbf16>, %p: memref<16x64xf4E2M1FN>) {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %x = tile.load %a[%c0, %c64] : memref<16x128xf4E2M1FN> -> !tile.tile<16x64xf4E2M1FN, vec>
  %y = tile.cast %x : (!tile.tile<16x64xf4E2M1FN, vec>) -> !tile.tile<16x64xbf16, vec>
  %w = tile.cast %y {mode = "rint"} : (!tile.tile<16x64xbf16, vec>) -> !tile.tile<16x64xf4E2M1FN, vec>
  tile.store %y, %o[%c0, %c0] : !tile.tile<16x64xbf16, vec>, memref<16x64xbf16>
  tile.store %w, %p[%c0, %c0] : !tile.tile<16x64xf4E2M1FN, vec>, memref<16x64xf4E2M1FN>
  func.return
}

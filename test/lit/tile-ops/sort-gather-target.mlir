// RUN: xdsl-opt --split-input-file --verify-diagnostics -p 'pto-plan-memory{backend=a3},convert-tile-to-pto' %s | filecheck %s --check-prefix=A3
// RUN: xdsl-opt --split-input-file -p 'pto-plan-memory{backend=a5},convert-tile-to-pto' %s | filecheck %s --check-prefix=A5

// What ptoas v0.48 takes on a5 but refuses on a3 (/work/notes/pto-op-forms
// §6): convert-tile-to-pto refuses it for a3, naming the rule, and lowers it
// for a5.

// A2/A3 tgather takes 32-bit indices only.
// A3: sort-gather-target.mlir:[[# @LINE + 7]]:8: error: convert-tile-to-pto: tile.gather on a3: ptoas (v0.48) takes 32-bit gather indices only on a3, not i16
// A5: pto.tgather ins(%x, %i, %t : !pto.tile_buf<loc=vec, dtype=f16, {{.*}}>, !pto.tile_buf<loc=vec, dtype=i16,
func.func @gather_i16_index(%a: memref<16x64xf16>, %ai: memref<16x64xi16>, %o: memref<16x64xf16>) {
  %c0 = arith.constant 0 : index
  %x = tile.load %a[%c0, %c0] : memref<16x64xf16> -> !tile.tile<16x64xf16, vec>
  %i = tile.load %ai[%c0, %c0] : memref<16x64xi16> -> !tile.tile<16x64xi16, vec>
  %t = tile.create : !tile.tile<16x64xi16, vec>
  %g = tile.gather %x, %i, %t : (!tile.tile<16x64xf16, vec>, !tile.tile<16x64xi16, vec>, !tile.tile<16x64xi16, vec>) -> !tile.tile<16x64xf16, vec>
  tile.store %g, %o[%c0, %c0] : !tile.tile<16x64xf16, vec>, memref<16x64xf16>
  func.return
}

// -----

// A2/A3 gathers no 8-bit data.
// A3: sort-gather-target.mlir:[[# @LINE + 7]]:8: error: convert-tile-to-pto: tile.gather on a3: ptoas (v0.48) takes it for f32, f16, i16, i32 elements only, not i8
// A5: pto.tgather ins(%x, %i, %t : !pto.tile_buf<loc=vec, dtype=i8,
func.func @gather_i8(%a: memref<16x64xi8>, %ai: memref<16x64xi32>, %o: memref<16x64xi8>) {
  %c0 = arith.constant 0 : index
  %x = tile.load %a[%c0, %c0] : memref<16x64xi8> -> !tile.tile<16x64xi8, vec>
  %i = tile.load %ai[%c0, %c0] : memref<16x64xi32> -> !tile.tile<16x64xi32, vec>
  %t = tile.create : !tile.tile<16x64xi32, vec>
  %g = tile.gather %x, %i, %t : (!tile.tile<16x64xi8, vec>, !tile.tile<16x64xi32, vec>, !tile.tile<16x64xi32, vec>) -> !tile.tile<16x64xi8, vec>
  tile.store %g, %o[%c0, %c0] : !tile.tile<16x64xi8, vec>, memref<16x64xi8>
  func.return
}

// -----

// A2/A3 compares an i32 source for equality only.
// A3: sort-gather-target.mlir:[[# @LINE + 6]]:12: error: convert-tile-to-pto: tile.gather_compare on a3: ptoas (v0.48) compares an i32 source on a3 only for eq, not gt
// A5: pto.tgather ins(%x, %k, %u8 : {{.*}}) outs(%d, %n : {{.*}}) {cmpMode = #pto<cmp gt>, offset = 3 : i32}
func.func @gather_compare_i32_gt(%a: memref<16x64xi32>, %k: i32, %o: memref<16x64xi32>, %oc: memref<1x16xi32>) {
  %c0 = arith.constant 0 : index
  %x = tile.load %a[%c0, %c0] : memref<16x64xi32> -> !tile.tile<16x64xi32, vec>
  %u8 = tile.create : !tile.tile<32x256xui8, vec>
  %d, %n = tile.gather_compare %x, %k, %u8 {cmp_mode = "gt", offset = 3 : i32} : (!tile.tile<16x64xi32, vec>, i32, !tile.tile<32x256xui8, vec>) -> (!tile.tile<16x64xi32, vec>, !tile.tile<1x16xi32, vec>)
  tile.store %d, %o[%c0, %c0] : !tile.tile<16x64xi32, vec>, memref<16x64xi32>
  tile.store %n, %oc[%c0, %c0] : !tile.tile<1x16xi32, vec>, memref<1x16xi32>
  func.return
}

// -----

// A2/A3 packs its compare scratch in tmp: 16x64 f32 needs 4288 bytes.
// A3: sort-gather-target.mlir:[[# @LINE + 6]]:12: error: convert-tile-to-pto: tile.gather_compare on a3: ptoas (v0.48) needs a tmp of at least 4288 bytes on a3 (a pto-isa rule), got 2048
// A5: pto.tgather ins(%x, %k, %u8 :
func.func @gather_compare_small_tmp(%a: memref<16x64xf32>, %k: f32, %o: memref<16x64xi32>, %oc: memref<1x16xi32>) {
  %c0 = arith.constant 0 : index
  %x = tile.load %a[%c0, %c0] : memref<16x64xf32> -> !tile.tile<16x64xf32, vec>
  %u8 = tile.create : !tile.tile<8x256xui8, vec>
  %d, %n = tile.gather_compare %x, %k, %u8 {cmp_mode = "eq"} : (!tile.tile<16x64xf32, vec>, f32, !tile.tile<8x256xui8, vec>) -> (!tile.tile<16x64xi32, vec>, !tile.tile<1x16xi32, vec>)
  tile.store %d, %o[%c0, %c0] : !tile.tile<16x64xi32, vec>, memref<16x64xi32>
  tile.store %n, %oc[%c0, %c0] : !tile.tile<1x16xi32, vec>, memref<1x16xi32>
  func.return
}

// -----

// A2/A3 row-mode mgather takes a [1, R] index.
// A3: sort-gather-target.mlir:[[# @LINE + 5]]:8: error: convert-tile-to-pto: tile.mgather on a3: ptoas (v0.48) takes a [1, R] row index on a3, got [16, 1]
// A5: pto.mgather ins(%{{.*}}, %i : !pto.partition_tensor_view<1024x64xf32>, !pto.tile_buf<loc=vec, dtype=i32, rows=16, cols=1, v_row=16, v_col=1, blayout=col_major, {{.*}}>) outs(%r : {{.*}}) {coalesce = #pto<coalesce row>}
func.func @mgather_column_index(%g: memref<1024x64xf32>, %ai: memref<16x1xi32>, %o: memref<16x64xf32>) {
  %c0 = arith.constant 0 : index
  %i = tile.load %ai[%c0, %c0] : memref<16x1xi32> -> !tile.tile<16x1xi32, vec>
  %r = tile.mgather %g, %i {coalesce = "row"} : (memref<1024x64xf32>, !tile.tile<16x1xi32, vec>) -> !tile.tile<16x64xf32, vec>
  tile.store %r, %o[%c0, %c0] : !tile.tile<16x64xf32, vec>, memref<16x64xf32>
  func.return
}

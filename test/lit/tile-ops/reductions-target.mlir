// RUN: xdsl-opt -p 'pto-plan-memory{backend=a3},convert-tile-to-pto' --split-input-file --verify-diagnostics %s | filecheck %s --check-prefix=A3
// RUN: xdsl-opt -p 'pto-plan-memory{backend=a5},convert-tile-to-pto' --split-input-file %s | filecheck %s --check-prefix=A5

// What ptoas v0.48 takes on one target only (PtoasElements / PtoasCheck on
// the op definitions), checked by convert-tile-to-pto where the target is
// known: each chunk is refused on a3 and lowered on a5.

// A2/A3 tcolsum: f16/f32/i16/i32 (and ui16/ui32); a5 also bf16, i8, ui8.
// A5: pto.tcolsum ins(%x : !pto.tile_buf<loc=vec, dtype=bf16, rows=16, cols=64
func.func @col_sum_bf16(%a: memref<16x64xbf16>, %o: memref<1x64xbf16>) {
  %c0 = arith.constant 0 : index
  %x = tile.load %a[%c0, %c0] : memref<16x64xbf16> -> !tile.tile<16x64xbf16, vec>
  %r = tile.col_sum %x : (!tile.tile<16x64xbf16, vec>) -> !tile.tile<1x64xbf16, vec>
  tile.store %r, %o[%c0, %c0] : !tile.tile<1x64xbf16, vec>, memref<1x64xbf16>
  func.return
}
// A3: reductions-target.mlir:13:8: error: convert-tile-to-pto: tile.col_sum on a3: ptoas (v0.48) takes it for f32, f16, i16, i32 elements only, not bf16

// -----

// A2/A3 tcolmax takes no 8-bit type.
// A5: pto.tcolmax ins(%x : !pto.tile_buf<loc=vec, dtype=i8, rows=16, cols=64
func.func @col_max_i8(%a: memref<16x64xi8>, %o: memref<1x64xi8>) {
  %c0 = arith.constant 0 : index
  %x = tile.load %a[%c0, %c0] : memref<16x64xi8> -> !tile.tile<16x64xi8, vec>
  %r = tile.col_max %x : (!tile.tile<16x64xi8, vec>) -> !tile.tile<1x64xi8, vec>
  tile.store %r, %o[%c0, %c0] : !tile.tile<1x64xi8, vec>, memref<1x64xi8>
  func.return
}
// A3: reductions-target.mlir:26:8: error: convert-tile-to-pto: tile.col_max on a3: ptoas (v0.48) takes it for f32, f16, i16, i32 elements only, not i8

// -----

// tcolprod: bf16 on a5 only.
// A5: pto.tcolprod ins(%x : !pto.tile_buf<loc=vec, dtype=bf16, rows=16, cols=64
func.func @col_prod_bf16(%a: memref<16x64xbf16>, %o: memref<1x64xbf16>) {
  %c0 = arith.constant 0 : index
  %x = tile.load %a[%c0, %c0] : memref<16x64xbf16> -> !tile.tile<16x64xbf16, vec>
  %r = tile.col_prod %x : (!tile.tile<16x64xbf16, vec>) -> !tile.tile<1x64xbf16, vec>
  tile.store %r, %o[%c0, %c0] : !tile.tile<1x64xbf16, vec>, memref<1x64xbf16>
  func.return
}
// A3: reductions-target.mlir:39:8: error: convert-tile-to-pto: tile.col_prod on a3: ptoas (v0.48) takes it for f32, f16, i16, i32 elements only, not bf16

// -----

// A2/A3 tcolargmax: the tmp needs 16 f32 columns for up to 256 source columns
// ("expects A2/A3 tmp valid_shape[1] to be at least 16 for src
// valid_shape[1] = 64"); a5 does not read it.
// A5: pto.tcolargmax ins(%x, %t : {{.*}}dtype=f32, rows=1, cols=8,
func.func @col_argmax_narrow_tmp(%a: memref<16x64xf32>, %o: memref<1x64xi32>) {
  %c0 = arith.constant 0 : index
  %x = tile.load %a[%c0, %c0] : memref<16x64xf32> -> !tile.tile<16x64xf32, vec>
  %t = tile.create : !tile.tile<1x8xf32, vec>
  %r = tile.col_argmax %x, %t : (!tile.tile<16x64xf32, vec>, !tile.tile<1x8xf32, vec>) -> !tile.tile<1x64xi32, vec>
  tile.store %r, %o[%c0, %c0] : !tile.tile<1x64xi32, vec>, memref<1x64xi32>
  func.return
}
// A3: reductions-target.mlir:55:8: error: convert-tile-to-pto: tile.col_argmax on a3: tmp needs at least 16 valid columns for 64 source columns of f32, got 8

// -----

// 1024 f32 source columns need 48 (ptoas: "at least 48 for src valid_shape[1] = 1024").
// A5: pto.tcolargmin ins(%x, %t : {{.*}}dtype=f32, rows=1, cols=40,
func.func @col_argmin_wide_source(%a: memref<2x1024xf32>, %o: memref<1x1024xi32>) {
  %c0 = arith.constant 0 : index
  %x = tile.load %a[%c0, %c0] : memref<2x1024xf32> -> !tile.tile<2x1024xf32, vec>
  %t = tile.create : !tile.tile<1x40xf32, vec>
  %r = tile.col_argmin %x, %t : (!tile.tile<2x1024xf32, vec>, !tile.tile<1x40xf32, vec>) -> !tile.tile<1x1024xi32, vec>
  tile.store %r, %o[%c0, %c0] : !tile.tile<1x1024xi32, vec>, memref<1x1024xi32>
  func.return
}
// A3: reductions-target.mlir:69:8: error: convert-tile-to-pto: tile.col_argmin on a3: tmp needs at least 48 valid columns for 1024 source columns of f32, got 40

// -----

// A2/A3 column arg-reductions read f16, f32, ui16, ui32 sources (pto-isa; ptoas does not check).
// A5: pto.tcolargmax ins(%x, %t : !pto.tile_buf<loc=vec, dtype=i16,
func.func @col_argmax_i16(%a: memref<16x64xi16>, %o: memref<1x64xi32>) {
  %c0 = arith.constant 0 : index
  %x = tile.load %a[%c0, %c0] : memref<16x64xi16> -> !tile.tile<16x64xi16, vec>
  %t = tile.create : !tile.tile<1x64xi16, vec>
  %r = tile.col_argmax %x, %t : (!tile.tile<16x64xi16, vec>, !tile.tile<1x64xi16, vec>) -> !tile.tile<1x64xi32, vec>
  tile.store %r, %o[%c0, %c0] : !tile.tile<1x64xi32, vec>, memref<1x64xi32>
  func.return
}
// A3: reductions-target.mlir:83:8: error: convert-tile-to-pto: tile.col_argmax on a3: the source must be f16, f32, ui16 or ui32, got i16

// RUN: xdsl-opt -p 'pto-plan-memory{backend=a3},convert-tile-to-pto' --split-input-file --verify-diagnostics %s | filecheck %s --check-prefixes=CHECK,A3
// RUN: xdsl-opt -p 'pto-plan-memory{backend=a5},convert-tile-to-pto' --split-input-file --verify-diagnostics %s | filecheck %s --check-prefixes=CHECK,A5

// What ptoas (v0.48) refuses of a tile op's lowering, refused by
// convert-tile-to-pto first with a located error naming the rule (the rules
// are declared on the op definitions: dialects/tile/ptoas_traits.py). Each
// case was fed to the ptoas binary for a3 and a5; where a target takes the
// case, its PTO is printed instead of the error.

// An element type a target does not take: bf16 tadd on a3 (a5 takes it).
func.func @bf16_add(%a: memref<16x64xbf16>, %o: memref<16x64xbf16>) {
  %c0 = arith.constant 0 : index
  %x = tile.load %a[%c0, %c0] : memref<16x64xbf16> -> !tile.tile<16x64xbf16, vec>
  %y = tile.add %x, %x : (!tile.tile<16x64xbf16, vec>, !tile.tile<16x64xbf16, vec>) -> !tile.tile<16x64xbf16, vec>
// A3: err-ptoas-rules.mlir:[[# @LINE - 1]]:8: error: convert-tile-to-pto: tile.add on a3: ptoas (v0.48) takes it for f32, f16, i16, i32 elements only, not bf16
  tile.store %y, %o[%c0, %c0] : !tile.tile<16x64xbf16, vec>, memref<16x64xbf16>
  func.return
}
// A5: pto.tadd ins(%x, %x : !pto.tile_buf<loc=vec, dtype=bf16,

// -----

// No target takes texp of integers.
func.func @int_exp(%a: memref<16x64xi32>, %o: memref<16x64xi32>) {
  %c0 = arith.constant 0 : index
  %x = tile.load %a[%c0, %c0] : memref<16x64xi32> -> !tile.tile<16x64xi32, vec>
  %y = tile.exp %x : (!tile.tile<16x64xi32, vec>) -> !tile.tile<16x64xi32, vec>
// A3: err-ptoas-rules.mlir:[[# @LINE - 1]]:8: error: convert-tile-to-pto: tile.exp on a3: ptoas (v0.48) takes it for f32, f16 elements only, not i32
// A5: err-ptoas-rules.mlir:[[# @LINE - 2]]:8: error: convert-tile-to-pto: tile.exp on a5: ptoas (v0.48) takes it for f32, f16 elements only, not i32
  tile.store %y, %o[%c0, %c0] : !tile.tile<16x64xi32, vec>, memref<16x64xi32>
  func.return
}

// -----

// A row reduction reads its source row by row: a column-major source has no
// transposed form of the same op.
func.func @colmajor_row_max(%a: memref<64x16xf32>, %o: memref<64x1xf32>) {
  %c0 = arith.constant 0 : index
  %x = tile.load %a[%c0, %c0] : memref<64x16xf32> -> !tile.tile<64x16xf32, vec, blayout = col_major>
  %t = tile.create : !tile.tile<64x16xf32, vec, blayout = col_major>
  %m = tile.row_max %x, %t : (!tile.tile<64x16xf32, vec, blayout = col_major>, !tile.tile<64x16xf32, vec, blayout = col_major>) -> !tile.tile<64x1xf32, vec>
// CHECK: err-ptoas-rules.mlir:[[# @LINE - 1]]:8: error: convert-tile-to-pto: tile.row_max on a{{[35]}}: ptoas (v0.48) reads and writes its tiles row-major, but operand #0 is col_major; copy it into a row-major tile first (tile.move)
  tile.store %m, %o[%c0, %c0] : !tile.tile<64x1xf32, vec>, memref<64x1xf32>
  func.return
}

// -----

// An elementwise op on a column-major and a row-major tile: no one
// transposition makes both row-major.
func.func @mixed_layouts(%a: memref<64x16xf32>, %o: memref<64x16xf32>) {
  %c0 = arith.constant 0 : index
  %x = tile.load %a[%c0, %c0] : memref<64x16xf32> -> !tile.tile<64x16xf32, vec, blayout = col_major>
  %y = tile.load %a[%c0, %c0] : memref<64x16xf32> -> !tile.tile<64x16xf32, vec>
  %z = tile.add %x, %y : (!tile.tile<64x16xf32, vec, blayout = col_major>, !tile.tile<64x16xf32, vec>) -> !tile.tile<64x16xf32, vec>
// CHECK: err-ptoas-rules.mlir:[[# @LINE - 1]]:8: error: convert-tile-to-pto: tile.add on a{{[35]}}: ptoas (v0.48) reads and writes its tiles row-major; column-major tiles run on their transposed views, but here some tiles are column-major and others are not (or their shapes differ), so no one transposition fits: copy them into tiles of one layout first (tile.move)
  tile.store %z, %o[%c0, %c0] : !tile.tile<64x16xf32, vec>, memref<64x16xf32>
  func.return
}

// -----

// tprelu on a2/a3 takes an 8-bit tmp with a row more than the result and a
// bit per result column; a5 takes any Vec tmp.
func.func @prelu_f32_tmp(%a: memref<16x64xf32>, %o: memref<16x64xf32>) {
  %c0 = arith.constant 0 : index
  %x = tile.load %a[%c0, %c0] : memref<16x64xf32> -> !tile.tile<16x64xf32, vec>
  %k = tile.load %a[%c0, %c0] : memref<16x64xf32> -> !tile.tile<16x64xf32, vec>
  %t = tile.create : !tile.tile<16x64xf32, vec>
  %r = tile.prelu %x, %k, %t : (!tile.tile<16x64xf32, vec>, !tile.tile<16x64xf32, vec>, !tile.tile<16x64xf32, vec>) -> !tile.tile<16x64xf32, vec>
// A3: err-ptoas-rules.mlir:[[# @LINE - 1]]:8: error: convert-tile-to-pto: tile.prelu on a3: ptoas (v0.48) takes tprelu's tmp as 8-bit integers, row-major, of at least [17, 8] (one row more than the result, a bit per column), not f32 elements
  tile.store %r, %o[%c0, %c0] : !tile.tile<16x64xf32, vec>, memref<16x64xf32>
  func.return
}
// A5: pto.tprelu ins(%x, %k, %t :

// -----

func.func @prelu_short_tmp(%a: memref<16x64xf32>, %o: memref<16x64xf32>) {
  %c0 = arith.constant 0 : index
  %x = tile.load %a[%c0, %c0] : memref<16x64xf32> -> !tile.tile<16x64xf32, vec>
  %k = tile.load %a[%c0, %c0] : memref<16x64xf32> -> !tile.tile<16x64xf32, vec>
  %t = tile.create : !tile.tile<16x32xui8, vec>
  %r = tile.prelu %x, %k, %t : (!tile.tile<16x64xf32, vec>, !tile.tile<16x64xf32, vec>, !tile.tile<16x32xui8, vec>) -> !tile.tile<16x64xf32, vec>
// A3: err-ptoas-rules.mlir:[[# @LINE - 1]]:8: error: convert-tile-to-pto: tile.prelu on a3: ptoas (v0.48) takes tprelu's tmp as 8-bit integers, row-major, of at least [17, 8] (one row more than the result, a bit per column), not [16, 32]
  tile.store %r, %o[%c0, %c0] : !tile.tile<16x64xf32, vec>, memref<16x64xf32>
  func.return
}
// A5: pto.tprelu ins(%x, %k, %t :

// -----

// trem on a2/a3: i32 or f32 only, its tmp in the result's element type.
func.func @rem_f16(%a: memref<16x64xf16>, %o: memref<16x64xf16>) {
  %c0 = arith.constant 0 : index
  %x = tile.load %a[%c0, %c0] : memref<16x64xf16> -> !tile.tile<16x64xf16, vec>
  %y = tile.load %a[%c0, %c0] : memref<16x64xf16> -> !tile.tile<16x64xf16, vec>
  %t = tile.create : !tile.tile<16x64xf16, vec>
  %r = tile.rem %x, %y, %t : (!tile.tile<16x64xf16, vec>, !tile.tile<16x64xf16, vec>, !tile.tile<16x64xf16, vec>) -> !tile.tile<16x64xf16, vec>
// A3: err-ptoas-rules.mlir:[[# @LINE - 1]]:8: error: convert-tile-to-pto: tile.rem on a3: ptoas (v0.48) takes it for f32, i32 elements only, not f16
  tile.store %r, %o[%c0, %c0] : !tile.tile<16x64xf16, vec>, memref<16x64xf16>
  func.return
}
// A5: pto.trem ins(%x, %y, %t :

// -----

func.func @rems_tmp_type(%a: memref<16x64xi32>, %o: memref<16x64xi32>, %s: i32) {
  %c0 = arith.constant 0 : index
  %x = tile.load %a[%c0, %c0] : memref<16x64xi32> -> !tile.tile<16x64xi32, vec>
  %t = tile.create : !tile.tile<16x64xf32, vec>
  %r = tile.rems %x, %s, %t : (!tile.tile<16x64xi32, vec>, i32, !tile.tile<16x64xf32, vec>) -> !tile.tile<16x64xi32, vec>
// A3: err-ptoas-rules.mlir:[[# @LINE - 1]]:8: error: convert-tile-to-pto: tile.rems on a3: ptoas (v0.48) takes trems's tmp in the result's element type i32, not f32
  tile.store %r, %o[%c0, %c0] : !tile.tile<16x64xi32, vec>, memref<16x64xi32>
  func.return
}
// A5: pto.trems ins(%x, %s, %t :

// -----

// tcmp on a5 writes one mask element per compared pair, not a packed mask.
func.func @packed_cmp(%a: memref<16x64xf32>, %o: memref<16x32xui8>) {
  %c0 = arith.constant 0 : index
  %x = tile.load %a[%c0, %c0] : memref<16x64xf32> -> !tile.tile<16x64xf32, vec>
  %m = tile.cmp %x, %x {cmp_mode = "lt"} : (!tile.tile<16x64xf32, vec>, !tile.tile<16x64xf32, vec>) -> !tile.tile<16x32xui8, vec>
// A5: err-ptoas-rules.mlir:[[# @LINE - 1]]:8: error: convert-tile-to-pto: tile.cmp on a5: ptoas (v0.48) takes tcmp's mask in the compared tiles' shape [16, 64] (one element per pair), not packed as [16, 32]
  tile.store %m, %o[%c0, %c0] : !tile.tile<16x32xui8, vec>, memref<16x32xui8>
  func.return
}
// A3: pto.tcmp ins(%x, %x

// -----

// No Mat -> Mat tmov on any target.
func.func @mat_copy(%a: memref<32x32xf16>, %o: memref<32x32xf32>) {
  %c0 = arith.constant 0 : index
  %x = tile.load %a[%c0, %c0] : memref<32x32xf16> -> !tile.tile<32x32xf16, mat>
  %y = tile.move %x : (!tile.tile<32x32xf16, mat>) -> !tile.tile<32x32xf16, mat>
// CHECK: err-ptoas-rules.mlir:[[# @LINE - 1]]:8: error: convert-tile-to-pto: tile.move on a{{[35]}}: ptoas (v0.48) has no mat -> mat tmov; use the tile where it is (or a view of it)
  %l = tile.move %y : (!tile.tile<32x32xf16, mat>) -> !tile.tile<32x32xf16, left>
  %r = tile.move %y : (!tile.tile<32x32xf16, mat>) -> !tile.tile<32x32xf16, right>
  %c = tile.matmul %l, %r : (!tile.tile<32x32xf16, left>, !tile.tile<32x32xf16, right>) -> !tile.tile<32x32xf32, acc>
  tile.store %c, %o[%c0, %c0] : !tile.tile<32x32xf32, acc>, memref<32x32xf32>
  func.return
}

// -----

// a5 stores to GM from vec or acc only.
func.func @store_mat(%a: memref<32x32xf16>, %o: memref<32x32xf16>) {
  %c0 = arith.constant 0 : index
  %x = tile.load %a[%c0, %c0] : memref<32x32xf16> -> !tile.tile<32x32xf16, mat>
  tile.store %x, %o[%c0, %c0] : !tile.tile<32x32xf16, mat>, memref<32x32xf16>
// A5: err-ptoas-rules.mlir:[[# @LINE - 1]]:3: error: convert-tile-to-pto: tile.store on a5: ptoas (v0.48) stores to GM from vec or acc only, not from mat
  func.return
}
// A3: pto.tstore ins(%x : !pto.tile_buf<loc=mat,

// -----

// A boxed cube tile is whole 16-row fractal boxes.
func.func @short_mat(%a: memref<8x64xf16>, %o: memref<8x64xf16>) {
  %c0 = arith.constant 0 : index
  %x = tile.load %a[%c0, %c0] : memref<8x64xf16> -> !tile.tile<8x64xf16, mat>
// CHECK: err-ptoas-rules.mlir:[[# @LINE - 1]]:8: error: convert-tile-to-pto: %x on a{{[35]}}: ptoas (v0.48) needs a boxed mat tile's rows to be a multiple of 16, got 8
  %l = tile.move %x : (!tile.tile<8x64xf16, mat>) -> !tile.tile<8x64xf16, left>
  func.return
}

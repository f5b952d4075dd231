// RUN: xdsl-opt -p 'pto-plan-memory{backend=a3},convert-tile-to-pto' --split-input-file --verify-diagnostics %s | filecheck %s
// RUN: xdsl-opt -p 'pto-plan-memory{backend=a3 planner=ptoas},convert-tile-to-pto' --split-input-file --verify-diagnostics %s | filecheck %s

// What ptoas (v0.48) refuses on a2/a3 of an op the verifier takes (another
// target takes it): convert-tile-to-pto, which knows the target, refuses it
// at the op with the rule, under every planner. Each of these lowers on a5
// (err-target-a5.mlir has the a5 refusals).

// A2/A3 tand takes 8- and 16-bit integers only.
func.func @and_i32(%a: memref<16x64xi32>) {
  %c0 = arith.constant 0 : index
  %x = tile.load %a[%c0, %c0] : memref<16x64xi32> -> !tile.tile<16x64xi32, vec>
  %r = tile.and %x, %x : (!tile.tile<16x64xi32, vec>, !tile.tile<16x64xi32, vec>) -> !tile.tile<16x64xi32, vec>
// CHECK: err-target.mlir:[[# @LINE - 1]]:8: error: convert-tile-to-pto: tile.and on a3: ptoas (v0.48) takes it for i8, i16 elements only, not i32
  tile.store %r, %a[%c0, %c0] : !tile.tile<16x64xi32, vec>, memref<16x64xi32>
  func.return
}

// -----

// ... so does txor.
func.func @xor_i32(%a: memref<16x64xi32>) {
  %c0 = arith.constant 0 : index
  %x = tile.load %a[%c0, %c0] : memref<16x64xi32> -> !tile.tile<16x64xi32, vec>
  %t = tile.create : !tile.tile<16x64xi32, vec>
  %r = tile.xor %x, %x, %t : (!tile.tile<16x64xi32, vec>, !tile.tile<16x64xi32, vec>, !tile.tile<16x64xi32, vec>) -> !tile.tile<16x64xi32, vec>
// CHECK: err-target.mlir:[[# @LINE - 1]]:8: error: convert-tile-to-pto: tile.xor on a3: ptoas (v0.48) takes it for i8, i16 elements only, not i32
  tile.store %r, %a[%c0, %c0] : !tile.tile<16x64xi32, vec>, memref<16x64xi32>
  func.return
}

// -----

// A2/A3 tnot takes 16-bit integers only.
func.func @not_i8(%a: memref<32x64xi8>) {
  %c0 = arith.constant 0 : index
  %x = tile.load %a[%c0, %c0] : memref<32x64xi8> -> !tile.tile<32x64xi8, vec>
  %r = tile.not %x : (!tile.tile<32x64xi8, vec>) -> !tile.tile<32x64xi8, vec>
// CHECK: err-target.mlir:[[# @LINE - 1]]:8: error: convert-tile-to-pto: tile.not on a3: ptoas (v0.48) takes it for i16 elements only, not i8
  tile.store %r, %a[%c0, %c0] : !tile.tile<32x64xi8, vec>, memref<32x64xi8>
  func.return
}

// -----

// A2/A3 tshrs takes 16- and 32-bit integers only.
func.func @shrs_i8(%a: memref<32x64xi8>, %n: i32) {
  %c0 = arith.constant 0 : index
  %x = tile.load %a[%c0, %c0] : memref<32x64xi8> -> !tile.tile<32x64xi8, vec>
  %r = tile.shrs %x, %n : (!tile.tile<32x64xi8, vec>, i32) -> !tile.tile<32x64xi8, vec>
// CHECK: err-target.mlir:[[# @LINE - 1]]:8: error: convert-tile-to-pto: tile.shrs on a3: ptoas (v0.48) takes it for i16, i32 elements only, not i8
  tile.store %r, %a[%c0, %c0] : !tile.tile<32x64xi8, vec>, memref<32x64xi8>
  func.return
}

// -----

// A2/A3 tmaxs takes no bf16.
func.func @maximums_bf16(%a: memref<16x64xbf16>, %s: bf16) {
  %c0 = arith.constant 0 : index
  %x = tile.load %a[%c0, %c0] : memref<16x64xbf16> -> !tile.tile<16x64xbf16, vec>
  %r = tile.maximums %x, %s : (!tile.tile<16x64xbf16, vec>, bf16) -> !tile.tile<16x64xbf16, vec>
// CHECK: err-target.mlir:[[# @LINE - 1]]:8: error: convert-tile-to-pto: tile.maximums on a3: ptoas (v0.48) takes it for f32, f16, i16, i32 elements only, not bf16
  tile.store %r, %a[%c0, %c0] : !tile.tile<16x64xbf16, vec>, memref<16x64xbf16>
  func.return
}

// -----

// A2/A3 tpartadd takes no bf16 (A5 takes all nine types).
func.func @part_add_bf16(%a: memref<16x64xbf16>) {
  %c0 = arith.constant 0 : index
  %x = tile.load %a[%c0, %c0] : memref<16x64xbf16> -> !tile.tile<16x64xbf16, vec>
  %r = tile.part_add %x, %x : (!tile.tile<16x64xbf16, vec>, !tile.tile<16x64xbf16, vec>) -> !tile.tile<16x64xbf16, vec>
// CHECK: err-target.mlir:[[# @LINE - 1]]:8: error: convert-tile-to-pto: tile.part_add on a3: ptoas (v0.48) takes it for f32, f16, i16, i32 elements only, not bf16
  tile.store %r, %a[%c0, %c0] : !tile.tile<16x64xbf16, vec>, memref<16x64xbf16>
  func.return
}

// -----

// A2/A3 trowexpandmax takes no i8.
func.func @row_expand_max_i8(%a: memref<32x64xi8>, %b: memref<32x1xi8>) {
  %c0 = arith.constant 0 : index
  %x = tile.load %a[%c0, %c0] : memref<32x64xi8> -> !tile.tile<32x64xi8, vec>
  %v = tile.load %b[%c0, %c0] : memref<32x1xi8> -> !tile.tile<32x1xi8, vec>
  %r = tile.row_expand_max %x, %v : (!tile.tile<32x64xi8, vec>, !tile.tile<32x1xi8, vec>) -> !tile.tile<32x64xi8, vec>
// CHECK: err-target.mlir:[[# @LINE - 1]]:8: error: convert-tile-to-pto: tile.row_expand_max on a3: ptoas (v0.48) takes it for f32, f16, i16, i32 elements only, not i8
  tile.store %r, %a[%c0, %c0] : !tile.tile<32x64xi8, vec>, memref<32x64xi8>
  func.return
}

// -----

// A2/A3 texpands writes row-major tiles only: a column vector is refused.
func.func @expands_column(%a: memref<16x1xf32>, %s: f32) {
  %c0 = arith.constant 0 : index
  %v = tile.load %a[%c0, %c0] : memref<16x1xf32> -> !tile.tile<16x1xf32, vec>
  %f = tile.expands %v, %s : (!tile.tile<16x1xf32, vec>, f32) -> !tile.tile<16x1xf32, vec>
// CHECK: err-target.mlir:[[# @LINE - 1]]:8: error: convert-tile-to-pto: tile.expands on a3: ptoas (v0.48) writes its result row-major only on a3, and the result is col_major; fill a row-major tile (and reshape it) instead
  tile.store %f, %a[%c0, %c0] : !tile.tile<16x1xf32, vec>, memref<16x1xf32>
  func.return
}

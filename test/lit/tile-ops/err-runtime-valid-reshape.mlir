// RUN: not xdsl-opt -p 'pto-plan-memory{backend=a3},convert-tile-to-pto' %s 2>&1 | filecheck %s
// RUN: not xdsl-opt -p 'pto-plan-memory{backend=a3 planner=ptoas},convert-tile-to-pto' %s 2>&1 | filecheck %s

// A reshape keeps a runtime count of valid elements only when they are a
// leading run of the tile in row-major order on both sides; 16 rows of %n
// columns of a 16x64 tile are not.

// CHECK: {{^}}{{.*}}err-runtime-valid-reshape.mlir:[[# @LINE + 5]]:8: error: convert-tile-to-pto: tile.reshape of a runtime valid shape ('?') keeps its valid elements only when they are a leading run on both sides: one '?' axis, every axis before it of size 1, every other axis fully valid{{$}}
func.func @column_run(%a: memref<16x64xf32>, %o: memref<64x16xf32>, %n: index) {
  %c16 = arith.constant 16 : index
  %c0 = arith.constant 0 : index
  %x = tile.load %a[%c0, %c0] valid [%c16, %n] : memref<16x64xf32> -> !tile.tile<16x64xf32, vec, valid = 16x?>
  %y = tile.reshape %x : (!tile.tile<16x64xf32, vec, valid = 16x?>) -> !tile.tile<64x16xf32, vec, valid = ?x16>
  tile.store %y, %o[%c0, %c0] : !tile.tile<64x16xf32, vec, valid = ?x16>, memref<64x16xf32>
  func.return
}

// RUN: not xdsl-opt -p 'pto-plan-memory{backend=a3},convert-tile-to-pto' %s 2>&1 | filecheck %s

// A reshape of a strided slice of a tpop tile is refused, as it is for an
// on-chip tile (found by a fresh-user breaker).
// CHECK: {{^}}{{.*}}err-tpop-reshape-strided.mlir:[[# @LINE + 8]]:8: error: convert-tile-to-pto: tile.reshape of a strided view (its rows are not one run of bytes) is not supported; copy it with tile.move first{{$}}
func.func @pop_reshape_strided(%o: memref<32x16xf32>) {
  %pipe = arith.constant 0 : i32
  tile.aiv_initialize_pipe %pipe, %pipe {dir_mask = 3 : i64, slot_size = 1024 : i64}
  %c0 = arith.constant 0 : index
  %c32 = arith.constant 32 : index
  %p = tile.tpop_from_aic {split = 0 : i64} : !tile.tile<16x64xf32, vec>
  %v = tile.slice %p, %c0, %c32 : (!tile.tile<16x64xf32, vec>, index, index) -> !tile.tile<16x32xf32, vec>
  %r = tile.reshape %v : (!tile.tile<16x32xf32, vec>) -> !tile.tile<32x16xf32, vec>
  %e = tile.exp %r : (!tile.tile<32x16xf32, vec>) -> !tile.tile<32x16xf32, vec>
  tile.store %e, %o[%c0, %c0] : !tile.tile<32x16xf32, vec>, memref<32x16xf32>
  func.return
}

// RUN: not xdsl-opt -p 'pto-plan-memory{backend=a3},convert-tile-to-pto' %s 2>&1 | filecheck %s

// A view of a tpop tile that starts off a 32-byte boundary is refused, as
// it is for an on-chip tile (found by a fresh-user breaker).
// CHECK: {{^}}{{.*}}err-tpop-view-unaligned.mlir:[[# @LINE + 7]]:8: error: convert-tile-to-pto: this view starts at byte 12 of its tpop tile, not on a 32-byte boundary; PTO tiles start 32-byte aligned, so unaligned views are not supported{{$}}
func.func @pop_unaligned(%o: memref<16x8xf32>) {
  %pipe = arith.constant 0 : i32
  tile.aiv_initialize_pipe %pipe, %pipe {dir_mask = 3 : i64, slot_size = 16384 : i64}
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %p = tile.tpop_from_aic {split = 0 : i64} : !tile.tile<16x64xf32, vec>
  %v = tile.slice %p, %c0, %c3 : (!tile.tile<16x64xf32, vec>, index, index) -> !tile.tile<16x8xf32, vec>
  %e = tile.exp %v : (!tile.tile<16x8xf32, vec>) -> !tile.tile<16x8xf32, vec>
  tile.store %e, %o[%c0, %c0] : !tile.tile<16x8xf32, vec>, memref<16x8xf32>
  func.return
}

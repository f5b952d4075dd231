// RUN: not xdsl-opt -p 'pto-plan-memory{backend=a3}' %s 2>&1 | filecheck %s

// On a3 a tmp may not overlap a source it still reads -- also when both are
// one tpop's pipe storage (here the same popped value passed twice). (Found
// by a fresh-user breaker: only on-chip buffers were compared.)
// CHECK: {{^}}{{.*}}err-tpop-tmp-on-source.mlir:[[# @LINE + 7]]:8: error: memory-reuse: tile.rem writes its tmp %p while it still reads %p, and their bytes overlap in one tpop's pipe storage; on a3 they must be disjoint -- pass a tmp of its own{{$}}
func.func @rem_pipe_tmp_src(%b: memref<16x16xf32>, %o: memref<16x16xf32>, %s: f32) {
  %pipe = arith.constant 0 : i32
  tile.aiv_initialize_pipe %pipe, %pipe {dir_mask = 3 : i64, slot_size = 1024 : i64}
  %c0 = arith.constant 0 : index
  %y = tile.load %b[%c0, %c0] : memref<16x16xf32> -> !tile.tile<16x16xf32, vec>
  %p = tile.tpop_from_aic {split = 0 : i64} : !tile.tile<16x16xf32, vec>
  %r = tile.rem %p, %y, %p : (!tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec>) -> !tile.tile<16x16xf32, vec>
  %m = tile.cmps %r, %s {cmp_mode = "gt"} : (!tile.tile<16x16xf32, vec>, f32) -> !tile.tile<16x32xui8, vec>
  %q = tile.sels %m, %p, %p, %s : (!tile.tile<16x32xui8, vec>, !tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec>, f32) -> !tile.tile<16x16xf32, vec>
  tile.store %q, %o[%c0, %c0] : !tile.tile<16x16xf32, vec>, memref<16x16xf32>
  func.return
}

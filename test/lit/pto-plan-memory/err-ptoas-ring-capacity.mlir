// RUN: not xdsl-opt -p 'pto-plan-memory{backend=a3 planner=ptoas}' %s 2>&1 | filecheck %s
// RUN: not xdsl-opt -p 'pto-compile{backend=a3 planner=ptoas}' %s 2>&1 | filecheck %s

// Issue 26 (item 3): the ring "c2v" (8 slots of 24576 bytes = 196608) is
// more than the 188416 bytes of a3 vec. pypto and dsa_rp refuse it in
// allocate-memory-addr naming the ring's slot_num; planner=ptoas used to pass
// pto-plan-memory and be refused only by convert-tile-to-pto, with no word of
// slot_num. Now pto-plan-memory refuses it, at the reservation, with the
// ring's settings.
// CHECK: {{^}}{{.*}}err-ptoas-ring-capacity.mlir:[[# @LINE + 3]]:10: error: pto-plan-memory: function 'vec': vec buffer usage (196608 bytes) exceeds the a3 limit (188416 bytes); that count is the reserved cross-core window(s) "c2v" (196608 bytes, AUTO) (tile.reserve_buffer) alone; "c2v" (196608 bytes) is the ring of the cross-core pipe tile.aiv_initialize_pipe sets up (slot_num = 8, slot_size = 24576): lower that op's slot_num, the ring's slot count (and the reservation's size with it), to shrink it, or shrink the tile that crosses the cores (slot_size){{$}}
// CHECK-NOT: Traceback
func.func @vec(%out: memref<64x96xf32>, %gm: memref<1xf32>) attributes {tile.function_kind = "aiv"} {
  %c2v = tile.reserve_buffer "c2v" size 196608 in vec
  %none = arith.constant 0 : i32
  tile.aiv_initialize_pipe %c2v, %none gm_slot_buffer(%gm : memref<1xf32>) {dir_mask = 1 : i64, slot_size = 24576 : i64, slot_num = 8 : i64}
  %c0 = arith.constant 0 : index
  %p = tile.tpop_from_aic {split = 0 : i64} : !tile.tile<64x96xf32, vec>
  tile.store %p, %out[%c0, %c0] : !tile.tile<64x96xf32, vec>, memref<64x96xf32>
  tile.tfree_to_aic %p {split = 0 : i64} : !tile.tile<64x96xf32, vec>
  func.return
}

// RUN: not xdsl-opt -p 'pto-plan-memory{backend=a3}' %s 2>&1 | filecheck %s --check-prefix=PYPTO
// RUN: not xdsl-opt -p 'pto-plan-memory{backend=a3 planner=dsa_rp}' %s 2>&1 | filecheck %s --check-prefix=DSA
// RUN: not xdsl-opt -p 'pto-plan-memory{backend=a3 planner=ptoas}' %s 2>&1 | filecheck %s --check-prefix=PTOAS

// A capacity overflow in a space that holds a cross-core pipe ring names the
// ring and the setting that shrinks it (pypto-docs/34, "Capacity
// verification"): the ring "c2v" is what aiv_initialize_pipe consumes, 8
// slots (slot_num) of 16384 bytes = 131072 of the 188416 a3 vec bytes, which
// leaves too little for the two 32 KiB tiles live together. Lowering slot_num
// to 2 would leave room. A reservation that is no pipe's ring gets its bytes
// named but no setting (reserved-capacity.mlir).
// PYPTO: {{^}}{{.*}}ring-capacity.mlir:[[# @LINE + 9]]:8: error: allocate-memory-addr: function 'vec': vec buffer usage (196608 bytes) exceeds the a3 limit (188416 bytes); that count includes the 131072 bytes below the reserved cross-core window(s) "c2v" [0, 131072) (tile.reserve_buffer), above which every vec tile is placed; at this tile.load 65536 bytes of vec tiles are live together: %a (32768 bytes), %b (32768 bytes); they alone are past the 57344 bytes for tiles: shrink these tiles (or split the work into smaller ones); "c2v" (131072 bytes) is the ring of the cross-core pipe tile.aiv_initialize_pipe sets up (slot_num = 8, slot_size = 16384): lower that op's slot_num, the ring's slot count (and the reservation's size with it), to shrink it, or shrink the tile that crosses the cores (slot_size){{$}}
// DSA: {{^}}{{.*}}ring-capacity.mlir:[[# @LINE + 8]]:8: error: allocate-memory-addr: function 'vec': planner=dsa_rp cannot place the 3 vec buffers within the a3 capacity (188416 bytes), of which the first 131072 bytes are reserved for cross-core ring buffers (tile.reserve_buffer), leaving 57344 bytes for tiles: 65536 bytes are live at one point (LOAD), so no placement exists; at this tile.load 65536 bytes of vec tiles are live together: %a (32768 bytes), %b (32768 bytes); they alone are past the 57344 bytes for tiles: shrink these tiles (or split the work into smaller ones); "c2v" (131072 bytes) is the ring of the cross-core pipe tile.aiv_initialize_pipe sets up (slot_num = 8, slot_size = 16384): lower that op's slot_num, the ring's slot count (and the reservation's size with it), to shrink it, or shrink the tile that crosses the cores (slot_size){{$}}
// PTOAS: {{^}}{{.*}}ring-capacity.mlir:[[# @LINE + 7]]:8: error: pto-plan-memory: planner=ptoas: in 'vec' the vec tiles live at this op need 65536 bytes even where results take the bytes of operands read for the last time, over the a3 vec capacity for tiles (57344 bytes): no placement fits them; "c2v" (131072 bytes) is the ring of the cross-core pipe tile.aiv_initialize_pipe sets up (slot_num = 8, slot_size = 16384): lower that op's slot_num, the ring's slot count (and the reservation's size with it), to shrink it, or shrink the tile that crosses the cores (slot_size){{$}}
func.func @vec(%in: memref<128x64xf32>, %gm: memref<1xf32>) attributes {tile.function_kind = "aiv"} {
  %c2v = tile.reserve_buffer "c2v" size 131072 in vec
  %none = arith.constant 0 : i32
  tile.aiv_initialize_pipe %c2v, %none gm_slot_buffer(%gm : memref<1xf32>) {dir_mask = 1 : i64, slot_size = 16384 : i64, slot_num = 8 : i64}
  %c0 = arith.constant 0 : index
  %a = tile.load %in[%c0, %c0] : memref<128x64xf32> -> !tile.tile<128x64xf32, vec>
  %b = tile.load %in[%c0, %c0] : memref<128x64xf32> -> !tile.tile<128x64xf32, vec>
  %c = tile.add %a, %b : (!tile.tile<128x64xf32, vec>, !tile.tile<128x64xf32, vec>) -> !tile.tile<128x64xf32, vec>
  tile.store %c, %in[%c0, %c0] : !tile.tile<128x64xf32, vec>, memref<128x64xf32>
  func.return
}

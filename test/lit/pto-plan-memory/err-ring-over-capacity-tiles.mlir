// RUN: not xdsl-opt -p 'pto-plan-memory{backend=a3 planner=ptoas}' %s 2>&1 | filecheck %s --check-prefix=PTOAS
// RUN: not xdsl-opt -p 'pto-plan-memory{backend=a3 planner=dsa_rp}' %s 2>&1 | filecheck %s --check-prefix=DSA

// Issue 26 (item 3), second form: the ring "c2v" at 0 is over the a3 vec
// capacity by itself, and two 32 KiB tiles are live too. planner=ptoas used
// to report "capacity for tiles (-8192 bytes)", dsa_rp "the first 196608
// bytes [of 188416] are reserved ... leaving 0 bytes": both now say the
// reserved windows alone are past the capacity, and name the ring's slot_num.
// PTOAS: {{^}}{{.*}}err-ring-over-capacity-tiles.mlir:[[# @LINE + 5]]:10: error: pto-plan-memory: function 'vec': vec buffer usage (196608 bytes) exceeds the a3 limit (188416 bytes); that count is the reserved cross-core window(s) "c2v" [0, 196608) (tile.reserve_buffer) alone; "c2v" (196608 bytes) is the ring of the cross-core pipe tile.aiv_initialize_pipe sets up (slot_num = 8, slot_size = 24576): lower that op's slot_num, the ring's slot count (and the reservation's size with it), to shrink it, or shrink the tile that crosses the cores (slot_size){{$}}
// DSA: {{^}}{{.*}}err-ring-over-capacity-tiles.mlir:[[# @LINE + 3]]:1: error: allocate-memory-addr: function 'vec': planner=dsa_rp cannot place the 3 vec buffers within the a3 capacity (188416 bytes): the reserved cross-core ring buffers (tile.reserve_buffer) alone end at 196608 bytes, past the capacity, leaving no bytes for tiles: 65536 bytes are live at one point (LOAD), so no placement exists; "c2v" (196608 bytes) is the ring of the cross-core pipe tile.aiv_initialize_pipe sets up (slot_num = 8, slot_size = 24576): lower that op's slot_num, the ring's slot count (and the reservation's size with it), to shrink it, or shrink the tile that crosses the cores (slot_size){{$}}
// PTOAS-NOT: Traceback
// DSA-NOT: Traceback
func.func @vec(%in: memref<128x64xf32>, %gm: memref<1xf32>) attributes {tile.function_kind = "aiv"} {
  %c2v = tile.reserve_buffer "c2v" size 196608 in vec at 0
  %none = arith.constant 0 : i32
  tile.aiv_initialize_pipe %c2v, %none gm_slot_buffer(%gm : memref<1xf32>) {dir_mask = 1 : i64, slot_size = 24576 : i64, slot_num = 8 : i64}
  %c0 = arith.constant 0 : index
  %a = tile.load %in[%c0, %c0] : memref<128x64xf32> -> !tile.tile<128x64xf32, vec>
  %b = tile.load %in[%c0, %c0] : memref<128x64xf32> -> !tile.tile<128x64xf32, vec>
  %c = tile.add %a, %b : (!tile.tile<128x64xf32, vec>, !tile.tile<128x64xf32, vec>) -> !tile.tile<128x64xf32, vec>
  tile.store %c, %in[%c0, %c0] : !tile.tile<128x64xf32, vec>, memref<128x64xf32>
  func.return
}

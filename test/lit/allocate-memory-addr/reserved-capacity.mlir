// RUN: not xdsl-opt -p 'init-memref,allocate-memory-addr{backend=a3}' %s 2> %t.pypto
// RUN: filecheck %s --check-prefix=PYPTO < %t.pypto
// RUN: not xdsl-opt -p 'init-memref,allocate-memory-addr{backend=a3 planner=dsa_rp}' %s 2> %t.dsa
// RUN: filecheck %s --check-prefix=DSA < %t.dsa

// A 184000-byte ring (AUTO, so at 0) leaves 4416 of the 188416 A2/A3 vec
// bytes; one 4096-byte tile would fit above it, but this kernel has three roots
// (no memory-reuse ran) and two of them are live together.
// The capacity check counts the floor, and the error says so.
// PYPTO: error: allocate-memory-addr: function 'k': vec buffer usage (196288 bytes) exceeds the a3 limit (188416 bytes); that count includes the 184000 bytes below the reserved cross-core window(s) "ring" [0, 184000) (tile.reserve_buffer), above which every vec tile is placed
// DSA: error: allocate-memory-addr: function 'k': planner=dsa_rp cannot place the 3 vec buffers within the a3 capacity (188416 bytes), of which the first 184000 bytes are reserved for cross-core ring buffers (tile.reserve_buffer), leaving 4416 bytes for tiles: 8192 bytes are live at one point (LOAD), so no placement exists
func.func @k(%in: memref<32x32xf32>, %out: memref<32x32xf32>) {
  %ring = tile.reserve_buffer "ring" size 184000 in vec
  %c0 = arith.constant 0 : index
  %a = tile.load %in[%c0, %c0] : memref<32x32xf32> -> !tile.tile<32x32xf32, vec>
  %b = tile.load %out[%c0, %c0] : memref<32x32xf32> -> !tile.tile<32x32xf32, vec>
  %c = tile.add %a, %b : (!tile.tile<32x32xf32, vec>, !tile.tile<32x32xf32, vec>) -> !tile.tile<32x32xf32, vec>
  tile.store %c, %out[%c0, %c0] : !tile.tile<32x32xf32, vec>, memref<32x32xf32>
  func.return
}

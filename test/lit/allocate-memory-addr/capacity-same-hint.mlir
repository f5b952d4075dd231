// RUN: not xdsl-opt -p 'pto-plan-memory{backend=a3}' %s 2>&1 | filecheck %s --check-prefix=PYPTO
// RUN: not xdsl-opt -p 'pto-plan-memory{backend=a3 planner=dsa_rp}' %s 2>&1 | filecheck %s --check-prefix=DSA

// Two tiles named %t and %t_1: the parser keeps both as the hint "t" (xDSL
// strips a _N suffix, its printer adds one back), and a capacity error named
// them "%t (...), %t (...)" (breaker 2, DETAILS 6b). Each is named as the
// text prints it.
// PYPTO: {{^}}{{.*}}capacity-same-hint.mlir:[[# @LINE + 5]]:10: error: allocate-memory-addr: function 'k': vec buffer usage (196608 bytes) exceeds the a3 limit (188416 bytes); at this tile.load 196608 bytes of vec tiles are live together: %t (98304 bytes), %t_1 (98304 bytes); they alone are past the 188416 bytes for tiles: shrink these tiles (or split the work into smaller ones){{$}}
// DSA: {{^}}{{.*}}capacity-same-hint.mlir:[[# @LINE + 4]]:10: error: allocate-memory-addr: function 'k': planner=dsa_rp cannot place the 3 vec buffers within the a3 capacity (188416 bytes): 196608 bytes are live at one point (LOAD), so no placement exists; at this tile.load 196608 bytes of vec tiles are live together: %t (98304 bytes), %t_1 (98304 bytes); they alone are past {{.*}}
func.func @k(%x: memref<96x256xf32>, %y: memref<96x256xf32>, %out: memref<96x256xf32>) {
  %c0 = arith.constant 0 : index
  %t = tile.load %x[%c0, %c0] : memref<96x256xf32> -> !tile.tile<96x256xf32, vec>
  %t_1 = tile.load %y[%c0, %c0] : memref<96x256xf32> -> !tile.tile<96x256xf32, vec>
  %s = tile.add %t, %t_1 : (!tile.tile<96x256xf32, vec>, !tile.tile<96x256xf32, vec>) -> !tile.tile<96x256xf32, vec>
  tile.store %s, %out[%c0, %c0] : !tile.tile<96x256xf32, vec>, memref<96x256xf32>
  func.return
}

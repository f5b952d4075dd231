// RUN: xdsl-opt -p 'pto-plan-memory{backend=a3 planner=ptoas},convert-tile-to-pto' --split-input-file --verify-diagnostics %s | filecheck %s --check-prefixes=CHECK,PLAN
// RUN: xdsl-opt -p 'convert-tile-to-pto{backend=a3 planner=ptoas}' --split-input-file --verify-diagnostics %s | filecheck %s --check-prefixes=CHECK,LOWER

// Under planner=ptoas allocate-memory-addr does not run, so
// pto-plan-memory refuses what it would (issue 26: before the lowering, and
// naming a pipe ring's slot_num, err-ptoas-ring-capacity.mlir), and
// convert-tile-to-pto again for a module that reaches it without that
// planning: explicitly based reservations of one space that overlap (its
// wording), and reservations of a space larger than the target's capacity
// (A2/A3: vec 188416, mat 524288 bytes), and -- these checks first -- an
// explicit base at all: ptoas v0.48's PlanMemory refuses `auto = false`
// (found by a fresh-user breaker). Automatic windows that fill a space
// exactly are accepted.

// CHECK-LABEL: func.func @filling
// CHECK-NEXT:    %a = pto.reserve_buffer {name = "a", size = 4096, location = #pto.address_space<vec>, auto = true} -> i32
// CHECK-NEXT:    %b = pto.reserve_buffer {name = "b", size = 184320, location = #pto.address_space<vec>, auto = true} -> i32
func.func @filling() {
  %a = tile.reserve_buffer "a" size 4096 in vec
  %b = tile.reserve_buffer "b" size 184320 in vec
  func.return
}

// -----

func.func @explicit() {
  %a = tile.reserve_buffer "a" size 4096 in vec at 0
// PLAN: ptoas-reservations.mlir:[[# @LINE - 1]]:8: error: pto-plan-memory: the reservation "a" has an explicit base (0), which ptoas's PlanMemory does not take under planner=ptoas: drop its 'at 0' to let ptoas place it, or plan with planner=pypto or planner=dsa_rp
// LOWER: ptoas-reservations.mlir:[[# @LINE - 2]]:8: error: convert-tile-to-pto: the reservation "a" has an explicit base (0), which ptoas's PlanMemory does not take under planner=ptoas: drop its 'at 0' to let ptoas place it, or plan with planner=pypto or planner=dsa_rp
  func.return
}

// -----

func.func @overlap() {
  %a = tile.reserve_buffer "a" size 65536 in vec at 0
  %b = tile.reserve_buffer "b" size 32768 in vec at 32768
// PLAN: ptoas-reservations.mlir:[[# @LINE - 1]]:8: error: pto-plan-memory: the reserved vec windows "a" [0, 65536) and "b" [32768, 65536) overlap
// LOWER: ptoas-reservations.mlir:[[# @LINE - 2]]:8: error: convert-tile-to-pto: the reserved vec windows "a" [0, 65536) and "b" [32768, 65536) overlap
  func.return
}

// -----

func.func @too_large() {
  %a = tile.reserve_buffer "a" size 1048576 in mat
// PLAN: ptoas-reservations.mlir:[[# @LINE - 1]]:8: error: pto-plan-memory: function 'too_large': mat buffer usage (1048576 bytes) exceeds the a3 limit (524288 bytes); that count is the reserved cross-core window(s) "a" (1048576 bytes, AUTO) (tile.reserve_buffer) alone
// LOWER: ptoas-reservations.mlir:[[# @LINE - 2]]:8: error: convert-tile-to-pto: function 'too_large': mat buffer usage (1048576 bytes) exceeds the a3 limit (524288 bytes); that count is the reserved cross-core window(s) "a" (1048576 bytes, AUTO) (tile.reserve_buffer) alone
  func.return
}

// -----

// Each fits alone; together they do not.
func.func @together_too_large() {
  %a = tile.reserve_buffer "a" size 131072 in vec
  %b = tile.reserve_buffer "b" size 65536 in vec at 131072
// PLAN: ptoas-reservations.mlir:[[# @LINE - 1]]:8: error: pto-plan-memory: function 'together_too_large': vec buffer usage (196608 bytes) exceeds the a3 limit (188416 bytes); that count is the reserved cross-core window(s) "a" (131072 bytes, AUTO), "b" [131072, 196608) (tile.reserve_buffer) alone
// LOWER: ptoas-reservations.mlir:[[# @LINE - 2]]:8: error: convert-tile-to-pto: function 'together_too_large': vec buffer usage (196608 bytes) exceeds the a3 limit (188416 bytes); that count is the reserved cross-core window(s) "a" (131072 bytes, AUTO), "b" [131072, 196608) (tile.reserve_buffer) alone
  func.return
}

// RUN: xdsl-opt -p 'pto-plan-memory{backend=a3},convert-tile-to-pto' %s | filecheck %s --check-prefix=CHECK
// RUN: xdsl-opt -p 'pto-plan-memory{backend=a3 planner=dsa_rp},convert-tile-to-pto' %s | filecheck %s --check-prefix=CHECK
// RUN: not xdsl-opt -p 'pto-plan-memory{backend=a3 planner=ptoas}' %s 2>&1 | filecheck %s --check-prefix=PTOAS

// An automatic reserved window (no `at`) where it would overlap an explicit
// one is placed around it, where the reference refuses the kernel (README,
// "Where we differ"): an AUTO window promises no address, so the lowest
// 32-byte-aligned base clear of the explicit windows is as good as any, and
// the explicit one keeps the address its author gave. "gap" (2048 bytes)
// fits below "fixed" [4096, 8192) at 0; "ring" (8192 bytes) does not fit
// there and goes above it, at 8192; the tile goes above both, at 16384.
// Two explicit windows that overlap are still refused: neither may move
// (convert-tile-to-pto/ptoas-reservations.mlir, verify-memory-plan/err-reserved-overlap.mlir).
// Under planner=ptoas an explicit base is refused at planning (third RUN):
// ptoas v0.48 at level 2 takes no explicitly based window at all (found by a
// fresh-user breaker: the module compiled, then ptoas refused it).

// PTOAS: reserved-auto-around-explicit.mlir:26:12: error: pto-plan-memory: the reservation "fixed" has an explicit base (4096), which ptoas's PlanMemory does not take under planner=ptoas: drop its 'at 4096' to let ptoas place it, or plan with planner=pypto or planner=dsa_rp

// CHECK-LABEL: func.func @k(
// CHECK:         %t = pto.alloc_tile addr = %c16384_i64
// CHECK:         %fixed = pto.reserve_buffer {name = "fixed", size = 4096, location = #pto.address_space<vec>, auto = false, base = 4096} -> i32
// CHECK-NEXT:    %ring = pto.reserve_buffer {name = "ring", size = 8192, location = #pto.address_space<vec>, auto = false, base = 8192} -> i32
// CHECK-NEXT:    %gap = pto.reserve_buffer {name = "gap", size = 2048, location = #pto.address_space<vec>, auto = false, base = 0} -> i32
func.func @k(%in: memref<32x32xf32>, %out: memref<32x32xf32>) attributes {tile.function_kind = "aiv"} {
  %fixed = tile.reserve_buffer "fixed" size 4096 in vec at 4096
  %ring = tile.reserve_buffer "ring" size 8192 in vec
  %gap = tile.reserve_buffer "gap" size 2048 in vec
  %c0 = arith.constant 0 : index
  %t = tile.load %in[%c0, %c0] : memref<32x32xf32> -> !tile.tile<32x32xf32, vec>
  tile.store %t, %out[%c0, %c0] : !tile.tile<32x32xf32, vec>, memref<32x32xf32>
  func.return
}

// RUN: xdsl-pto import-pypto %S/Inputs/declared_pipeline.py | filecheck %s
// RUN: xdsl-pto import-pypto %S/Inputs/declared_pipeline.py | xdsl-opt -p 'pto-plan-memory{backend=a3}' 2>/dev/null | filecheck %s --check-prefix=PLAN

// A hand-written dump (Inputs/declared_pipeline.py): declared allocations
// (pl.MemRef() bound to a variable, pl.MemRef("buf", slots=2) picked by a
// constant and by `i % 2` on the loop index), a pl.pipeline loop with a tile
// carry, an if with yields, index arithmetic and a float scalar operand.
// Stdout is the module, so nothing is written on error: the output goes to
// the module only once it verified.

// CHECK:      func.func @kernel(%a: memref<256x64xf32>, %out: memref<256x64xf32> {tile.out}) attributes {tile.function_kind = "aiv"} {
// CHECK:      %cst = arith.constant 2.000000e+00 : f32
// CHECK:      %t0 = tile.load %a[%c0, %c0] : memref<256x64xf32> -> !tile.tile<64x64xf32, vec, alloc = <@ping>>
// CHECK-NEXT: %t1 = tile.exp %t0 : (!tile.tile<64x64xf32, vec, alloc = <@ping>>) -> !tile.tile<64x64xf32, vec, alloc = <@buf, slots = 2, slot = 1>>
// CHECK-NEXT: %t2 = tile.exp %t1
// CHECK-NEXT: %nxt = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %t2) -> (!tile.tile<64x64xf32, vec>) {
// CHECK-NEXT:   %0 = arith.floordivsi %i, %c2 : index
// CHECK-NEXT:   %1 = arith.muli %0, %c64 : index
// CHECK-NEXT:   %2 = arith.floordivsi %i, %c2 : index
// CHECK-NEXT:   %3 = arith.muli %2, %c2 : index
// CHECK-NEXT:   %4 = arith.subi %i, %3 : index
// CHECK-NEXT:   %row = arith.addi %1, %4 : index
// CHECK-NEXT:   %x = tile.load %a[%row, %c0] : memref<256x64xf32> -> !tile.tile<64x64xf32, vec, alloc = <@buf, slots = 2, slot = iv>>
// CHECK-NEXT:   %5 = arith.cmpi slt, %i, %c2 : index
// CHECK-NEXT:   %z = scf.if %5 -> (!tile.tile<64x64xf32, vec>) {
// CHECK-NEXT:     %y = tile.add %acc, %x
// CHECK-NEXT:     scf.yield %y : !tile.tile<64x64xf32, vec>
// CHECK-NEXT:   } else {
// CHECK-NEXT:     %w = tile.muls %x, %cst : (!tile.tile<64x64xf32, vec, alloc = <@buf, slots = 2, slot = iv>>, f32) -> !tile.tile<64x64xf32, vec>
// CHECK-NEXT:     scf.yield %w : !tile.tile<64x64xf32, vec>
// CHECK-NEXT:   }
// CHECK-NEXT:   scf.yield %z : !tile.tile<64x64xf32, vec>
// CHECK-NEXT: } {tile.pipeline_stages = 2 : i64}
// CHECK-NEXT: tile.store %nxt, %out[%c0, %c0] : !tile.tile<64x64xf32, vec>, memref<256x64xf32>
// CHECK-NEXT: func.return

// PLAN:      tile.alloc @ping in vec size 16384 pinned addr 49152
// PLAN-NEXT: tile.alloc @buf in vec size 32768 slots 2 pinned addr 0
// PLAN-NEXT: tile.alloc @mem_vec_0 in vec size 16384 addr 32768

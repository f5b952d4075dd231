// RUN: xdsl-pto import-pypto %S/Inputs/loop_kinds.py -o %t.mlir
// RUN: filecheck %s --check-prefix=IMPORT < %t.mlir
// RUN: xdsl-pto run %t.mlir --pipeline 'pto-plan-memory{backend=a3}' | filecheck %s --check-prefix=EXEC
// RUN: not xdsl-pto import-pypto %S/Inputs/err_loop_iterator.py 2>&1 | filecheck %s --check-prefix=ERR

// pl.parallel and pl.unroll (reference/tile-op-semantics.md, "Loops") are
// planned as ordinary sequential loops: scf.for, with their carries.

// IMPORT:      scf.for %i__idx_v0 = %c0 to %c4 step %c1 {
// IMPORT-NEXT:   %0 = arith.muli %i__idx_v0, %c16 : index
// IMPORT-NEXT:   %t__tile = tile.load %x[%0, %c0] : memref<64x64xf32> -> !tile.tile<16x64xf32, vec>
// IMPORT:      %acc__rv_v2 = scf.for %j__idx_v0 = %c0 to %c4 step %c1 iter_args(%acc__iter_v1 = %acc__tile) -> (!tile.tile<16x64xf32, vec>) {
// IMPORT:        %acc__tile_1 = tile.add %acc__iter_v1, %u__tile : (!tile.tile<16x64xf32, vec>, !tile.tile<16x64xf32, vec>) -> !tile.tile<16x64xf32, vec>
// IMPORT-NEXT:   scf.yield %acc__tile_1 : !tile.tile<16x64xf32, vec>

// EXEC: logical and physical runs agree (seed 0)

// ERR: err_loop_iterator.py:3:14: error: unsupported loop iterator 'range(4)' (expected pl.range, pl.parallel, pl.unroll or pl.pipeline)

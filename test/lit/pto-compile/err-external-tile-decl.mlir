// RUN: not xdsl-opt -p 'pto-compile{backend=a3}' %s 2>&1 | filecheck %s
// RUN: not xdsl-opt -p 'convert-tile-to-pto{backend=a3}' %s 2>&1 | filecheck %s --check-prefix=LOWER

// A declaration of a tile is refused at it (err-external-calls.mlir).

func.func private @take(!tile.tile<64x64xf32, vec>)
// CHECK: err-external-tile-decl.mlir:6:1: error: pto-plan-memory: the declaration @take takes or returns a tile; a tile lives in one kernel's on-chip memory and is passed to no other function
// LOWER: err-external-tile-decl.mlir:6:1: error: convert-tile-to-pto: the declaration @take takes or returns a tile; a tile lives in one kernel's on-chip memory and is passed to no other function

// A declared allocation holding an Acc tile is sized by the tile's L0C
// footprint too (its rows padded: 32 for i32 on A2/A3, 16 on A5), like any
// Acc root -- else the planner's own plan fails verify-memory-plan's
// footprint check (found in review: only fresh roots were padded).
// RUN: xdsl-opt -p 'pto-plan-memory{backend=a3 verify=true}' %s | filecheck %s --check-prefix=A3
// RUN: xdsl-opt -p 'init-memref{backend=a5}' %s | filecheck %s --check-prefix=A5
// A3: tile.alloc @l0c in acc size 65536 pinned addr 0
// A5: tile.alloc @l0c in acc size 32768 pinned
func.func @k(%c: memref<16x512xi32>) {
  %c0 = arith.constant 0 : index
  %i = tile.create : !tile.tile<16x512xi32, acc, alloc = <@l0c>>
  tile.store %i, %c[%c0, %c0] : !tile.tile<16x512xi32, acc, alloc = <@l0c>>, memref<16x512xi32>
  func.return
}

// Declared allocations in the validator: nothing else may share a byte of a
// pinned root, even a value dead by then (isolation, seed 001 "Declared
// allocations"); a window on a slotted root stays inside the slot it names.
// RUN: not xdsl-opt -p verify-memory-plan %s 2>&1 | filecheck %s
// RUN: sed -e 's/addr 16384$/addr 32768/' -e 's/offset = 16384, size = 16384, slot = 1/offset = 8192, size = 16384, slot = 1/' %s | not xdsl-opt -p verify-memory-plan 2>&1 | filecheck %s --check-prefix=SLOT
// RUN: sed -e 's/addr 16384$/addr 32768/' %s | xdsl-opt -p verify-memory-plan | filecheck %s --check-prefix=OK

// CHECK: err-declared.mlir:[[# @LINE + 5]]:3: error: verify-memory-plan: @mem_vec_0 [16384, 32768) overlaps the declared allocation @ping [0, 32768) in vec; nothing else may share a declared allocation
// SLOT: {{^}}<stdin>:[[# @LINE + 8]]:8: error: verify-memory-plan: %q occupies [8192, 24576) of @ping, outside its slot 1 ([16384, 32768) of 2 slots)
// OK: tile.alloc @mem_vec_0 in vec size 16384 addr 32768
func.func @k(%in: memref<64x64xf32>, %out: memref<64x64xf32>) {
  tile.alloc @ping in vec size 32768 slots 2 pinned addr 0
  tile.alloc @mem_vec_0 in vec size 16384 addr 16384
  %c0 = arith.constant 0 : index
  %p = tile.load %in[%c0, %c0] : memref<64x64xf32> -> !tile.tile<64x64xf32, vec, memref = <@ping, offset = 0, size = 16384, slot = 0>>
  tile.store %p, %out[%c0, %c0] : !tile.tile<64x64xf32, vec, memref = <@ping, offset = 0, size = 16384, slot = 0>>, memref<64x64xf32>
  %q = tile.load %in[%c0, %c0] : memref<64x64xf32> -> !tile.tile<64x64xf32, vec, memref = <@ping, offset = 16384, size = 16384, slot = 1>>
  tile.store %q, %out[%c0, %c0] : !tile.tile<64x64xf32, vec, memref = <@ping, offset = 16384, size = 16384, slot = 1>>, memref<64x64xf32>
  %u = tile.exp %q : (!tile.tile<64x64xf32, vec, memref = <@ping, offset = 16384, size = 16384, slot = 1>>) -> !tile.tile<64x64xf32, vec, memref = <@mem_vec_0, offset = 0, size = 16384>>
  tile.store %u, %out[%c0, %c0] : !tile.tile<64x64xf32, vec, memref = <@mem_vec_0, offset = 0, size = 16384>>, memref<64x64xf32>
  func.return
}

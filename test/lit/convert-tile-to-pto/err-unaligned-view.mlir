// RUN: xdsl-opt -p 'pto-plan-memory{backend=a3}' %s | not xdsl-opt -p convert-tile-to-pto 2>&1 | filecheck %s

// Rows 13..20 of a 32x1 i32 column start 52 bytes into its buffer: no PTO
// tile can start there (tile addresses are 32-byte aligned), so the lowering
// refuses the view instead of emitting an unaligned pto.alloc_tile. (Found by
// the fuzzer: the lowered module failed `xdsl-pto validate`.)
// CHECK: {{.*}}stdin{{.*}}:7:10: error: convert-tile-to-pto: this view starts at byte 52 of vec, not on a 32-byte boundary; PTO tiles start 32-byte aligned, so unaligned views are not supported
func.func @k(%in: memref<32x1xi32>, %out: memref<8x1xi32>) {
  %c0 = arith.constant 0 : index
  %c13 = arith.constant 13 : index
  %x = tile.load %in[%c0, %c0] : memref<32x1xi32> -> !tile.tile<32x1xi32, vec>
  %v = tile.slice %x, %c13, %c0 : (!tile.tile<32x1xi32, vec>, index, index) -> !tile.tile<8x1xi32, vec>
  tile.store %v, %out[%c0, %c0] : !tile.tile<8x1xi32, vec>, memref<8x1xi32>
  func.return
}

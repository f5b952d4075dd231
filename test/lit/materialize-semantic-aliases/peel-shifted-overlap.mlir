// A peel whose seed arm writes its result over a shifted window of the
// continuation's root: after the move %a would start 256 bytes inside its
// operand %v (an op reads each element before writing the one at the same
// index, so a result may share its operand's start, never begin inside it).
// The peel is refused and the if gets a root of its own (found by the
// matmuls fuzz preset, seed 7152 on a5; the plan failed validation).
// RUN: xdsl-opt -p 'pto-plan-memory{backend=a3}' %s | xdsl-pto validate - | filecheck %s
// RUN: xdsl-opt -p 'pto-plan-memory{backend=a3 planner=ptoas}' %s | xdsl-pto validate - | filecheck %s
// RUN: xdsl-pto run %s | filecheck %s --check-prefix=DIFF
// CHECK: <stdin>: plan valid: @peel_overlap (6 tile values)
// DIFF: {{.*}}peel-shifted-overlap.mlir: logical and physical runs agree (seed 0)
func.func @peel_overlap(%in: memref<64x8xf32>, %out: memref<32x8xf32>, %p: i1) {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %x = tile.load %in[%c0, %c0] : memref<64x8xf32> -> !tile.tile<64x8xf32, vec>
  %v = tile.slice %x, %c8, %c0 : (!tile.tile<64x8xf32, vec>, index, index) -> !tile.tile<32x8xf32, vec>
  %r = scf.if %p -> (!tile.tile<32x8xf32, vec>) {
    %a = tile.abs %v : (!tile.tile<32x8xf32, vec>) -> !tile.tile<32x8xf32, vec>
    scf.yield %a : !tile.tile<32x8xf32, vec>
  } else {
    %w = tile.slice %x, %c16, %c0 : (!tile.tile<64x8xf32, vec>, index, index) -> !tile.tile<32x8xf32, vec>
    scf.yield %w : !tile.tile<32x8xf32, vec>
  }
  tile.store %r, %out[%c0, %c0] : !tile.tile<32x8xf32, vec>, memref<32x8xf32>
  func.return
}

// An in-place op (tile.write: rw(0)) on a loop carry that holds the popped
// tile on the first iteration and a loaded one afterwards: on a2/a3 split
// vector kernels the Ascend910 load + tpop hazard keeps the result of an op
// that reads a tpop value off its load-derived operands' bytes, and an
// in-place result is its operand's bytes -- no placement exists (found by the
// fuzz campaign, targets preset, seed 44). A copy inside the loop does not
// help: the copy holds both kinds too. On a5 the hazard does not bind.
// RUN: not xdsl-opt -p 'pto-plan-memory{backend=a3}' %s 2>&1 | filecheck %s
// RUN: xdsl-opt -p 'pto-plan-memory{backend=a5 verify=true}' %s | filecheck %s --check-prefix=A5
// CHECK: {{^}}{{.*}}err-inplace-tpop-and-load.mlir:[[# @LINE + 13]]:10: error: memory-reuse: tile.write computes in place on %acc, which holds a tpop value and a load-derived one (e.g. a loop carry of both): not supported where the Ascend910 load + tpop hazard binds (a2/a3 split vector kernels); let one value hold data of one kind only (a pop or a load, not both){{$}}
// A5: %w = tile.write %acc, %i, %c0, %e : (!tile.tile<16x1xf32, vec, memref = <@mem_vec_1, offset = 0, size = 64>>, index, index, f32) -> !tile.tile<16x1xf32, vec, memref = <@mem_vec_1, offset = 0, size = 64>>
// A5-NEXT: %1 = tile.move %x {carry} : (!tile.tile<16x1xf32, vec, memref = <@mem_vec_0, offset = 0, size = 64>>) -> !tile.tile<16x1xf32, vec, memref = <@mem_vec_1, offset = 0, size = 64>>
func.func @carry_both(%in: memref<16x1xf32>) attributes {tile.split_mode = 1 : i64} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c7 = arith.constant 7 : index
  %buf = arith.constant 0 : i32
  tile.aiv_initialize_pipe %buf, %buf {dir_mask = 3 : i64, slot_size = 1024 : i64}
  %x = tile.load %in[%c0, %c0] : memref<16x1xf32> -> !tile.tile<16x1xf32, vec>
  %p = tile.tpop_from_aic {split = 1 : i64} : !tile.tile<16x1xf32, vec>
  %r = scf.for %i = %c0 to %c1 step %c1 iter_args(%acc = %p) -> (!tile.tile<16x1xf32, vec>) {
    %e = tile.read %x, %c7, %c0 : (!tile.tile<16x1xf32, vec>, index, index) -> f32
    %w = tile.write %acc, %i, %c0, %e : (!tile.tile<16x1xf32, vec>, index, index, f32) -> !tile.tile<16x1xf32, vec>
    scf.yield %x : !tile.tile<16x1xf32, vec>
  }
  func.return
}

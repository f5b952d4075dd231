// RUN: not xdsl-pto validate %s 2>&1 | filecheck %s
// RUN: not xdsl-pto run %s 2>&1 | filecheck %s --check-prefix=EXEC

// The yielded %s is written into the carried buffer while the iter_arg %a
// is still read (by the store after it): the two are different data on one
// buffer, so their lifetimes must not overlap. (Found by a fresh-user
// breaker: the validator used to treat the yielded value as %a's data.)
// CHECK: {{^}}{{.*}}err-carry-written-early.mlir:19:12: error: verify-memory-plan: %a [0, 1024) and %s [0, 1024) overlap in vec and are both live where %s is defined{{$}}
// EXEC: {{.*}}err-carry-written-early.mlir: error: @carry_written_early: %o1[0, 0] expected 5.637975 got 280.8934; the stored bytes were last written by tile.exp (%s) at {{.*}}err-carry-written-early.mlir:19:12
!V0 = !tile.tile<16x16xf32, vec, memref = <@mem_vec_0, offset = 0, size = 1024>>
builtin.module attributes {pto.target_arch = "a3"} {
  func.func @carry_written_early(%in0: memref<16x16xf32>, %o0: memref<16x16xf32>, %o1: memref<16x16xf32>) {
    tile.alloc @mem_vec_0 in vec size 1024 addr 0
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %a0 = tile.load %in0[%c0, %c0] : memref<16x16xf32> -> !V0
    %ra = scf.for %i = %c0 to %c3 step %c1 iter_args(%a = %a0) -> (!V0) {
      %s = tile.exp %a : (!V0) -> !V0
      tile.store %a, %o1[%c0, %c0] : !V0, memref<16x16xf32>
      scf.yield %s : !V0
    }
    tile.store %ra, %o0[%c0, %c0] : !V0, memref<16x16xf32>
    func.return
  }
}

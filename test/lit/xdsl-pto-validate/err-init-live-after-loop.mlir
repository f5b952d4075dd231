// RUN: not xdsl-pto validate %s 2>&1 | filecheck %s
// RUN: not xdsl-pto run %s 2>&1 | filecheck %s --check-prefix=EXEC

// The loop's init %a0 is read after the loop, but the loop carries its
// buffer in place: the loop's values overwrite %a0 while it is still needed.
// CHECK: {{^}}{{.*}}err-init-live-after-loop.mlir:19:12: error: verify-memory-plan: %a0 [1024, 2048) and %s [1024, 2048) overlap in vec and are both live where %s is defined{{$}}
// EXEC: {{.*}}err-init-live-after-loop.mlir: error: @init_after: %o0[0, 0] expected 3.834927 got 0.0; the stored bytes were last written by tile.sub (%z)
!V1 = !tile.tile<16x16xf32, vec, memref = <@mem_vec_1, offset = 0, size = 1024>>
!V0 = !tile.tile<16x16xf32, vec, memref = <@mem_vec_0, offset = 0, size = 1024>>
builtin.module attributes {pto.target_arch = "a3"} {
  func.func @init_after(%in0: memref<16x16xf32>, %o0: memref<16x16xf32>) {
    tile.alloc @mem_vec_0 in vec size 1024 addr 0
    tile.alloc @mem_vec_1 in vec size 1024 addr 1024
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %a0 = tile.load %in0[%c0, %c0] : memref<16x16xf32> -> !V1
    %ra = scf.for %i = %c0 to %c3 step %c1 iter_args(%a = %a0) -> (!V1) {
      %s = tile.add %a, %a : (!V1, !V1) -> !V1
      scf.yield %s : !V1
    }
    %z = tile.sub %ra, %a0 : (!V1, !V1) -> !V0
    tile.store %z, %o0[%c0, %c0] : !V0, memref<16x16xf32>
    func.return
  }
}

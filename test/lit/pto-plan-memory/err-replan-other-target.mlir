// RUN: not xdsl-opt -p 'pto-plan-memory{backend=a3}' %s 2>&1 | filecheck %s
// RUN: xdsl-opt -p 'pto-plan-memory{backend=a5}' %s | filecheck %s --check-prefix=SAME
// RUN: xdsl-opt -p 'pto-plan-memory' %s | filecheck %s --check-prefix=SAME

// A module planned for a5 (its narrowing cast runs in place, which a5
// allows) is not re-planned for a3: its sharing decisions follow a5's rules,
// and only allocate-memory-addr would run again. (Found by a fresh-user
// breaker: the a3 PTO came out with an in-place narrowing tcvt.)
// CHECK: {{^}}{{.*}}err-replan-other-target.mlir:[[# @LINE + 3]]:1: error: allocate-memory-addr: the module was planned for a5 (pto.target_arch), not a3; its sharing decisions follow a5's rules -- plan the unplanned kernel for this backend{{$}}
// SAME: %h = tile.cast %x : {{.*}} -> !tile.tile<64x64xf16, vec, memref = <@mem_vec_0, offset = 0, size = 8192>>

builtin.module attributes {pto.target_arch = "a5"} {
  func.func @narrow(%in: memref<64x64xf32>, %out: memref<64x64xf16>) {
    tile.alloc @mem_vec_0 in vec size 16384 addr 0
    %c0 = arith.constant 0 : index
    %x = tile.load %in[%c0, %c0] : memref<64x64xf32> -> !tile.tile<64x64xf32, vec, memref = <@mem_vec_0, offset = 0, size = 16384>>
    %h = tile.cast %x : (!tile.tile<64x64xf32, vec, memref = <@mem_vec_0, offset = 0, size = 16384>>) -> !tile.tile<64x64xf16, vec, memref = <@mem_vec_0, offset = 0, size = 8192>>
    tile.store %h, %out[%c0, %c0] : !tile.tile<64x64xf16, vec, memref = <@mem_vec_0, offset = 0, size = 8192>>, memref<64x64xf16>
    func.return
  }
}

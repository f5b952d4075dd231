// A hand-made plan that sizes an i32 accumulator's root by its 16 logical
// rows: on A3 the tile occupies 32 rows of L0C, so the root placed right
// after it would sit in its padding. The validator refuses the plan.
// RUN: not xdsl-pto validate %s 2>&1 | filecheck %s
// CHECK: {{.*}}err-acc-row-padding.mlir:[[# @LINE + 6]]:8: error: verify-memory-plan: %i ([16, 512] i32 in acc) occupies 65536 bytes of L0C on a3, its rows padded to the L0C row alignment, but @mem_acc_0 has 32768 bytes from its offset 0
builtin.module attributes {pto.target_arch = "a3"} {
func.func @k(%c: memref<16x512xi32>) {
  tile.alloc @mem_acc_0 in acc size 32768 addr 0
  tile.alloc @mem_acc_1 in acc size 32768 addr 32768
  %c0 = arith.constant 0 : index
  %i = tile.create : !tile.tile<16x512xi32, acc, memref = <@mem_acc_0, offset = 0, size = 32768>>
  %j = tile.create : !tile.tile<16x512xi32, acc, memref = <@mem_acc_1, offset = 0, size = 32768>>
  tile.store %i, %c[%c0, %c0] : !tile.tile<16x512xi32, acc, memref = <@mem_acc_0, offset = 0, size = 32768>>, memref<16x512xi32>
  tile.store %j, %c[%c0, %c0] : !tile.tile<16x512xi32, acc, memref = <@mem_acc_1, offset = 0, size = 32768>>, memref<16x512xi32>
  func.return
}
}

// RUN: xdsl-pto validate %s | filecheck %s
// RUN: sed -e 's/offset = 512/offset = 64/g; s/offset = 0, size = 1024>>/offset = 576, size = 1024>>/g' %s | not xdsl-pto validate - 2>&1 | filecheck %s --check-prefix=INSIDE

// Ops stream front to back, reading each element before writing the result
// element at the same index. A result may therefore overlap an operand it
// starts at or before (here %e at [0, 1024) below %a at [512, 1536)), but
// not one it starts inside: that would overwrite elements not yet read.
// CHECK: plan valid: @shifted (2 tile values)
// INSIDE: <stdin>:15:10: error: verify-memory-plan: tile.exp result %e [576, 1600) starts inside its operand %a [64, 1088); it would overwrite elements not yet read
builtin.module attributes {pto.target_arch = "a3"} {
  func.func @shifted(%in: memref<16x16xf32>, %out: memref<16x16xf32>) {
    tile.alloc @mem_vec_0 in vec size 2048 addr 0
    %c0 = arith.constant 0 : index
    %a = tile.load %in[%c0, %c0] : memref<16x16xf32> -> !tile.tile<16x16xf32, vec, memref = <@mem_vec_0, offset = 512, size = 1024>>
    %e = tile.exp %a : (!tile.tile<16x16xf32, vec, memref = <@mem_vec_0, offset = 512, size = 1024>>) -> !tile.tile<16x16xf32, vec, memref = <@mem_vec_0, offset = 0, size = 1024>>
    tile.store %e, %out[%c0, %c0] : !tile.tile<16x16xf32, vec, memref = <@mem_vec_0, offset = 0, size = 1024>>, memref<16x16xf32>
    func.return
  }
}

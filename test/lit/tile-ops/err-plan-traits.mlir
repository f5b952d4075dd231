// RUN: xdsl-opt -p verify-memory-plan --split-input-file --verify-diagnostics %s | filecheck %s

// The validator (xdsl_pto/verify/) proves these traits from the op
// definitions too: a hand-made plan that puts row_prod's result on its
// source (not_inplace_safe), or a write's result off its tile's buffer
// (rw(0): the result IS that buffer), is refused.

builtin.module attributes {pto.target_arch = "a3"} {
  func.func @row_prod_on_source(%a: memref<16x64xf32>, %o: memref<16x1xf32>) {
    tile.alloc @mem_vec_0 in vec size 4096 addr 0
    tile.alloc @mem_vec_1 in vec size 4096 addr 4096
    %c0 = arith.constant 0 : index
    %x = tile.load %a[%c0, %c0] : memref<16x64xf32> -> !tile.tile<16x64xf32, vec, memref = <@mem_vec_0, offset = 0, size = 4096>>
    %t = tile.create : !tile.tile<16x64xf32, vec, memref = <@mem_vec_1, offset = 0, size = 4096>>
    %r = tile.row_prod %x, %t : (!tile.tile<16x64xf32, vec, memref = <@mem_vec_0, offset = 0, size = 4096>>, !tile.tile<16x64xf32, vec, memref = <@mem_vec_1, offset = 0, size = 4096>>) -> !tile.tile<16x1xf32, vec, memref = <@mem_vec_0, offset = 0, size = 64>>
    tile.store %r, %o[%c0, %c0] : !tile.tile<16x1xf32, vec, memref = <@mem_vec_0, offset = 0, size = 64>>, memref<16x1xf32>
    func.return
}
}
// CHECK: err-plan-traits.mlir:15:10: error: verify-memory-plan: tile.row_prod result %r [0, 64) overlaps its operand %x [0, 4096), which the op forbids on a3

// -----

builtin.module attributes {pto.target_arch = "a3"} {
  func.func @write_elsewhere(%a: memref<16x64xf32>, %o: memref<16x64xf32>, %v: f32) {
    tile.alloc @mem_vec_0 in vec size 4096 addr 0
    tile.alloc @mem_vec_1 in vec size 4096 addr 4096
    %c0 = arith.constant 0 : index
    %x = tile.load %a[%c0, %c0] : memref<16x64xf32> -> !tile.tile<16x64xf32, vec, memref = <@mem_vec_0, offset = 0, size = 4096>>
    %w = tile.write %x, %c0, %c0, %v : (!tile.tile<16x64xf32, vec, memref = <@mem_vec_0, offset = 0, size = 4096>>, index, index, f32) -> !tile.tile<16x64xf32, vec, memref = <@mem_vec_1, offset = 0, size = 4096>>
    tile.store %w, %o[%c0, %c0] : !tile.tile<16x64xf32, vec, memref = <@mem_vec_1, offset = 0, size = 4096>>, memref<16x64xf32>
    func.return
}
}
// CHECK: err-plan-traits.mlir:30:10: error: verify-memory-plan: %w has the window <@mem_vec_1, offset = 0, size = 4096> but its bytes are <@mem_vec_0, offset = 0, size = 4096>

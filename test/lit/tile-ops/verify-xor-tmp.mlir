// RUN: not xdsl-opt -p 'verify-memory-plan{backend=a3}' %s 2>&1 | filecheck %s --check-prefix=A3
// RUN: xdsl-opt -p 'verify-memory-plan{backend=a5}' %s | filecheck %s --check-prefix=A5
// RUN: xdsl-pto run %s | filecheck %s --check-prefix=DIFF

// The independent proof checks xor's target rule on byte ranges: a plan
// that puts the result on the dying tmp's bytes is refused for a3 (A2/A3
// TXOR writes a | b into tmp while it computes the result) and proved for
// a5 (A5 does not read tmp), where the differential run agrees.
// A3: {{^}}{{.*}}verify-xor-tmp.mlir:[[# @LINE + 11]]:10: error: verify-memory-plan: tile.xor result %r [4096, 8192) overlaps its operand %t [4096, 8192), which the op forbids on a3{{$}}
// A5: func.func @xor_on_tmp
// DIFF: verify-xor-tmp.mlir: logical and physical runs agree (seed 0)

builtin.module attributes {pto.target_arch = "a5"} {
  func.func @xor_on_tmp(%a: memref<16x128xi16>, %o: memref<16x128xi16>) {
    tile.alloc @mem_vec_0 in vec size 4096 addr 0
    tile.alloc @mem_vec_1 in vec size 4096 addr 4096
    %c0 = arith.constant 0 : index
    %x = tile.load %a[%c0, %c0] : memref<16x128xi16> -> !tile.tile<16x128xi16, vec, memref = <@mem_vec_0, offset = 0, size = 4096>>
    %t = tile.create : !tile.tile<16x128xi16, vec, memref = <@mem_vec_1, offset = 0, size = 4096>>
    %r = tile.xor %x, %x, %t : (!tile.tile<16x128xi16, vec, memref = <@mem_vec_0, offset = 0, size = 4096>>, !tile.tile<16x128xi16, vec, memref = <@mem_vec_0, offset = 0, size = 4096>>, !tile.tile<16x128xi16, vec, memref = <@mem_vec_1, offset = 0, size = 4096>>) -> !tile.tile<16x128xi16, vec, memref = <@mem_vec_1, offset = 0, size = 4096>>
    tile.store %r, %o[%c0, %c0] : !tile.tile<16x128xi16, vec, memref = <@mem_vec_1, offset = 0, size = 4096>>, memref<16x128xi16>
    tile.store %x, %a[%c0, %c0] : !tile.tile<16x128xi16, vec, memref = <@mem_vec_0, offset = 0, size = 4096>>, memref<16x128xi16>
    func.return
  }
}

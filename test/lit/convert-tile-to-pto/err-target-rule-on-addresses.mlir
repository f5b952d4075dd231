// RUN: not xdsl-opt -p convert-tile-to-pto %s 2>&1 | filecheck %s

// The lowering checks the target's sharing rules on the addresses it bakes
// in (seed 002: PTO codegen checks the cast rule on explicit addresses): an
// a5 plan whose target was edited to a3 keeps a narrowing cast in place,
// which a3 forbids. (Found by a fresh-user breaker.)
// CHECK: {{^}}{{.*}}err-target-rule-on-addresses.mlir:[[# @LINE + 6]]:10: error: convert-tile-to-pto: tile.cast result %h [0, 8192) overlaps its operand %x [0, 16384), which the op forbids on a3{{$}}
builtin.module attributes {pto.target_arch = "a3"} {
  func.func @narrow(%in: memref<64x64xf32>, %out: memref<64x64xf16>) {
    tile.alloc @mem_vec_0 in vec size 16384 addr 0
    %c0 = arith.constant 0 : index
    %x = tile.load %in[%c0, %c0] : memref<64x64xf32> -> !tile.tile<64x64xf32, vec, memref = <@mem_vec_0, offset = 0, size = 16384>>
    %h = tile.cast %x : (!tile.tile<64x64xf32, vec, memref = <@mem_vec_0, offset = 0, size = 16384>>) -> !tile.tile<64x64xf16, vec, memref = <@mem_vec_0, offset = 0, size = 8192>>
    tile.store %h, %out[%c0, %c0] : !tile.tile<64x64xf16, vec, memref = <@mem_vec_0, offset = 0, size = 8192>>, memref<64x64xf16>
    func.return
  }
}

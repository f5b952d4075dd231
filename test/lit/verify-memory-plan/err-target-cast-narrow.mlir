// RUN: not xdsl-opt -p 'verify-memory-plan{backend=a3}' %s 2>&1 | filecheck %s --check-prefix=A3
// RUN: xdsl-opt -p 'verify-memory-plan{backend=a5}' %s | filecheck %s --check-prefix=A5

// A narrowing cast written in place: A5 allows it, A2/A3 do not (seed 002,
// no-alias table: TCVT converts whole repeats before each row's tail).
// A3: {{^}}{{.*}}err-target-cast-narrow.mlir:[[# @LINE + 8]]:10: error: verify-memory-plan: tile.cast result %h [0, 8192) overlaps its operand %x [0, 16384), which the op forbids on a3{{$}}
// A5: func.func

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


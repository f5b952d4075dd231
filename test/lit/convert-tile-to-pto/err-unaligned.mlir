// RUN: not xdsl-opt -p 'convert-tile-to-pto{backend=a3}' %s 2>&1 | filecheck %s


// A hand-edited plan with an address that is not 32-byte aligned.
// CHECK: {{^}}{{.*}}err-unaligned.mlir:7:3: error: convert-tile-to-pto: allocation @mem_vec_0 address 16380 is not 32-byte aligned{{$}}
func.func @unaligned(%a: memref<32x32xf32>) {
  tile.alloc @mem_vec_0 in vec size 4096 addr 16380
  %c0 = arith.constant 0 : index
  %x = tile.load %a[%c0, %c0] : memref<32x32xf32> -> !tile.tile<32x32xf32, vec, memref = <@mem_vec_0, offset = 0, size = 4096>>
  func.return
}

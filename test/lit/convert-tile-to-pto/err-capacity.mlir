// RUN: not xdsl-opt -p 'convert-tile-to-pto{backend=a3}' %s 2>&1 | filecheck %s

// A plan (here written by hand, without a recorded target) whose third buffer
// ends past A2/A3's 188416-byte Vec: the lowering re-checks every address
// against the target's capacity.
// CHECK: {{^}}{{.*}}err-capacity.mlir:10:3: error: convert-tile-to-pto: allocation @mem_vec_2 ends at byte 196608, past the a3 vec capacity (188416 bytes){{$}}
func.func @three(%a: memref<64x256xf32>, %o: memref<64x256xf32>) {
  tile.alloc @mem_vec_0 in vec size 65536 addr 0
  tile.alloc @mem_vec_1 in vec size 65536 addr 65536
  tile.alloc @mem_vec_2 in vec size 65536 addr 131072
  %c0 = arith.constant 0 : index
  %x = tile.load %a[%c0, %c0] : memref<64x256xf32> -> !tile.tile<64x256xf32, vec, memref = <@mem_vec_0, offset = 0, size = 65536>>
  %y = tile.load %a[%c0, %c0] : memref<64x256xf32> -> !tile.tile<64x256xf32, vec, memref = <@mem_vec_1, offset = 0, size = 65536>>
  %z = tile.load %a[%c0, %c0] : memref<64x256xf32> -> !tile.tile<64x256xf32, vec, memref = <@mem_vec_2, offset = 0, size = 65536>>
  func.return
}

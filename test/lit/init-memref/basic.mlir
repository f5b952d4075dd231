// RUN: xdsl-opt -p init-memref %s | filecheck %s

// Every tile gets a fresh root except views and in-place results; the allocs
// are hoisted to the function head in program order.
// CHECK-LABEL: func.func @chain
// CHECK-NEXT:    tile.alloc @mem_vec_0 in vec size 16384
// CHECK-NEXT:    tile.alloc @mem_vec_1 in vec size 16384
// CHECK-NEXT:    tile.alloc @mem_vec_2 in vec size 16384
// CHECK-NOT:     tile.alloc
// CHECK:         %a = tile.load {{.*}} -> !tile.tile<64x64xf32, vec, memref = <@mem_vec_0, offset = 0, size = 16384>>
// CHECK:         %b = tile.add {{.*}} -> !tile.tile<64x64xf32, vec, memref = <@mem_vec_1, offset = 0, size = 16384>>
// CHECK:         %s = tile.slice {{.*}} -> !tile.tile<16x64xf32, vec, memref = <@mem_vec_1, offset = 8192, size = 4096>>
// CHECK:         %r = tile.reshape {{.*}} -> !tile.tile<64x16xf32, vec, memref = <@mem_vec_1, offset = 8192, size = 4096>>
// CHECK:         %c = tile.exp {{.*}} -> !tile.tile<64x64xf32, vec, memref = <@mem_vec_2, offset = 0, size = 16384>>
func.func @chain(%in: memref<64x64xf32>, %out: memref<64x64xf32>) {
  %c0 = arith.constant 0 : index
  %c32 = arith.constant 32 : index
  %a = tile.load %in[%c0, %c0] : memref<64x64xf32> -> !tile.tile<64x64xf32, vec>
  %b = tile.add %a, %a : (!tile.tile<64x64xf32, vec>, !tile.tile<64x64xf32, vec>) -> !tile.tile<64x64xf32, vec>
  %s = tile.slice %b, %c32, %c0 : (!tile.tile<64x64xf32, vec>, index, index) -> !tile.tile<16x64xf32, vec>
  %r = tile.reshape %s : (!tile.tile<16x64xf32, vec>) -> !tile.tile<64x16xf32, vec>
  %c = tile.exp %b : (!tile.tile<64x64xf32, vec>) -> !tile.tile<64x64xf32, vec>
  tile.store %c, %out[%c0, %c0] : !tile.tile<64x64xf32, vec>, memref<64x64xf32>
  func.return
}

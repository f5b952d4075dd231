// RUN: xdsl-opt -p init-memref,memory-reuse %s | filecheck %s

// The "Example" section of the MemoryReuse seeds (001/002), with 64x64 f32
// tiles (16384 bytes each).

// (a) MemRef sharing with alloc cleanup. Before: three allocs, one per tile.
// After: tile_c reuses tile_a's mem_vec_0, tile_b keeps mem_vec_1, and the
// alloc of mem_vec_2 is removed because nothing refers to it any more.
// (tile_a is still read after tile_b is defined, so tile_b cannot take
// tile_a's buffer; it is dead before tile_c is loaded.)
// CHECK-LABEL: func.func @sharing_with_alloc_cleanup
// CHECK-NEXT:    tile.alloc @mem_vec_0 in vec size 16384{{$}}
// CHECK-NEXT:    tile.alloc @mem_vec_1 in vec size 16384{{$}}
// CHECK-NOT:     tile.alloc
// CHECK-NOT:     mem_vec_2
// CHECK:         %tile_a = tile.load {{.*}} -> !tile.tile<64x64xf32, vec, memref = <@mem_vec_0, offset = 0, size = 16384>>
// CHECK-NEXT:    %tile_b = tile.add %tile_a, %tile_a : {{.*}} -> !tile.tile<64x64xf32, vec, memref = <@mem_vec_1, offset = 0, size = 16384>>
// CHECK-NEXT:    tile.store %tile_a
// CHECK-NEXT:    %tile_c = tile.load {{.*}} -> !tile.tile<64x64xf32, vec, memref = <@mem_vec_0, offset = 0, size = 16384>>
// CHECK-NOT:     mem_vec_2
func.func @sharing_with_alloc_cleanup(%in: memref<64x64xf32>, %out: memref<64x64xf32>) {
  %c0 = arith.constant 0 : index
  %tile_a = tile.load %in[%c0, %c0] : memref<64x64xf32> -> !tile.tile<64x64xf32, vec>
  %tile_b = tile.add %tile_a, %tile_a : (!tile.tile<64x64xf32, vec>, !tile.tile<64x64xf32, vec>) -> !tile.tile<64x64xf32, vec>
  tile.store %tile_a, %out[%c0, %c0] : !tile.tile<64x64xf32, vec>, memref<64x64xf32>
  %tile_c = tile.load %in[%c0, %c0] : memref<64x64xf32> -> !tile.tile<64x64xf32, vec>
  tile.store %tile_b, %out[%c0, %c0] : !tile.tile<64x64xf32, vec>, memref<64x64xf32>
  tile.store %tile_c, %out[%c0, %c0] : !tile.tile<64x64xf32, vec>, memref<64x64xf32>
  func.return
}

// The same example read literally (tile_a's last use IS tile_b's definition)
// is also a producer-consumer pair, example (b): tile_b takes tile_a's
// buffer, tile_b is still live when tile_c is loaded, so tile_c keeps its own
// root and mem_vec_1 is the alloc removed. (The seed's "After" for (a) only
// holds when tile_b cannot reuse tile_a, as in the function above.)
// CHECK-LABEL: func.func @sharing_literal
// CHECK-NEXT:    tile.alloc @mem_vec_0 in vec size 16384{{$}}
// CHECK-NEXT:    tile.alloc @mem_vec_2 in vec size 16384{{$}}
// CHECK-NOT:     tile.alloc
// CHECK:         %tile_a = tile.load {{.*}} -> !tile.tile<64x64xf32, vec, memref = <@mem_vec_0, offset = 0, size = 16384>>
// CHECK-NEXT:    %tile_b = tile.add %tile_a, %tile_a : {{.*}} -> !tile.tile<64x64xf32, vec, memref = <@mem_vec_0, offset = 0, size = 16384>>
// CHECK-NEXT:    %tile_c = tile.load {{.*}} -> !tile.tile<64x64xf32, vec, memref = <@mem_vec_2, offset = 0, size = 16384>>
func.func @sharing_literal(%in: memref<64x64xf32>, %out: memref<64x64xf32>) {
  %c0 = arith.constant 0 : index
  %tile_a = tile.load %in[%c0, %c0] : memref<64x64xf32> -> !tile.tile<64x64xf32, vec>
  %tile_b = tile.add %tile_a, %tile_a : (!tile.tile<64x64xf32, vec>, !tile.tile<64x64xf32, vec>) -> !tile.tile<64x64xf32, vec>
  %tile_c = tile.load %in[%c0, %c0] : memref<64x64xf32> -> !tile.tile<64x64xf32, vec>
  tile.store %tile_b, %out[%c0, %c0] : !tile.tile<64x64xf32, vec>, memref<64x64xf32>
  tile.store %tile_c, %out[%c0, %c0] : !tile.tile<64x64xf32, vec>, memref<64x64xf32>
  func.return
}

// (b) Producer-consumer reuse: tile_a's last use is the statement defining
// tile_b, which may therefore reuse mem_vec_0 (inputs are read before the
// output is written). mem_vec_1 is removed.
// CHECK-LABEL: func.func @producer_consumer
// CHECK-NEXT:    tile.alloc @mem_vec_0 in vec size 16384{{$}}
// CHECK-NOT:     tile.alloc
// CHECK:         %tile_a = tile.create : !tile.tile<64x64xf32, vec, memref = <@mem_vec_0, offset = 0, size = 16384>>
// CHECK-NEXT:    %tile_b = tile.muls %tile_a, %zero : {{.*}} -> !tile.tile<64x64xf32, vec, memref = <@mem_vec_0, offset = 0, size = 16384>>
func.func @producer_consumer(%out: memref<64x64xf32>) {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.000000e+00 : f32
  %tile_a = tile.create : !tile.tile<64x64xf32, vec>
  %tile_b = tile.muls %tile_a, %zero : (!tile.tile<64x64xf32, vec>, f32) -> !tile.tile<64x64xf32, vec>
  tile.store %tile_b, %out[%c0, %c0] : !tile.tile<64x64xf32, vec>, memref<64x64xf32>
  func.return
}

// (c) Overlapping lifetimes: tile_a and tile_b are both live at tile_c, so
// they keep separate buffers and both allocs stay. (tile_c may take tile_a's
// buffer: that is producer-consumer again.)
// CHECK-LABEL: func.func @overlapping
// CHECK-NEXT:    tile.alloc @mem_vec_0 in vec size 16384{{$}}
// CHECK-NEXT:    tile.alloc @mem_vec_1 in vec size 16384{{$}}
// CHECK-NOT:     tile.alloc
// CHECK:         %tile_a = tile.load {{.*}} -> !tile.tile<64x64xf32, vec, memref = <@mem_vec_0, offset = 0, size = 16384>>
// CHECK-NEXT:    %tile_b = tile.load {{.*}} -> !tile.tile<64x64xf32, vec, memref = <@mem_vec_1, offset = 0, size = 16384>>
// CHECK-NEXT:    %tile_c = tile.add %tile_a, %tile_b : {{.*}} -> !tile.tile<64x64xf32, vec, memref = <@mem_vec_0, offset = 0, size = 16384>>
func.func @overlapping(%in: memref<64x64xf32>, %out: memref<64x64xf32>) {
  %c0 = arith.constant 0 : index
  %tile_a = tile.load %in[%c0, %c0] : memref<64x64xf32> -> !tile.tile<64x64xf32, vec>
  %tile_b = tile.load %in[%c0, %c0] : memref<64x64xf32> -> !tile.tile<64x64xf32, vec>
  %tile_c = tile.add %tile_a, %tile_b : (!tile.tile<64x64xf32, vec>, !tile.tile<64x64xf32, vec>) -> !tile.tile<64x64xf32, vec>
  tile.store %tile_c, %out[%c0, %c0] : !tile.tile<64x64xf32, vec>, memref<64x64xf32>
  func.return
}

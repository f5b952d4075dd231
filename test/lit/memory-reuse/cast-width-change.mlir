// RUN: xdsl-opt -p init-memref,materialize-semantic-aliases,memory-reuse %s | filecheck %s

// A cast that changes the element width never shares its input's buffer
// (seed 002 no-alias table: widening on every target, narrowing on A2/A3),
// even though the input dies at the cast. A same-width cast may.

// CHECK-LABEL: func.func @narrow
// CHECK-NEXT:    tile.alloc @mem_vec_0 in vec size 16384
// CHECK-NEXT:    tile.alloc @mem_vec_1 in vec size 8192
// CHECK:         %h = tile.cast %x : {{.*}} -> !tile.tile<64x64xf16, vec, memref = <@mem_vec_1, offset = 0, size = 8192>>
func.func @narrow(%in: memref<64x64xf32>, %out: memref<64x64xf16>) {
  %c0 = arith.constant 0 : index
  %x = tile.load %in[%c0, %c0] : memref<64x64xf32> -> !tile.tile<64x64xf32, vec>
  %h = tile.cast %x : (!tile.tile<64x64xf32, vec>) -> !tile.tile<64x64xf16, vec>
  tile.store %h, %out[%c0, %c0] : !tile.tile<64x64xf16, vec>, memref<64x64xf16>
  func.return
}

// CHECK-LABEL: func.func @widen
// CHECK-NEXT:    tile.alloc @mem_vec_0 in vec size 8192
// CHECK-NEXT:    tile.alloc @mem_vec_1 in vec size 16384
// CHECK:         %w = tile.cast %x : {{.*}} -> !tile.tile<64x64xf32, vec, memref = <@mem_vec_1, offset = 0, size = 16384>>
func.func @widen(%in: memref<64x64xf16>, %out: memref<64x64xf32>) {
  %c0 = arith.constant 0 : index
  %x = tile.load %in[%c0, %c0] : memref<64x64xf16> -> !tile.tile<64x64xf16, vec>
  %w = tile.cast %x : (!tile.tile<64x64xf16, vec>) -> !tile.tile<64x64xf32, vec>
  tile.store %w, %out[%c0, %c0] : !tile.tile<64x64xf32, vec>, memref<64x64xf32>
  func.return
}

// CHECK-LABEL: func.func @same_width
// CHECK-NEXT:    tile.alloc @mem_vec_0 in vec size 16384
// CHECK-NOT:     tile.alloc
// CHECK:         %i = tile.cast %x {mode = "round"} : {{.*}} -> !tile.tile<64x64xi32, vec, memref = <@mem_vec_0, offset = 0, size = 16384>>
func.func @same_width(%in: memref<64x64xf32>, %out: memref<64x64xi32>) {
  %c0 = arith.constant 0 : index
  %x = tile.load %in[%c0, %c0] : memref<64x64xf32> -> !tile.tile<64x64xf32, vec>
  %i = tile.cast %x {mode = "round"} : (!tile.tile<64x64xf32, vec>) -> !tile.tile<64x64xi32, vec>
  tile.store %i, %out[%c0, %c0] : !tile.tile<64x64xi32, vec>, memref<64x64xi32>
  func.return
}

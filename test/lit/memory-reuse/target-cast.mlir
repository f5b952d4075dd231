// RUN: xdsl-opt -p 'init-memref,materialize-semantic-aliases,memory-reuse{backend=a3}' %s | filecheck %s --check-prefixes=CHECK,A3
// RUN: xdsl-opt -p 'init-memref,materialize-semantic-aliases,memory-reuse{backend=a5}' %s | filecheck %s --check-prefixes=CHECK,A5

// tile.cast, target-aware (seed 002, "No-alias guard"): a widening cast
// never shares its input's bytes; a narrowing one does not on A2/A3 (TCVT
// converts whole repeats before row tails) and may run in place on A5; a
// same-width one may everywhere. The input dies at the cast in every case,
// so without the rule the result would take its buffer. The operand is
// resolved to its root: through a view, and through a loop carry.

// A3-LABEL: func.func @narrow
// A3-NEXT:    tile.alloc @mem_vec_0 in vec size 16384
// A3-NEXT:    tile.alloc @mem_vec_1 in vec size 8192
// A3:         %h = tile.cast %x : {{.*}} -> !tile.tile<64x64xf16, vec, memref = <@mem_vec_1, offset = 0, size = 8192>>
// A5-LABEL: func.func @narrow
// A5-NEXT:    tile.alloc @mem_vec_0 in vec size 16384
// A5-NOT:     tile.alloc
// A5:         %h = tile.cast %x : {{.*}} -> !tile.tile<64x64xf16, vec, memref = <@mem_vec_0, offset = 0, size = 8192>>
func.func @narrow(%in: memref<64x64xf32>, %out: memref<64x64xf16>) {
  %c0 = arith.constant 0 : index
  %x = tile.load %in[%c0, %c0] : memref<64x64xf32> -> !tile.tile<64x64xf32, vec>
  %h = tile.cast %x : (!tile.tile<64x64xf32, vec>) -> !tile.tile<64x64xf16, vec>
  tile.store %h, %out[%c0, %c0] : !tile.tile<64x64xf16, vec>, memref<64x64xf16>
  func.return
}

// Widening through a view, refused on both targets: %w may not take the
// bytes of %x, whose reshape it reads.
// CHECK-LABEL: func.func @widen_view
// CHECK-NEXT:    tile.alloc @mem_vec_0 in vec size 8192
// CHECK-NEXT:    tile.alloc @mem_vec_1 in vec size 16384
// CHECK:         %v = tile.reshape %x : {{.*}} -> !tile.tile<32x128xf16, vec, memref = <@mem_vec_0, offset = 0, size = 8192>>
// CHECK-NEXT:    %w = tile.cast %v : {{.*}} -> !tile.tile<32x128xf32, vec, memref = <@mem_vec_1, offset = 0, size = 16384>>
func.func @widen_view(%in: memref<64x64xf16>, %out: memref<32x128xf32>) {
  %c0 = arith.constant 0 : index
  %x = tile.load %in[%c0, %c0] : memref<64x64xf16> -> !tile.tile<64x64xf16, vec>
  %v = tile.reshape %x : (!tile.tile<64x64xf16, vec>) -> !tile.tile<32x128xf16, vec>
  %w = tile.cast %v : (!tile.tile<32x128xf16, vec>) -> !tile.tile<32x128xf32, vec>
  tile.store %w, %out[%c0, %c0] : !tile.tile<32x128xf32, vec>, memref<32x128xf32>
  func.return
}

// Narrowing the result of a loop: the operand is the loop's carried buffer
// (@mem_vec_0 on a3). A3 keeps the cast off it; A5 writes it in place.
// CHECK-LABEL: func.func @narrow_carry
// A3-NEXT:    tile.alloc @mem_vec_0 in vec size 16384
// A3-NEXT:    tile.alloc @mem_vec_2 in vec size 8192
// A5-NEXT:    tile.alloc @mem_vec_0 in vec size 16384
// A5-NOT:     tile.alloc
// CHECK:      %r = scf.for {{.*}} -> (!tile.tile<64x64xf32, vec, memref = <@mem_vec_0, offset = 0, size = 16384>>)
// A3:         %h = tile.cast %r : {{.*}} -> !tile.tile<64x64xf16, vec, memref = <@mem_vec_2, offset = 0, size = 8192>>
// A5:         %h = tile.cast %r : {{.*}} -> !tile.tile<64x64xf16, vec, memref = <@mem_vec_0, offset = 0, size = 8192>>
func.func @narrow_carry(%in: memref<64x64xf32>, %out: memref<64x64xf16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %x = tile.load %in[%c0, %c0] : memref<64x64xf32> -> !tile.tile<64x64xf32, vec>
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %x) -> (!tile.tile<64x64xf32, vec>) {
    %n = tile.add %acc, %acc : (!tile.tile<64x64xf32, vec>, !tile.tile<64x64xf32, vec>) -> !tile.tile<64x64xf32, vec>
    scf.yield %n : !tile.tile<64x64xf32, vec>
  }
  %h = tile.cast %r : (!tile.tile<64x64xf32, vec>) -> !tile.tile<64x64xf16, vec>
  tile.store %h, %out[%c0, %c0] : !tile.tile<64x64xf16, vec>, memref<64x64xf16>
  func.return
}

// Same width: in place on both targets.
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

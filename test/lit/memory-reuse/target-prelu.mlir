// RUN: xdsl-opt -p 'init-memref,materialize-semantic-aliases,memory-reuse{backend=a3}' %s | filecheck %s --check-prefixes=CHECK,A3
// RUN: xdsl-opt -p 'init-memref,materialize-semantic-aliases,memory-reuse{backend=a5}' %s | filecheck %s --check-prefixes=CHECK,A5

// tile.prelu, target-aware (seed 002, no-alias table): A2/A3's TPRELU reads
// src, slope and tmp while writing dst (not in-place safe); A5 keeps the tmp
// operand but never reads it, so dst may take the tmp's bytes -- never the
// src's or the slope's.

// %x and %k are read after the prelu; only the tmp's buffer is free.
// CHECK-LABEL: func.func @onto_tmp
// CHECK:         %t = tile.create : !tile.tile<32x32xf32, vec, memref = <@mem_vec_2, offset = 0, size = 4096>>
// A3-NEXT:       %y = tile.prelu {{.*}} -> !tile.tile<32x32xf32, vec, memref = <@mem_vec_3, offset = 0, size = 4096>>
// A5-NEXT:       %y = tile.prelu {{.*}} -> !tile.tile<32x32xf32, vec, memref = <@mem_vec_2, offset = 0, size = 4096>>
func.func @onto_tmp(%a: memref<32x32xf32>, %b: memref<32x32xf32>, %o: memref<32x32xf32>) {
  %c0 = arith.constant 0 : index
  %x = tile.load %a[%c0, %c0] : memref<32x32xf32> -> !tile.tile<32x32xf32, vec>
  %k = tile.load %b[%c0, %c0] : memref<32x32xf32> -> !tile.tile<32x32xf32, vec>
  %t = tile.create : !tile.tile<32x32xf32, vec>
  %y = tile.prelu %x, %k, %t : (!tile.tile<32x32xf32, vec>, !tile.tile<32x32xf32, vec>, !tile.tile<32x32xf32, vec>) -> !tile.tile<32x32xf32, vec>
  tile.store %y, %o[%c0, %c0] : !tile.tile<32x32xf32, vec>, memref<32x32xf32>
  tile.store %x, %a[%c0, %c0] : !tile.tile<32x32xf32, vec>, memref<32x32xf32>
  tile.store %k, %b[%c0, %c0] : !tile.tile<32x32xf32, vec>, memref<32x32xf32>
  func.return
}

// %x dies at the prelu, %k and %t do not: dst never takes src's bytes.
// CHECK-LABEL: func.func @not_onto_src
// CHECK:         %x = tile.load {{.*}} -> !tile.tile<32x32xf32, vec, memref = <@mem_vec_0, offset = 0, size = 4096>>
// CHECK:         %y = tile.prelu {{.*}} -> !tile.tile<32x32xf32, vec, memref = <@mem_vec_3, offset = 0, size = 4096>>
func.func @not_onto_src(%a: memref<32x32xf32>, %b: memref<32x32xf32>, %o: memref<32x32xf32>) {
  %c0 = arith.constant 0 : index
  %x = tile.load %a[%c0, %c0] : memref<32x32xf32> -> !tile.tile<32x32xf32, vec>
  %k = tile.load %b[%c0, %c0] : memref<32x32xf32> -> !tile.tile<32x32xf32, vec>
  %t = tile.load %b[%c0, %c0] : memref<32x32xf32> -> !tile.tile<32x32xf32, vec>
  %y = tile.prelu %x, %k, %t : (!tile.tile<32x32xf32, vec>, !tile.tile<32x32xf32, vec>, !tile.tile<32x32xf32, vec>) -> !tile.tile<32x32xf32, vec>
  tile.store %y, %o[%c0, %c0] : !tile.tile<32x32xf32, vec>, memref<32x32xf32>
  tile.store %k, %b[%c0, %c0] : !tile.tile<32x32xf32, vec>, memref<32x32xf32>
  tile.store %t, %a[%c0, %c0] : !tile.tile<32x32xf32, vec>, memref<32x32xf32>
  func.return
}

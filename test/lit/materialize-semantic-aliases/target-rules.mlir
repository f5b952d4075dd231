// RUN: xdsl-opt -p 'init-memref,materialize-semantic-aliases{backend=a3}' %s | filecheck %s --check-prefixes=CHECK,A3
// RUN: xdsl-opt -p 'init-memref,materialize-semantic-aliases{backend=a5}' %s | filecheck %s --check-prefixes=CHECK,A5

// Computing a yielded value in the carried buffer is a must-alias, so it
// keeps the sharing rules of seed 002 for the target: tile.prelu may not
// write over its tmp on A2/A3 but may on A5.

// CHECK-LABEL: func.func @prelu_tmp_carry
// A3:            %y = tile.prelu %x, %k, %acc : {{.*}} -> !tile.tile<32x32xf32, vec, memref = <@mem_vec_3, offset = 0, size = 4096>>
// A3-NEXT:       %[[MV:.+]] = tile.move %y {carry} : (!tile.tile<32x32xf32, vec, memref = <@mem_vec_3, offset = 0, size = 4096>>) -> !tile.tile<32x32xf32, vec, memref = <@mem_vec_1, offset = 0, size = 4096>>
// A3-NEXT:       scf.yield %[[MV]]
// A5:            %y = tile.prelu %x, %k, %acc : {{.*}} -> !tile.tile<32x32xf32, vec, memref = <@mem_vec_1, offset = 0, size = 4096>>
// A5-NEXT:       scf.yield %y

func.func @prelu_tmp_carry(%a: memref<32x32xf32>, %b: memref<32x32xf32>, %o: memref<32x32xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %k = tile.load %b[%c0, %c0] : memref<32x32xf32> -> !tile.tile<32x32xf32, vec>
  %init = tile.load %b[%c0, %c0] : memref<32x32xf32> -> !tile.tile<32x32xf32, vec>
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %init) -> (!tile.tile<32x32xf32, vec>) {
    %x = tile.load %a[%c0, %c0] : memref<32x32xf32> -> !tile.tile<32x32xf32, vec>
    %y = tile.prelu %x, %k, %acc : (!tile.tile<32x32xf32, vec>, !tile.tile<32x32xf32, vec>, !tile.tile<32x32xf32, vec>) -> !tile.tile<32x32xf32, vec>
    scf.yield %y : !tile.tile<32x32xf32, vec>
  }
  tile.store %r, %o[%c0, %c0] : !tile.tile<32x32xf32, vec>, memref<32x32xf32>
  func.return
}

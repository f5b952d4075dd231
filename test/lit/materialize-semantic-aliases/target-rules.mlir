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

// The Ascend910 load + tpop hazard (a split vector kernel): on A2/A3 an add
// that reads a tpop value may not update a load-derived buffer in place --
// the loop carry seeded by a load, or the if merge that holds the load in
// its other arm; A5 computes both in place. (Found by a fresh-user breaker:
// the retarget used to ignore the hazard.)
// CHECK-LABEL: func.func @carry_acc
// A3:            %n = tile.add %acc, %p : {{.*}} -> !tile.tile<64x64xf32, vec, memref = <@mem_vec_1, offset = 0, size = 16384>>
// A3-NEXT:       %{{.+}} = tile.move %n {carry}
// A5:            %n = tile.add %acc, %p : {{.*}} -> !tile.tile<64x64xf32, vec, memref = <@mem_vec_0, offset = 0, size = 16384>>
// A5-NEXT:       scf.yield %n
// CHECK-LABEL: func.func @if_msa
// A3:            %w = tile.add %l, %p : {{.*}} -> !tile.tile<64x64xf32, vec, memref = <@mem_vec_1, offset = 0, size = 16384>>
// A3:            tile.move %l {carry}
// A5:            %w = tile.add %l, %p : {{.*}} -> !tile.tile<64x64xf32, vec, memref = <@mem_vec_0, offset = 0, size = 16384>>
// A5-NEXT:       scf.yield %w
func.func @carry_acc(%in: memref<64x64xf32>, %out: memref<64x64xf32>) attributes {tile.split_mode = 1 : i64} {
  %pipe = arith.constant 0 : i32
  tile.aiv_initialize_pipe %pipe, %pipe {dir_mask = 3 : i64, slot_size = 16384 : i64}
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %l = tile.load %in[%c0, %c0] : memref<64x64xf32> -> !tile.tile<64x64xf32, vec>
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %l) -> (!tile.tile<64x64xf32, vec>) {
    %p = tile.tpop_from_aic {split = 1 : i64} : !tile.tile<64x64xf32, vec>
    %n = tile.add %acc, %p : (!tile.tile<64x64xf32, vec>, !tile.tile<64x64xf32, vec>) -> !tile.tile<64x64xf32, vec>
    scf.yield %n : !tile.tile<64x64xf32, vec>
  }
  tile.store %r, %out[%c0, %c0] : !tile.tile<64x64xf32, vec>, memref<64x64xf32>
  func.return
}
func.func @if_msa(%in: memref<64x64xf32>, %out: memref<64x64xf32>, %c: i1) attributes {tile.split_mode = 1 : i64} {
  %pipe = arith.constant 0 : i32
  tile.aiv_initialize_pipe %pipe, %pipe {dir_mask = 3 : i64, slot_size = 16384 : i64}
  %c0 = arith.constant 0 : index
  %l = tile.load %in[%c0, %c0] : memref<64x64xf32> -> !tile.tile<64x64xf32, vec>
  %r = scf.if %c -> (!tile.tile<64x64xf32, vec>) {
    %p = tile.tpop_from_aic {split = 1 : i64} : !tile.tile<64x64xf32, vec>
    %w = tile.add %l, %p : (!tile.tile<64x64xf32, vec>, !tile.tile<64x64xf32, vec>) -> !tile.tile<64x64xf32, vec>
    scf.yield %w : !tile.tile<64x64xf32, vec>
  } else {
    scf.yield %l : !tile.tile<64x64xf32, vec>
  }
  tile.store %r, %out[%c0, %c0] : !tile.tile<64x64xf32, vec>, memref<64x64xf32>
  func.return
}

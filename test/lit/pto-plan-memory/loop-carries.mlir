// RUN: xdsl-opt -p 'pto-plan-memory{backend=a3 verify=true}' %s | filecheck %s
// Idempotence: planning a planned module changes nothing.
// RUN: xdsl-opt -p 'pto-plan-memory{backend=a3},pto-plan-memory{backend=a3}' %s | filecheck %s
// RUN: xdsl-opt -p 'pto-plan-memory{backend=a3}' %s | xdsl-pto run - | filecheck %s --check-prefix=EXEC

// Loop carries (issue 4, seed 001/002 MemoryReuse steps 4, 6, 7): each function
// pins the full plan. Every kernel also runs both ways with the same result.
// EXEC: <stdin>: logical and physical runs agree (seed 0)

// A shift register of three carries (l3 <- l2 <- l1 <- new): the writebacks run
// oldest first, so each reads its source before it is overwritten; the two
// inits that share %z's buffer with a third get private copies.
// CHECK-LABEL: func.func @shift3(%in: memref<64x16xf32>, %out: memref<16x16xf32>) {
// CHECK:       tile.alloc @mem_vec_0 in vec size 1024 addr 0
// CHECK:       tile.alloc @mem_vec_1 in vec size 1024 addr 1024
// CHECK:       tile.alloc @mem_vec_2 in vec size 1024 addr 2048
// CHECK:       tile.alloc @mem_vec_3 in vec size 1024 addr 3072
// CHECK:       %z = tile.load %in[%c0, %c0] : memref<64x16xf32> -> !tile.tile<16x16xf32, vec, memref = <@mem_vec_0, offset = 0, size = 1024>>
// CHECK:       %0 = tile.move %z : (!tile.tile<16x16xf32, vec, memref = <@mem_vec_0, offset = 0, size = 1024>>) -> !tile.tile<16x16xf32, vec, memref = <@mem_vec_1, offset = 0, size = 1024>>
// CHECK:       %1 = tile.move %z : (!tile.tile<16x16xf32, vec, memref = <@mem_vec_0, offset = 0, size = 1024>>) -> !tile.tile<16x16xf32, vec, memref = <@mem_vec_2, offset = 0, size = 1024>>
// CHECK:       %r, %r_1, %r_2 = scf.for %i = %c0 to %c4 step %c1 iter_args(%l1 = %0, %l2 = %1, %l3 = %z) -> (!tile.tile<16x16xf32, vec, memref = <@mem_vec_1, offset = 0, size = 1024>>, !tile.tile<16x16xf32, vec, memref = <@mem_vec_2, offset = 0, size = 1024>>, !tile.tile<16x16xf32, vec, memref = <@mem_vec_0, offset = 0, size = 1024>>) {
// CHECK:       %row = arith.muli %i, %c16 : index
// CHECK:       %v = tile.load %in[%row, %c0] : memref<64x16xf32> -> !tile.tile<16x16xf32, vec, memref = <@mem_vec_3, offset = 0, size = 1024>>
// CHECK:       %2 = tile.move %l2 {carry} : (!tile.tile<16x16xf32, vec, memref = <@mem_vec_2, offset = 0, size = 1024>>) -> !tile.tile<16x16xf32, vec, memref = <@mem_vec_0, offset = 0, size = 1024>>
// CHECK:       %3 = tile.move %l1 {carry} : (!tile.tile<16x16xf32, vec, memref = <@mem_vec_1, offset = 0, size = 1024>>) -> !tile.tile<16x16xf32, vec, memref = <@mem_vec_2, offset = 0, size = 1024>>
// CHECK:       %4 = tile.move %v {carry} : (!tile.tile<16x16xf32, vec, memref = <@mem_vec_3, offset = 0, size = 1024>>) -> !tile.tile<16x16xf32, vec, memref = <@mem_vec_1, offset = 0, size = 1024>>
// CHECK:       scf.yield %4, %3, %2 : !tile.tile<16x16xf32, vec, memref = <@mem_vec_1, offset = 0, size = 1024>>, !tile.tile<16x16xf32, vec, memref = <@mem_vec_2, offset = 0, size = 1024>>, !tile.tile<16x16xf32, vec, memref = <@mem_vec_0, offset = 0, size = 1024>>
// CHECK:       %s = tile.add %r_1, %r_2 : (!tile.tile<16x16xf32, vec, memref = <@mem_vec_2, offset = 0, size = 1024>>, !tile.tile<16x16xf32, vec, memref = <@mem_vec_0, offset = 0, size = 1024>>) -> !tile.tile<16x16xf32, vec, memref = <@mem_vec_0, offset = 0, size = 1024>>
// CHECK:       %t = tile.sub %s, %r : (!tile.tile<16x16xf32, vec, memref = <@mem_vec_0, offset = 0, size = 1024>>, !tile.tile<16x16xf32, vec, memref = <@mem_vec_1, offset = 0, size = 1024>>) -> !tile.tile<16x16xf32, vec, memref = <@mem_vec_0, offset = 0, size = 1024>>
// CHECK:       tile.store %t, %out[%c0, %c0] : !tile.tile<16x16xf32, vec, memref = <@mem_vec_0, offset = 0, size = 1024>>, memref<16x16xf32>
// CHECK:       func.return
func.func @shift3(%in: memref<64x16xf32>, %out: memref<16x16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %z = tile.load %in[%c0, %c0] : memref<64x16xf32> -> !tile.tile<16x16xf32, vec>
  %r:3 = scf.for %i = %c0 to %c4 step %c1 iter_args(%l1 = %z, %l2 = %z, %l3 = %z) -> (!tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec>) {
    %row = arith.muli %i, %c16 : index
    %v = tile.load %in[%row, %c0] : memref<64x16xf32> -> !tile.tile<16x16xf32, vec>
    scf.yield %v, %l1, %l2 : !tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec>
  }
  %s = tile.add %r#1, %r#2 : (!tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec>) -> !tile.tile<16x16xf32, vec>
  %t = tile.sub %s, %r#0 : (!tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec>) -> !tile.tile<16x16xf32, vec>
  tile.store %t, %out[%c0, %c0] : !tile.tile<16x16xf32, vec>, memref<16x16xf32>
  func.return
}

// A three-way rotation (a, b, d) <- (b, d, a): no order of plain copies works,
// so %b is first copied to a scratch root, then d->b, a->d, scratch->a.
// CHECK-LABEL: func.func @rotate3(%in: memref<48x16xf32>, %out: memref<48x16xf32>) {
// CHECK:       tile.alloc @mem_vec_0 in vec size 1024 addr 0
// CHECK:       tile.alloc @mem_vec_1 in vec size 1024 addr 1024
// CHECK:       tile.alloc @mem_vec_2 in vec size 1024 addr 2048
// CHECK:       tile.alloc @mem_vec_3 in vec size 1024 addr 3072
// CHECK:       %a0 = tile.load %in[%c0, %c0] : memref<48x16xf32> -> !tile.tile<16x16xf32, vec, memref = <@mem_vec_0, offset = 0, size = 1024>>
// CHECK:       %b0 = tile.load %in[%c16, %c0] : memref<48x16xf32> -> !tile.tile<16x16xf32, vec, memref = <@mem_vec_1, offset = 0, size = 1024>>
// CHECK:       %d0 = tile.load %in[%c32, %c0] : memref<48x16xf32> -> !tile.tile<16x16xf32, vec, memref = <@mem_vec_2, offset = 0, size = 1024>>
// CHECK:       %r, %r_1, %r_2 = scf.for %i = %c0 to %c3 step %c1 iter_args(%a = %a0, %b = %b0, %d = %d0) -> (!tile.tile<16x16xf32, vec, memref = <@mem_vec_0, offset = 0, size = 1024>>, !tile.tile<16x16xf32, vec, memref = <@mem_vec_1, offset = 0, size = 1024>>, !tile.tile<16x16xf32, vec, memref = <@mem_vec_2, offset = 0, size = 1024>>) {
// CHECK:       %0 = tile.move %b : (!tile.tile<16x16xf32, vec, memref = <@mem_vec_1, offset = 0, size = 1024>>) -> !tile.tile<16x16xf32, vec, memref = <@mem_vec_3, offset = 0, size = 1024>>
// CHECK:       %1 = tile.move %d {carry} : (!tile.tile<16x16xf32, vec, memref = <@mem_vec_2, offset = 0, size = 1024>>) -> !tile.tile<16x16xf32, vec, memref = <@mem_vec_1, offset = 0, size = 1024>>
// CHECK:       %2 = tile.move %a {carry} : (!tile.tile<16x16xf32, vec, memref = <@mem_vec_0, offset = 0, size = 1024>>) -> !tile.tile<16x16xf32, vec, memref = <@mem_vec_2, offset = 0, size = 1024>>
// CHECK:       %3 = tile.move %0 {carry} : (!tile.tile<16x16xf32, vec, memref = <@mem_vec_3, offset = 0, size = 1024>>) -> !tile.tile<16x16xf32, vec, memref = <@mem_vec_0, offset = 0, size = 1024>>
// CHECK:       scf.yield %3, %1, %2 : !tile.tile<16x16xf32, vec, memref = <@mem_vec_0, offset = 0, size = 1024>>, !tile.tile<16x16xf32, vec, memref = <@mem_vec_1, offset = 0, size = 1024>>, !tile.tile<16x16xf32, vec, memref = <@mem_vec_2, offset = 0, size = 1024>>
// CHECK:       tile.store %r, %out[%c0, %c0] : !tile.tile<16x16xf32, vec, memref = <@mem_vec_0, offset = 0, size = 1024>>, memref<48x16xf32>
// CHECK:       tile.store %r_1, %out[%c16, %c0] : !tile.tile<16x16xf32, vec, memref = <@mem_vec_1, offset = 0, size = 1024>>, memref<48x16xf32>
// CHECK:       tile.store %r_2, %out[%c32, %c0] : !tile.tile<16x16xf32, vec, memref = <@mem_vec_2, offset = 0, size = 1024>>, memref<48x16xf32>
// CHECK:       func.return
func.func @rotate3(%in: memref<48x16xf32>, %out: memref<48x16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %a0 = tile.load %in[%c0, %c0] : memref<48x16xf32> -> !tile.tile<16x16xf32, vec>
  %b0 = tile.load %in[%c16, %c0] : memref<48x16xf32> -> !tile.tile<16x16xf32, vec>
  %d0 = tile.load %in[%c32, %c0] : memref<48x16xf32> -> !tile.tile<16x16xf32, vec>
  %r:3 = scf.for %i = %c0 to %c3 step %c1 iter_args(%a = %a0, %b = %b0, %d = %d0) -> (!tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec>) {
    scf.yield %b, %d, %a : !tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec>
  }
  tile.store %r#0, %out[%c0, %c0] : !tile.tile<16x16xf32, vec>, memref<48x16xf32>
  tile.store %r#1, %out[%c16, %c0] : !tile.tile<16x16xf32, vec>, memref<48x16xf32>
  tile.store %r#2, %out[%c32, %c0] : !tile.tile<16x16xf32, vec>, memref<48x16xf32>
  func.return
}

// Nested loops reusing one accumulator: every level carries the Acc buffer
// in place (matmul_acc reuses its operand 0), one Acc root, no move.
// CHECK-LABEL: func.func @nested_acc(%a: memref<32x32xf16>, %c: memref<32x32xf32>) {
// CHECK:       tile.alloc @mem_mat_0 in mat size 2048 addr 0
// CHECK:       tile.alloc @mem_left_1 in left size 2048 addr 0
// CHECK:       tile.alloc @mem_right_2 in right size 2048 addr 0
// CHECK:       tile.alloc @mem_acc_3 in acc size 4096 addr 0
// CHECK:       %m = tile.load %a[%c0, %c0] : memref<32x32xf16> -> !tile.tile<32x32xf16, mat, memref = <@mem_mat_0, offset = 0, size = 2048>>
// CHECK:       %l = tile.move %m : (!tile.tile<32x32xf16, mat, memref = <@mem_mat_0, offset = 0, size = 2048>>) -> !tile.tile<32x32xf16, left, memref = <@mem_left_1, offset = 0, size = 2048>>
// CHECK:       %r = tile.move %m : (!tile.tile<32x32xf16, mat, memref = <@mem_mat_0, offset = 0, size = 2048>>) -> !tile.tile<32x32xf16, right, memref = <@mem_right_2, offset = 0, size = 2048>>
// CHECK:       %acc0 = tile.create : !tile.tile<32x32xf32, acc, memref = <@mem_acc_3, offset = 0, size = 4096>>
// CHECK:       %out = scf.for %i = %c0 to %c2 step %c1 iter_args(%acc = %acc0) -> (!tile.tile<32x32xf32, acc, memref = <@mem_acc_3, offset = 0, size = 4096>>) {
// CHECK:       %inner = scf.for %j = %c0 to %c2 step %c1 iter_args(%acc_in = %acc) -> (!tile.tile<32x32xf32, acc, memref = <@mem_acc_3, offset = 0, size = 4096>>) {
// CHECK:       %ij = arith.addi %i, %j : index
// CHECK:       %first = arith.cmpi eq, %ij, %c0 : index
// CHECK:       %n = tile.matmul_acc %acc_in, %l, %r, %first : (!tile.tile<32x32xf32, acc, memref = <@mem_acc_3, offset = 0, size = 4096>>, !tile.tile<32x32xf16, left, memref = <@mem_left_1, offset = 0, size = 2048>>, !tile.tile<32x32xf16, right, memref = <@mem_right_2, offset = 0, size = 2048>>, i1) -> !tile.tile<32x32xf32, acc, memref = <@mem_acc_3, offset = 0, size = 4096>>
// CHECK:       scf.yield %n : !tile.tile<32x32xf32, acc, memref = <@mem_acc_3, offset = 0, size = 4096>>
// CHECK:       scf.yield %inner : !tile.tile<32x32xf32, acc, memref = <@mem_acc_3, offset = 0, size = 4096>>
// CHECK:       tile.store %out, %c[%c0, %c0] : !tile.tile<32x32xf32, acc, memref = <@mem_acc_3, offset = 0, size = 4096>>, memref<32x32xf32>
// CHECK:       func.return
func.func @nested_acc(%a: memref<32x32xf16>, %c: memref<32x32xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %m = tile.load %a[%c0, %c0] : memref<32x32xf16> -> !tile.tile<32x32xf16, mat>
  %l = tile.move %m : (!tile.tile<32x32xf16, mat>) -> !tile.tile<32x32xf16, left>
  %r = tile.move %m : (!tile.tile<32x32xf16, mat>) -> !tile.tile<32x32xf16, right>
  %acc0 = tile.create : !tile.tile<32x32xf32, acc>
  %out = scf.for %i = %c0 to %c2 step %c1 iter_args(%acc = %acc0) -> (!tile.tile<32x32xf32, acc>) {
    %inner = scf.for %j = %c0 to %c2 step %c1 iter_args(%acc_in = %acc) -> (!tile.tile<32x32xf32, acc>) {
      %ij = arith.addi %i, %j : index
      %first = arith.cmpi eq, %ij, %c0 : index
      %n = tile.matmul_acc %acc_in, %l, %r, %first : (!tile.tile<32x32xf32, acc>, !tile.tile<32x32xf16, left>, !tile.tile<32x32xf16, right>, i1) -> !tile.tile<32x32xf32, acc>
      scf.yield %n : !tile.tile<32x32xf32, acc>
    }
    scf.yield %inner : !tile.tile<32x32xf32, acc>
  }
  tile.store %out, %c[%c0, %c0] : !tile.tile<32x32xf32, acc>, memref<32x32xf32>
  func.return
}

// An if inside the loop whose then-arm yields the iter_arg unchanged: the
// if result, the add in the else arm and the carry all share %init's buffer.
// CHECK-LABEL: func.func @if_keeps_iter_arg(%in: memref<64x16xf32>, %out: memref<16x16xf32>) {
// CHECK:       tile.alloc @mem_vec_0 in vec size 1024 addr 0
// CHECK:       tile.alloc @mem_vec_1 in vec size 1024 addr 1024
// CHECK:       %init = tile.load %in[%c0, %c0] : memref<64x16xf32> -> !tile.tile<16x16xf32, vec, memref = <@mem_vec_0, offset = 0, size = 1024>>
// CHECK:       %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %init) -> (!tile.tile<16x16xf32, vec, memref = <@mem_vec_0, offset = 0, size = 1024>>) {
// CHECK:       %row = arith.muli %i, %c16 : index
// CHECK:       %x = tile.load %in[%row, %c0] : memref<64x16xf32> -> !tile.tile<16x16xf32, vec, memref = <@mem_vec_1, offset = 0, size = 1024>>
// CHECK:       %odd = arith.remui %i, %c2 : index
// CHECK:       %skip = arith.cmpi eq, %odd, %c1 : index
// CHECK:       %n = scf.if %skip -> (!tile.tile<16x16xf32, vec, memref = <@mem_vec_0, offset = 0, size = 1024>>) {
// CHECK:       scf.yield %acc : !tile.tile<16x16xf32, vec, memref = <@mem_vec_0, offset = 0, size = 1024>>
// CHECK:       } else {
// CHECK:       %s = tile.add %acc, %x : (!tile.tile<16x16xf32, vec, memref = <@mem_vec_0, offset = 0, size = 1024>>, !tile.tile<16x16xf32, vec, memref = <@mem_vec_1, offset = 0, size = 1024>>) -> !tile.tile<16x16xf32, vec, memref = <@mem_vec_0, offset = 0, size = 1024>>
// CHECK:       scf.yield %s : !tile.tile<16x16xf32, vec, memref = <@mem_vec_0, offset = 0, size = 1024>>
// CHECK:       scf.yield %n : !tile.tile<16x16xf32, vec, memref = <@mem_vec_0, offset = 0, size = 1024>>
// CHECK:       tile.store %r, %out[%c0, %c0] : !tile.tile<16x16xf32, vec, memref = <@mem_vec_0, offset = 0, size = 1024>>, memref<16x16xf32>
// CHECK:       func.return
func.func @if_keeps_iter_arg(%in: memref<64x16xf32>, %out: memref<16x16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %init = tile.load %in[%c0, %c0] : memref<64x16xf32> -> !tile.tile<16x16xf32, vec>
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %init) -> (!tile.tile<16x16xf32, vec>) {
    %row = arith.muli %i, %c16 : index
    %x = tile.load %in[%row, %c0] : memref<64x16xf32> -> !tile.tile<16x16xf32, vec>
    %odd = arith.remui %i, %c2 : index
    %skip = arith.cmpi eq, %odd, %c1 : index
    %n = scf.if %skip -> (!tile.tile<16x16xf32, vec>) {
      scf.yield %acc : !tile.tile<16x16xf32, vec>
    } else {
      %s = tile.add %acc, %x : (!tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec>) -> !tile.tile<16x16xf32, vec>
      scf.yield %s : !tile.tile<16x16xf32, vec>
    }
    scf.yield %n : !tile.tile<16x16xf32, vec>
  }
  tile.store %r, %out[%c0, %c0] : !tile.tile<16x16xf32, vec>, memref<16x16xf32>
  func.return
}

// Two carries seeded from one tile: the second keeps %x's buffer, the first
// gets a private copy first (the reference refuses this kernel; see README).
// CHECK-LABEL: func.func @one_tile_two_carries(%in: memref<16x16xf32>, %out: memref<32x16xf32>) {
// CHECK:       tile.alloc @mem_vec_0 in vec size 1024 addr 0
// CHECK:       tile.alloc @mem_vec_1 in vec size 1024 addr 1024
// CHECK:       %x = tile.load %in[%c0, %c0] : memref<16x16xf32> -> !tile.tile<16x16xf32, vec, memref = <@mem_vec_0, offset = 0, size = 1024>>
// CHECK:       %0 = tile.move %x : (!tile.tile<16x16xf32, vec, memref = <@mem_vec_0, offset = 0, size = 1024>>) -> !tile.tile<16x16xf32, vec, memref = <@mem_vec_1, offset = 0, size = 1024>>
// CHECK:       %r, %r_1 = scf.for %i = %c0 to %c3 step %c1 iter_args(%a = %0, %b = %x) -> (!tile.tile<16x16xf32, vec, memref = <@mem_vec_1, offset = 0, size = 1024>>, !tile.tile<16x16xf32, vec, memref = <@mem_vec_0, offset = 0, size = 1024>>) {
// CHECK:       %a2 = tile.add %a, %b : (!tile.tile<16x16xf32, vec, memref = <@mem_vec_1, offset = 0, size = 1024>>, !tile.tile<16x16xf32, vec, memref = <@mem_vec_0, offset = 0, size = 1024>>) -> !tile.tile<16x16xf32, vec, memref = <@mem_vec_1, offset = 0, size = 1024>>
// CHECK:       %b2 = tile.exp %b : (!tile.tile<16x16xf32, vec, memref = <@mem_vec_0, offset = 0, size = 1024>>) -> !tile.tile<16x16xf32, vec, memref = <@mem_vec_0, offset = 0, size = 1024>>
// CHECK:       scf.yield %a2, %b2 : !tile.tile<16x16xf32, vec, memref = <@mem_vec_1, offset = 0, size = 1024>>, !tile.tile<16x16xf32, vec, memref = <@mem_vec_0, offset = 0, size = 1024>>
// CHECK:       tile.store %r, %out[%c0, %c0] : !tile.tile<16x16xf32, vec, memref = <@mem_vec_1, offset = 0, size = 1024>>, memref<32x16xf32>
// CHECK:       tile.store %r_1, %out[%c16, %c0] : !tile.tile<16x16xf32, vec, memref = <@mem_vec_0, offset = 0, size = 1024>>, memref<32x16xf32>
// CHECK:       func.return
func.func @one_tile_two_carries(%in: memref<16x16xf32>, %out: memref<32x16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c16 = arith.constant 16 : index
  %x = tile.load %in[%c0, %c0] : memref<16x16xf32> -> !tile.tile<16x16xf32, vec>
  %r:2 = scf.for %i = %c0 to %c3 step %c1 iter_args(%a = %x, %b = %x) -> (!tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec>) {
    %a2 = tile.add %a, %b : (!tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec>) -> !tile.tile<16x16xf32, vec>
    %b2 = tile.exp %b : (!tile.tile<16x16xf32, vec>) -> !tile.tile<16x16xf32, vec>
    scf.yield %a2, %b2 : !tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec>
  }
  tile.store %r#0, %out[%c0, %c0] : !tile.tile<16x16xf32, vec>, memref<32x16xf32>
  tile.store %r#1, %out[%c16, %c0] : !tile.tile<16x16xf32, vec>, memref<32x16xf32>
  func.return
}


// RUN: xdsl-opt -p init-memref %s | filecheck %s

// scf.for: the iter_arg shares its init value's MemRef (group A) and so does
// the loop result; the yielded value keeps its own root (group B) and is
// written back into group A's buffer by a carry move placed right before the
// scf.yield.
// CHECK-LABEL: func.func @carry
// CHECK-NEXT:    tile.alloc @mem_vec_0 in vec size 4096{{$}}
// CHECK-NEXT:    tile.alloc @mem_vec_1 in vec size 4096{{$}}
// CHECK-NEXT:    tile.alloc @mem_vec_2 in vec size 4096{{$}}
// CHECK-NOT:     tile.alloc
// CHECK:         %x = tile.load {{.*}} -> !tile.tile<32x32xf32, vec, memref = <@mem_vec_0, offset = 0, size = 4096>>
// CHECK-NEXT:    %acc0 = tile.create : !tile.tile<32x32xf32, vec, memref = <@mem_vec_1, offset = 0, size = 4096>>
// CHECK-NEXT:    %res = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %acc0) -> (!tile.tile<32x32xf32, vec, memref = <@mem_vec_1, offset = 0, size = 4096>>) {
// CHECK-NEXT:      %n = tile.add %acc, %x : (!tile.tile<32x32xf32, vec, memref = <@mem_vec_1, offset = 0, size = 4096>>, !tile.tile<32x32xf32, vec, memref = <@mem_vec_0, offset = 0, size = 4096>>) -> !tile.tile<32x32xf32, vec, memref = <@mem_vec_2, offset = 0, size = 4096>>
// CHECK-NEXT:      %[[MV:.+]] = tile.move %n {carry} : (!tile.tile<32x32xf32, vec, memref = <@mem_vec_2, offset = 0, size = 4096>>) -> !tile.tile<32x32xf32, vec, memref = <@mem_vec_1, offset = 0, size = 4096>>
// CHECK-NEXT:      scf.yield %[[MV]] : !tile.tile<32x32xf32, vec, memref = <@mem_vec_1, offset = 0, size = 4096>>
// CHECK-NEXT:    }
// CHECK-NEXT:    tile.store %res, {{.*}} : !tile.tile<32x32xf32, vec, memref = <@mem_vec_1, offset = 0, size = 4096>>, memref<32x32xf32>
func.func @carry(%in: memref<32x32xf32>, %out: memref<32x32xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %x = tile.load %in[%c0, %c0] : memref<32x32xf32> -> !tile.tile<32x32xf32, vec>
  %acc0 = tile.create : !tile.tile<32x32xf32, vec>
  %res = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %acc0) -> (!tile.tile<32x32xf32, vec>) {
    %n = tile.add %acc, %x : (!tile.tile<32x32xf32, vec>, !tile.tile<32x32xf32, vec>) -> !tile.tile<32x32xf32, vec>
    scf.yield %n : !tile.tile<32x32xf32, vec>
  }
  tile.store %res, %out[%c0, %c0] : !tile.tile<32x32xf32, vec>, memref<32x32xf32>
  func.return
}

// A yielded value already on the carry's window (here an in-place
// matmul_acc) needs no carry move: the Acc accumulator stays in one buffer.
// CHECK-LABEL: func.func @acc_loop
// CHECK:         %acc0 = tile.create : !tile.tile<32x32xf32, acc, memref = <@[[ACC:mem_acc_[0-9]+]], offset = 0, size = 4096>>
// CHECK-NEXT:    %res = scf.for {{.*}} iter_args(%acc = %acc0) -> (!tile.tile<32x32xf32, acc, memref = <@[[ACC]], offset = 0, size = 4096>>) {
// CHECK-NEXT:      %first = arith.cmpi eq, %k, %c0 : index
// CHECK-NEXT:      %n = tile.matmul_acc %acc, %l, %r, %first : {{.*}} -> !tile.tile<32x32xf32, acc, memref = <@[[ACC]], offset = 0, size = 4096>>
// CHECK-NEXT:      scf.yield %n : !tile.tile<32x32xf32, acc, memref = <@[[ACC]], offset = 0, size = 4096>>
// CHECK-NEXT:    }
// CHECK-NOT:     tile.move
func.func @acc_loop(%a: memref<32x32xf16>, %c: memref<32x32xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %m = tile.load %a[%c0, %c0] : memref<32x32xf16> -> !tile.tile<32x32xf16, mat>
  %l = tile.move %m : (!tile.tile<32x32xf16, mat>) -> !tile.tile<32x32xf16, left>
  %r = tile.move %m : (!tile.tile<32x32xf16, mat>) -> !tile.tile<32x32xf16, right>
  %acc0 = tile.create : !tile.tile<32x32xf32, acc>
  %res = scf.for %k = %c0 to %c4 step %c1 iter_args(%acc = %acc0) -> (!tile.tile<32x32xf32, acc>) {
    %first = arith.cmpi eq, %k, %c0 : index
    %n = tile.matmul_acc %acc, %l, %r, %first : (!tile.tile<32x32xf32, acc>, !tile.tile<32x32xf16, left>, !tile.tile<32x32xf16, right>, i1) -> !tile.tile<32x32xf32, acc>
    scf.yield %n : !tile.tile<32x32xf32, acc>
  }
  tile.store %res, %c[%c0, %c0] : !tile.tile<32x32xf32, acc>, memref<32x32xf32>
  func.return
}

// The init value is read again after the loop: the loop must not overwrite
// it, so init-memref copies it into a fresh root (a plain move, not a carry)
// right before the loop and carries the copy.
// CHECK-LABEL: func.func @init_used_after
// CHECK-NEXT:    tile.alloc @mem_vec_0 in vec size 4096{{$}}
// CHECK-NEXT:    tile.alloc @mem_vec_1 in vec size 4096{{$}}
// CHECK-NEXT:    tile.alloc @mem_vec_2 in vec size 4096{{$}}
// CHECK-NEXT:    tile.alloc @mem_vec_3 in vec size 4096{{$}}
// CHECK-NOT:     tile.alloc
// CHECK:         %x = tile.load {{.*}} -> !tile.tile<32x32xf32, vec, memref = <@mem_vec_0, offset = 0, size = 4096>>
// CHECK-NEXT:    %[[CP:.+]] = tile.move %x : (!tile.tile<32x32xf32, vec, memref = <@mem_vec_0, offset = 0, size = 4096>>) -> !tile.tile<32x32xf32, vec, memref = <@mem_vec_1, offset = 0, size = 4096>>
// CHECK-NEXT:    %r = scf.for {{.*}} iter_args(%acc = %[[CP]]) -> (!tile.tile<32x32xf32, vec, memref = <@mem_vec_1, offset = 0, size = 4096>>) {
// CHECK-NEXT:      %n = tile.exp %acc : {{.*}} -> !tile.tile<32x32xf32, vec, memref = <@mem_vec_2, offset = 0, size = 4096>>
// CHECK-NEXT:      %[[MV:.+]] = tile.move %n {carry} : {{.*}} -> !tile.tile<32x32xf32, vec, memref = <@mem_vec_1, offset = 0, size = 4096>>
// CHECK-NEXT:      scf.yield %[[MV]]
// CHECK-NEXT:    }
// CHECK-NEXT:    %s = tile.add %r, %x : (!tile.tile<32x32xf32, vec, memref = <@mem_vec_1, offset = 0, size = 4096>>, !tile.tile<32x32xf32, vec, memref = <@mem_vec_0, offset = 0, size = 4096>>) -> !tile.tile<32x32xf32, vec, memref = <@mem_vec_3, offset = 0, size = 4096>>
func.func @init_used_after(%in: memref<32x32xf32>, %out: memref<32x32xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %x = tile.load %in[%c0, %c0] : memref<32x32xf32> -> !tile.tile<32x32xf32, vec>
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %x) -> (!tile.tile<32x32xf32, vec>) {
    %n = tile.exp %acc : (!tile.tile<32x32xf32, vec>) -> !tile.tile<32x32xf32, vec>
    scf.yield %n : !tile.tile<32x32xf32, vec>
  }
  %s = tile.add %r, %x : (!tile.tile<32x32xf32, vec>, !tile.tile<32x32xf32, vec>) -> !tile.tile<32x32xf32, vec>
  tile.store %s, %out[%c0, %c0] : !tile.tile<32x32xf32, vec>, memref<32x32xf32>
  func.return
}

// The init value is also read inside the loop body (the loop writes the
// carried buffer while %x is still needed): copied as well.
// CHECK-LABEL: func.func @init_used_inside
// CHECK:         %x = tile.load {{.*}} -> !tile.tile<32x32xf32, vec, memref = <@mem_vec_0, offset = 0, size = 4096>>
// CHECK-NEXT:    %[[CP:.+]] = tile.move %x : {{.*}} -> !tile.tile<32x32xf32, vec, memref = <@mem_vec_1, offset = 0, size = 4096>>
// CHECK-NEXT:    %r = scf.for {{.*}} iter_args(%acc = %[[CP]]) -> (!tile.tile<32x32xf32, vec, memref = <@mem_vec_1, offset = 0, size = 4096>>) {
// CHECK-NEXT:      %n = tile.add %acc, %x : (!tile.tile<32x32xf32, vec, memref = <@mem_vec_1, offset = 0, size = 4096>>, !tile.tile<32x32xf32, vec, memref = <@mem_vec_0, offset = 0, size = 4096>>) -> !tile.tile<32x32xf32, vec, memref = <@mem_vec_2, offset = 0, size = 4096>>
func.func @init_used_inside(%in: memref<32x32xf32>, %out: memref<32x32xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %x = tile.load %in[%c0, %c0] : memref<32x32xf32> -> !tile.tile<32x32xf32, vec>
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %x) -> (!tile.tile<32x32xf32, vec>) {
    %n = tile.add %acc, %x : (!tile.tile<32x32xf32, vec>, !tile.tile<32x32xf32, vec>) -> !tile.tile<32x32xf32, vec>
    scf.yield %n : !tile.tile<32x32xf32, vec>
  }
  tile.store %r, %out[%c0, %c0] : !tile.tile<32x32xf32, vec>, memref<32x32xf32>
  func.return
}

// A read of the init value strictly before the loop is harmless: no copy, the
// iter_arg takes %x's root directly.
// CHECK-LABEL: func.func @init_used_before
// CHECK:         %x = tile.load {{.*}} -> !tile.tile<32x32xf32, vec, memref = <@mem_vec_0, offset = 0, size = 4096>>
// CHECK-NEXT:    tile.store %x
// CHECK-NEXT:    %r = scf.for {{.*}} iter_args(%acc = %x) -> (!tile.tile<32x32xf32, vec, memref = <@mem_vec_0, offset = 0, size = 4096>>) {
func.func @init_used_before(%in: memref<32x32xf32>, %out: memref<32x32xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %x = tile.load %in[%c0, %c0] : memref<32x32xf32> -> !tile.tile<32x32xf32, vec>
  tile.store %x, %out[%c0, %c0] : !tile.tile<32x32xf32, vec>, memref<32x32xf32>
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %x) -> (!tile.tile<32x32xf32, vec>) {
    %n = tile.exp %acc : (!tile.tile<32x32xf32, vec>) -> !tile.tile<32x32xf32, vec>
    scf.yield %n : !tile.tile<32x32xf32, vec>
  }
  tile.store %r, %out[%c0, %c0] : !tile.tile<32x32xf32, vec>, memref<32x32xf32>
  func.return
}

// RUN: xdsl-opt -p init-memref,materialize-semantic-aliases %s | filecheck %s

// acc_next = tile.add(acc, x) is computed in the carried buffer: the carry
// move is gone, %n takes the carry's root @mem_vec_1, and @mem_vec_2 (the
// root init-memref gave %n) has no user left, so its tile.alloc is removed.
// CHECK-LABEL: func.func @accumulate
// CHECK-NEXT:    tile.alloc @mem_vec_0 in vec size 4096{{$}}
// CHECK-NEXT:    tile.alloc @mem_vec_1 in vec size 4096{{$}}
// CHECK-NOT:     tile.alloc
// CHECK:         %res = scf.for {{.*}} iter_args(%acc = %acc0) -> (!tile.tile<32x32xf32, vec, memref = <@mem_vec_1, offset = 0, size = 4096>>) {
// CHECK-NEXT:      %n = tile.add %acc, %x : (!tile.tile<32x32xf32, vec, memref = <@mem_vec_1, offset = 0, size = 4096>>, !tile.tile<32x32xf32, vec, memref = <@mem_vec_0, offset = 0, size = 4096>>) -> !tile.tile<32x32xf32, vec, memref = <@mem_vec_1, offset = 0, size = 4096>>
// CHECK-NEXT:      scf.yield %n : !tile.tile<32x32xf32, vec, memref = <@mem_vec_1, offset = 0, size = 4096>>
// CHECK-NEXT:    }
// CHECK-NOT:     tile.move
// CHECK-NOT:     mem_vec_2
func.func @accumulate(%in: memref<32x32xf32>, %out: memref<32x32xf32>) {
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

// Only the yielded value's root moves: %n lands in the carry, while the
// temporary %t (its own root, not in place) keeps @mem_vec_2.
// CHECK-LABEL: func.func @temp_stays
// CHECK-NEXT:    tile.alloc @mem_vec_0 in vec size 4096{{$}}
// CHECK-NEXT:    tile.alloc @mem_vec_1 in vec size 4096{{$}}
// CHECK-NEXT:    tile.alloc @mem_vec_2 in vec size 4096{{$}}
// CHECK-NOT:     tile.alloc
// CHECK:           %t = tile.mul %acc, %x : {{.*}} -> !tile.tile<32x32xf32, vec, memref = <@mem_vec_2, offset = 0, size = 4096>>
// CHECK-NEXT:      %n = tile.exp %t : {{.*}} -> !tile.tile<32x32xf32, vec, memref = <@mem_vec_1, offset = 0, size = 4096>>
// CHECK-NEXT:      scf.yield %n
// CHECK-NOT:     tile.move
func.func @temp_stays(%in: memref<32x32xf32>, %out: memref<32x32xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %x = tile.load %in[%c0, %c0] : memref<32x32xf32> -> !tile.tile<32x32xf32, vec>
  %acc0 = tile.create : !tile.tile<32x32xf32, vec>
  %res = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %acc0) -> (!tile.tile<32x32xf32, vec>) {
    %t = tile.mul %acc, %x : (!tile.tile<32x32xf32, vec>, !tile.tile<32x32xf32, vec>) -> !tile.tile<32x32xf32, vec>
    %n = tile.exp %t : (!tile.tile<32x32xf32, vec>) -> !tile.tile<32x32xf32, vec>
    scf.yield %n : !tile.tile<32x32xf32, vec>
  }
  tile.store %res, %out[%c0, %c0] : !tile.tile<32x32xf32, vec>, memref<32x32xf32>
  func.return
}

// The yielded value is a view (two reshapes) of %w: everything on %w's root
// moves to the carry together, so %w itself is computed in place (reading
// %acc at its own definition is fine: an op reads its inputs before it
// writes its output).
// CHECK-LABEL: func.func @view_chain
// CHECK-NEXT:    tile.alloc @mem_vec_0 in vec size 4096{{$}}
// CHECK-NEXT:    tile.alloc @mem_vec_1 in vec size 4096{{$}}
// CHECK-NOT:     tile.alloc
// CHECK:           %w = tile.mul %acc, %x : {{.*}} -> !tile.tile<32x32xf32, vec, memref = <@mem_vec_1, offset = 0, size = 4096>>
// CHECK-NEXT:      %v = tile.reshape %w : {{.*}} -> !tile.tile<16x64xf32, vec, memref = <@mem_vec_1, offset = 0, size = 4096>>
// CHECK-NEXT:      %n = tile.reshape %v : {{.*}} -> !tile.tile<32x32xf32, vec, memref = <@mem_vec_1, offset = 0, size = 4096>>
// CHECK-NEXT:      scf.yield %n
// CHECK-NOT:     tile.move
func.func @view_chain(%in: memref<32x32xf32>, %out: memref<32x32xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %x = tile.load %in[%c0, %c0] : memref<32x32xf32> -> !tile.tile<32x32xf32, vec>
  %acc0 = tile.create : !tile.tile<32x32xf32, vec>
  %res = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %acc0) -> (!tile.tile<32x32xf32, vec>) {
    %w = tile.mul %acc, %x : (!tile.tile<32x32xf32, vec>, !tile.tile<32x32xf32, vec>) -> !tile.tile<32x32xf32, vec>
    %v = tile.reshape %w : (!tile.tile<32x32xf32, vec>) -> !tile.tile<16x64xf32, vec>
    %n = tile.reshape %v : (!tile.tile<16x64xf32, vec>) -> !tile.tile<32x32xf32, vec>
    scf.yield %n : !tile.tile<32x32xf32, vec>
  }
  tile.store %res, %out[%c0, %c0] : !tile.tile<32x32xf32, vec>, memref<32x32xf32>
  func.return
}

// Nested loops, inner first: the inner accumulator is computed in the inner
// carry, which is the outer carry's root (%b's init is %a), and the outer
// yielded %t is then computed in place as well. Only %x's and the
// accumulator's roots remain.
// CHECK-LABEL: func.func @nested
// CHECK-NEXT:    tile.alloc @mem_vec_0 in vec size 4096{{$}}
// CHECK-NEXT:    tile.alloc @mem_vec_1 in vec size 4096{{$}}
// CHECK-NOT:     tile.alloc
// CHECK:         %r = scf.for {{.*}} iter_args(%a = %a0) -> (!tile.tile<32x32xf32, vec, memref = <@mem_vec_1, offset = 0, size = 4096>>) {
// CHECK-NEXT:      %r2 = scf.for {{.*}} iter_args(%b = %a) -> (!tile.tile<32x32xf32, vec, memref = <@mem_vec_1, offset = 0, size = 4096>>) {
// CHECK-NEXT:        %n = tile.add %b, %x : {{.*}} -> !tile.tile<32x32xf32, vec, memref = <@mem_vec_1, offset = 0, size = 4096>>
// CHECK-NEXT:        scf.yield %n
// CHECK-NEXT:      }
// CHECK-NEXT:      %t = tile.exp %r2 : {{.*}} -> !tile.tile<32x32xf32, vec, memref = <@mem_vec_1, offset = 0, size = 4096>>
// CHECK-NEXT:      scf.yield %t
// CHECK-NEXT:    }
// CHECK-NOT:     tile.move
func.func @nested(%in: memref<32x32xf32>, %out: memref<32x32xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %x = tile.load %in[%c0, %c0] : memref<32x32xf32> -> !tile.tile<32x32xf32, vec>
  %a0 = tile.create : !tile.tile<32x32xf32, vec>
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%a = %a0) -> (!tile.tile<32x32xf32, vec>) {
    %r2 = scf.for %j = %c0 to %c4 step %c1 iter_args(%b = %a) -> (!tile.tile<32x32xf32, vec>) {
      %n = tile.add %b, %x : (!tile.tile<32x32xf32, vec>, !tile.tile<32x32xf32, vec>) -> !tile.tile<32x32xf32, vec>
      scf.yield %n : !tile.tile<32x32xf32, vec>
    }
    %t = tile.exp %r2 : (!tile.tile<32x32xf32, vec>) -> !tile.tile<32x32xf32, vec>
    scf.yield %t : !tile.tile<32x32xf32, vec>
  }
  tile.store %r, %out[%c0, %c0] : !tile.tile<32x32xf32, vec>, memref<32x32xf32>
  func.return
}

// Nested loops where the outer iter_arg is read after the inner loop: the
// inner loop runs on its own copy (@mem_vec_2, made by init-memref) and its
// accumulator is computed there; the outer %t = %r2 + %a reads %a only at its
// own definition, so it is computed in the outer carry @mem_vec_1.
// CHECK-LABEL: func.func @nested_copy
// CHECK-NEXT:    tile.alloc @mem_vec_0 in vec size 4096{{$}}
// CHECK-NEXT:    tile.alloc @mem_vec_1 in vec size 4096{{$}}
// CHECK-NEXT:    tile.alloc @mem_vec_2 in vec size 4096{{$}}
// CHECK-NOT:     tile.alloc
// CHECK:           %[[CP:.+]] = tile.move %a : {{.*}} -> !tile.tile<32x32xf32, vec, memref = <@mem_vec_2, offset = 0, size = 4096>>
// CHECK-NEXT:      %r2 = scf.for {{.*}} iter_args(%b = %[[CP]]) -> (!tile.tile<32x32xf32, vec, memref = <@mem_vec_2, offset = 0, size = 4096>>) {
// CHECK-NEXT:        %n = tile.add %b, %x : {{.*}} -> !tile.tile<32x32xf32, vec, memref = <@mem_vec_2, offset = 0, size = 4096>>
// CHECK-NEXT:        scf.yield %n
// CHECK-NEXT:      }
// CHECK-NEXT:      %t = tile.add %r2, %a : {{.*}} -> !tile.tile<32x32xf32, vec, memref = <@mem_vec_1, offset = 0, size = 4096>>
// CHECK-NEXT:      scf.yield %t
// CHECK-NOT:     {carry}
func.func @nested_copy(%in: memref<32x32xf32>, %out: memref<32x32xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %x = tile.load %in[%c0, %c0] : memref<32x32xf32> -> !tile.tile<32x32xf32, vec>
  %a0 = tile.create : !tile.tile<32x32xf32, vec>
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%a = %a0) -> (!tile.tile<32x32xf32, vec>) {
    %r2 = scf.for %j = %c0 to %c4 step %c1 iter_args(%b = %a) -> (!tile.tile<32x32xf32, vec>) {
      %n = tile.add %b, %x : (!tile.tile<32x32xf32, vec>, !tile.tile<32x32xf32, vec>) -> !tile.tile<32x32xf32, vec>
      scf.yield %n : !tile.tile<32x32xf32, vec>
    }
    %t = tile.add %r2, %a : (!tile.tile<32x32xf32, vec>, !tile.tile<32x32xf32, vec>) -> !tile.tile<32x32xf32, vec>
    scf.yield %t : !tile.tile<32x32xf32, vec>
  }
  tile.store %r, %out[%c0, %c0] : !tile.tile<32x32xf32, vec>, memref<32x32xf32>
  func.return
}

// An if-merge: the else arm's %l is computed directly in the canonical
// (then) buffer and its carry move disappears.
// CHECK-LABEL: func.func @if_merge
// CHECK-NEXT:    tile.alloc @mem_vec_0 in vec size 4096{{$}}
// CHECK-NEXT:    tile.alloc @mem_vec_1 in vec size 4096{{$}}
// CHECK-NOT:     tile.alloc
// CHECK:           %e = tile.exp %x : {{.*}} -> !tile.tile<32x32xf32, vec, memref = <@mem_vec_1, offset = 0, size = 4096>>
// CHECK:           %l = tile.log %x : {{.*}} -> !tile.tile<32x32xf32, vec, memref = <@mem_vec_1, offset = 0, size = 4096>>
// CHECK-NEXT:      scf.yield %l
// CHECK-NOT:     tile.move
func.func @if_merge(%in: memref<32x32xf32>, %out: memref<32x32xf32>, %c: i1) {
  %c0 = arith.constant 0 : index
  %x = tile.load %in[%c0, %c0] : memref<32x32xf32> -> !tile.tile<32x32xf32, vec>
  %r = scf.if %c -> (!tile.tile<32x32xf32, vec>) {
    %e = tile.exp %x : (!tile.tile<32x32xf32, vec>) -> !tile.tile<32x32xf32, vec>
    scf.yield %e : !tile.tile<32x32xf32, vec>
  } else {
    %l = tile.log %x : (!tile.tile<32x32xf32, vec>) -> !tile.tile<32x32xf32, vec>
    scf.yield %l : !tile.tile<32x32xf32, vec>
  }
  tile.store %r, %out[%c0, %c0] : !tile.tile<32x32xf32, vec>, memref<32x32xf32>
  func.return
}

// The matmul_acc K loop in Acc: the accumulator is in place from the start,
// so there is no carry move before or after the pass and one Acc root.
// CHECK-LABEL: func.func @matmul_k
// CHECK:         tile.alloc @[[ACC:mem_acc_[0-9]+]] in acc size 4096{{$}}
// CHECK-NOT:     in acc
// CHECK:         %n = tile.matmul_acc %acc, %l, %r, %first : {{.*}} -> !tile.tile<32x32xf32, acc, memref = <@[[ACC]], offset = 0, size = 4096>>
// CHECK-NEXT:    scf.yield %n
// CHECK-NOT:     tile.move {{.*}}acc
func.func @matmul_k(%a: memref<32x32xf16>, %c: memref<32x32xf32>) {
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

// A chain of three views after the carried value's producer: the whole root
// (%w and the reshapes %v1..%v3 of it) moves onto the carry, one buffer in all.
// CHECK-LABEL: func.func @chain3
// CHECK-NEXT:    tile.alloc @mem_vec_0 in vec size 1024{{$}}
// CHECK-NOT:     tile.alloc
// CHECK:           %w = tile.exp %acc : {{.*}} -> !tile.tile<16x16xf32, vec, memref = <@mem_vec_0, offset = 0, size = 1024>>
// CHECK-NEXT:      %v1 = tile.reshape %w : {{.*}} -> !tile.tile<8x32xf32, vec, memref = <@mem_vec_0, offset = 0, size = 1024>>
// CHECK-NEXT:      %v2 = tile.reshape %v1 : {{.*}} -> !tile.tile<32x8xf32, vec, memref = <@mem_vec_0, offset = 0, size = 1024>>
// CHECK-NEXT:      %v3 = tile.reshape %v2 : {{.*}} -> !tile.tile<16x16xf32, vec, memref = <@mem_vec_0, offset = 0, size = 1024>>
// CHECK-NEXT:      scf.yield %v3
// CHECK-NOT:     tile.move
func.func @chain3(%in: memref<16x16xf32>, %out: memref<16x16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %x = tile.load %in[%c0, %c0] : memref<16x16xf32> -> !tile.tile<16x16xf32, vec>
  %res = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %x) -> (!tile.tile<16x16xf32, vec>) {
    %w = tile.exp %acc : (!tile.tile<16x16xf32, vec>) -> !tile.tile<16x16xf32, vec>
    %v1 = tile.reshape %w : (!tile.tile<16x16xf32, vec>) -> !tile.tile<8x32xf32, vec>
    %v2 = tile.reshape %v1 : (!tile.tile<8x32xf32, vec>) -> !tile.tile<32x8xf32, vec>
    %v3 = tile.reshape %v2 : (!tile.tile<32x8xf32, vec>) -> !tile.tile<16x16xf32, vec>
    scf.yield %v3 : !tile.tile<16x16xf32, vec>
  }
  tile.store %res, %out[%c0, %c0] : !tile.tile<16x16xf32, vec>, memref<16x16xf32>
  func.return
}

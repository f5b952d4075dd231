// RUN: xdsl-opt -p init-memref %s | filecheck %s

// scf.if results take one canonical buffer: the then-yield's MemRef when that
// value is computed inside the then-branch, else the else-yield's when it is
// computed in the else-branch, else a fresh root. Any arm yielding another
// buffer gets a carry move into the canonical one.

// Both arms compute: canonical = then (@mem_vec_1); the else arm moves.
// CHECK-LABEL: func.func @both_computed
// CHECK-NEXT:    tile.alloc @mem_vec_0 in vec size 4096{{$}}
// CHECK-NEXT:    tile.alloc @mem_vec_1 in vec size 4096{{$}}
// CHECK-NEXT:    tile.alloc @mem_vec_2 in vec size 4096{{$}}
// CHECK-NOT:     tile.alloc
// CHECK:         %r = scf.if %c -> (!tile.tile<32x32xf32, vec, memref = <@mem_vec_1, offset = 0, size = 4096>>) {
// CHECK-NEXT:      %e = tile.exp %x : {{.*}} -> !tile.tile<32x32xf32, vec, memref = <@mem_vec_1, offset = 0, size = 4096>>
// CHECK-NEXT:      scf.yield %e : !tile.tile<32x32xf32, vec, memref = <@mem_vec_1, offset = 0, size = 4096>>
// CHECK-NEXT:    } else {
// CHECK-NEXT:      %l = tile.log %x : {{.*}} -> !tile.tile<32x32xf32, vec, memref = <@mem_vec_2, offset = 0, size = 4096>>
// CHECK-NEXT:      %[[MV:.+]] = tile.move %l {carry} : (!tile.tile<32x32xf32, vec, memref = <@mem_vec_2, offset = 0, size = 4096>>) -> !tile.tile<32x32xf32, vec, memref = <@mem_vec_1, offset = 0, size = 4096>>
// CHECK-NEXT:      scf.yield %[[MV]] : !tile.tile<32x32xf32, vec, memref = <@mem_vec_1, offset = 0, size = 4096>>
// CHECK-NEXT:    }
func.func @both_computed(%in: memref<32x32xf32>, %out: memref<32x32xf32>, %c: i1) {
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

// The then-arm yields a value from outside the if: canonical = the else
// arm's computed value (@mem_vec_1); the then arm copies %x into it, and %x's
// own buffer is never the result's.
// CHECK-LABEL: func.func @then_outer
// CHECK-NEXT:    tile.alloc @mem_vec_0 in vec size 4096{{$}}
// CHECK-NEXT:    tile.alloc @mem_vec_1 in vec size 4096{{$}}
// CHECK-NOT:     tile.alloc
// CHECK:         %r = scf.if %c -> (!tile.tile<32x32xf32, vec, memref = <@mem_vec_1, offset = 0, size = 4096>>) {
// CHECK-NEXT:      %[[MV:.+]] = tile.move %x {carry} : (!tile.tile<32x32xf32, vec, memref = <@mem_vec_0, offset = 0, size = 4096>>) -> !tile.tile<32x32xf32, vec, memref = <@mem_vec_1, offset = 0, size = 4096>>
// CHECK-NEXT:      scf.yield %[[MV]]
// CHECK-NEXT:    } else {
// CHECK-NEXT:      %n = tile.neg %x : {{.*}} -> !tile.tile<32x32xf32, vec, memref = <@mem_vec_1, offset = 0, size = 4096>>
// CHECK-NEXT:      scf.yield %n
// CHECK-NEXT:    }
func.func @then_outer(%in: memref<32x32xf32>, %out: memref<32x32xf32>, %c: i1) {
  %c0 = arith.constant 0 : index
  %x = tile.load %in[%c0, %c0] : memref<32x32xf32> -> !tile.tile<32x32xf32, vec>
  %r = scf.if %c -> (!tile.tile<32x32xf32, vec>) {
    scf.yield %x : !tile.tile<32x32xf32, vec>
  } else {
    %n = tile.neg %x : (!tile.tile<32x32xf32, vec>) -> !tile.tile<32x32xf32, vec>
    scf.yield %n : !tile.tile<32x32xf32, vec>
  }
  tile.store %r, %out[%c0, %c0] : !tile.tile<32x32xf32, vec>, memref<32x32xf32>
  tile.store %x, %out[%c0, %c0] : !tile.tile<32x32xf32, vec>, memref<32x32xf32>
  func.return
}

// Neither arm computes its value. %x is not read after the if, so the result
// takes %x's buffer: the then arm yields it as it is and the else arm copies
// %y into it.
// CHECK-LABEL: func.func @none_computed
// CHECK-NEXT:    tile.alloc @mem_vec_0 in vec size 4096{{$}}
// CHECK-NEXT:    tile.alloc @mem_vec_1 in vec size 4096{{$}}
// CHECK-NOT:     tile.alloc
// CHECK:         %r = scf.if %c -> (!tile.tile<32x32xf32, vec, memref = <@mem_vec_0, offset = 0, size = 4096>>) {
// CHECK-NEXT:      scf.yield %x
// CHECK-NEXT:    } else {
// CHECK-NEXT:      %[[M2:.+]] = tile.move %y {carry} : (!tile.tile<32x32xf32, vec, memref = <@mem_vec_1, offset = 0, size = 4096>>) -> !tile.tile<32x32xf32, vec, memref = <@mem_vec_0, offset = 0, size = 4096>>
// CHECK-NEXT:      scf.yield %[[M2]]
// CHECK-NEXT:    }
func.func @none_computed(%in: memref<32x32xf32>, %out: memref<32x32xf32>, %c: i1) {
  %c0 = arith.constant 0 : index
  %x = tile.load %in[%c0, %c0] : memref<32x32xf32> -> !tile.tile<32x32xf32, vec>
  %y = tile.load %out[%c0, %c0] : memref<32x32xf32> -> !tile.tile<32x32xf32, vec>
  %r = scf.if %c -> (!tile.tile<32x32xf32, vec>) {
    scf.yield %x : !tile.tile<32x32xf32, vec>
  } else {
    scf.yield %y : !tile.tile<32x32xf32, vec>
  }
  tile.store %r, %out[%c0, %c0] : !tile.tile<32x32xf32, vec>, memref<32x32xf32>
  func.return
}

// Neither arm computes its value and both are read after the if: a fresh
// root for the result (numbered when the if is reached, after %x and %y),
// with a carry move on both arms.
// CHECK-LABEL: func.func @none_computed_both_live
// CHECK-NEXT:    tile.alloc @mem_vec_0 in vec size 4096{{$}}
// CHECK-NEXT:    tile.alloc @mem_vec_1 in vec size 4096{{$}}
// CHECK-NEXT:    tile.alloc @mem_vec_2 in vec size 4096{{$}}
// CHECK-NOT:     tile.alloc
// CHECK:         %r = scf.if %c -> (!tile.tile<32x32xf32, vec, memref = <@mem_vec_2, offset = 0, size = 4096>>) {
// CHECK-NEXT:      %[[M1:.+]] = tile.move %x {carry} : (!tile.tile<32x32xf32, vec, memref = <@mem_vec_0, offset = 0, size = 4096>>) -> !tile.tile<32x32xf32, vec, memref = <@mem_vec_2, offset = 0, size = 4096>>
// CHECK-NEXT:      scf.yield %[[M1]]
// CHECK-NEXT:    } else {
// CHECK-NEXT:      %[[M2:.+]] = tile.move %y {carry} : (!tile.tile<32x32xf32, vec, memref = <@mem_vec_1, offset = 0, size = 4096>>) -> !tile.tile<32x32xf32, vec, memref = <@mem_vec_2, offset = 0, size = 4096>>
// CHECK-NEXT:      scf.yield %[[M2]]
// CHECK-NEXT:    }
func.func @none_computed_both_live(%in: memref<32x32xf32>, %out: memref<32x32xf32>, %c: i1) {
  %c0 = arith.constant 0 : index
  %x = tile.load %in[%c0, %c0] : memref<32x32xf32> -> !tile.tile<32x32xf32, vec>
  %y = tile.load %out[%c0, %c0] : memref<32x32xf32> -> !tile.tile<32x32xf32, vec>
  %r = scf.if %c -> (!tile.tile<32x32xf32, vec>) {
    scf.yield %x : !tile.tile<32x32xf32, vec>
  } else {
    scf.yield %y : !tile.tile<32x32xf32, vec>
  }
  tile.store %r, %out[%c0, %c0] : !tile.tile<32x32xf32, vec>, memref<32x32xf32>
  tile.store %x, %out[%c0, %c0] : !tile.tile<32x32xf32, vec>, memref<32x32xf32>
  tile.store %y, %out[%c0, %c0] : !tile.tile<32x32xf32, vec>, memref<32x32xf32>
  func.return
}

// An if inside a loop, one arm yielding the iter_arg: the if result is on the
// then arm's root (@mem_vec_2), the else arm copies the carry into it, and the
// loop writes the if result back into the carry (@mem_vec_1).
// CHECK-LABEL: func.func @if_in_loop
// CHECK:         %res = scf.for {{.*}} iter_args(%acc = %acc0) -> (!tile.tile<32x32xf32, vec, memref = <@mem_vec_1, offset = 0, size = 4096>>) {
// CHECK-NEXT:      %r = scf.if %c -> (!tile.tile<32x32xf32, vec, memref = <@mem_vec_2, offset = 0, size = 4096>>) {
// CHECK-NEXT:        %n = tile.add %acc, %x : {{.*}} -> !tile.tile<32x32xf32, vec, memref = <@mem_vec_2, offset = 0, size = 4096>>
// CHECK-NEXT:        scf.yield %n
// CHECK-NEXT:      } else {
// CHECK-NEXT:        %[[M1:.+]] = tile.move %acc {carry} : (!tile.tile<32x32xf32, vec, memref = <@mem_vec_1, offset = 0, size = 4096>>) -> !tile.tile<32x32xf32, vec, memref = <@mem_vec_2, offset = 0, size = 4096>>
// CHECK-NEXT:        scf.yield %[[M1]]
// CHECK-NEXT:      }
// CHECK-NEXT:      %[[M2:.+]] = tile.move %r {carry} : (!tile.tile<32x32xf32, vec, memref = <@mem_vec_2, offset = 0, size = 4096>>) -> !tile.tile<32x32xf32, vec, memref = <@mem_vec_1, offset = 0, size = 4096>>
// CHECK-NEXT:      scf.yield %[[M2]]
// CHECK-NEXT:    }
func.func @if_in_loop(%in: memref<32x32xf32>, %out: memref<32x32xf32>, %c: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %x = tile.load %in[%c0, %c0] : memref<32x32xf32> -> !tile.tile<32x32xf32, vec>
  %acc0 = tile.create : !tile.tile<32x32xf32, vec>
  %res = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %acc0) -> (!tile.tile<32x32xf32, vec>) {
    %r = scf.if %c -> (!tile.tile<32x32xf32, vec>) {
      %n = tile.add %acc, %x : (!tile.tile<32x32xf32, vec>, !tile.tile<32x32xf32, vec>) -> !tile.tile<32x32xf32, vec>
      scf.yield %n : !tile.tile<32x32xf32, vec>
    } else {
      scf.yield %acc : !tile.tile<32x32xf32, vec>
    }
    scf.yield %r : !tile.tile<32x32xf32, vec>
  }
  tile.store %res, %out[%c0, %c0] : !tile.tile<32x32xf32, vec>, memref<32x32xf32>
  func.return
}

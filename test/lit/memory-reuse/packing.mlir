// RUN: xdsl-opt -p init-memref,memory-reuse %s | filecheck %s

// First-fit decreasing: roots are packed largest first, so a later, larger
// tile hosts earlier, smaller ones whose lifetimes it does not overlap. The
// buffer keeps the largest member's root and size; each member keeps its own
// window size at offset 0 of that root.
// CHECK-LABEL: func.func @later_larger_hosts
// CHECK-NEXT:    tile.alloc @mem_vec_2 in vec size 16384{{$}}
// CHECK-NOT:     tile.alloc
// CHECK:         %small = tile.load {{.*}} -> !tile.tile<32x32xf32, vec, memref = <@mem_vec_2, offset = 0, size = 4096>>
// CHECK:         %mid = tile.load {{.*}} -> !tile.tile<32x64xf32, vec, memref = <@mem_vec_2, offset = 0, size = 8192>>
// CHECK:         %big = tile.load {{.*}} -> !tile.tile<64x64xf32, vec, memref = <@mem_vec_2, offset = 0, size = 16384>>
func.func @later_larger_hosts(%a: memref<32x32xf32>, %b: memref<32x64xf32>, %c: memref<64x64xf32>) {
  %c0 = arith.constant 0 : index
  %small = tile.load %a[%c0, %c0] : memref<32x32xf32> -> !tile.tile<32x32xf32, vec>
  tile.store %small, %a[%c0, %c0] : !tile.tile<32x32xf32, vec>, memref<32x32xf32>
  %mid = tile.load %b[%c0, %c0] : memref<32x64xf32> -> !tile.tile<32x64xf32, vec>
  tile.store %mid, %b[%c0, %c0] : !tile.tile<32x64xf32, vec>, memref<32x64xf32>
  %big = tile.load %c[%c0, %c0] : memref<64x64xf32> -> !tile.tile<64x64xf32, vec>
  tile.store %big, %c[%c0, %c0] : !tile.tile<64x64xf32, vec>, memref<64x64xf32>
  func.return
}

// First fit: the largest root %q (16384) opens the first buffer; %p (4096)
// overlaps it and opens a second one; %r (4096) is disjoint from both and
// joins the first buffer in opening order, %q's (not %p's, which would fit
// just as well).
// CHECK-LABEL: func.func @first_fit
// CHECK-NEXT:    tile.alloc @mem_vec_0 in vec size 4096{{$}}
// CHECK-NEXT:    tile.alloc @mem_vec_1 in vec size 16384{{$}}
// CHECK-NOT:     tile.alloc
// CHECK:         %p = tile.load {{.*}} -> !tile.tile<32x32xf32, vec, memref = <@mem_vec_0, offset = 0, size = 4096>>
// CHECK-NEXT:    %q = tile.load {{.*}} -> !tile.tile<64x64xf32, vec, memref = <@mem_vec_1, offset = 0, size = 16384>>
// CHECK:         %r = tile.load {{.*}} -> !tile.tile<32x32xf32, vec, memref = <@mem_vec_1, offset = 0, size = 4096>>
func.func @first_fit(%a: memref<32x32xf32>, %c: memref<64x64xf32>) {
  %c0 = arith.constant 0 : index
  %p = tile.load %a[%c0, %c0] : memref<32x32xf32> -> !tile.tile<32x32xf32, vec>
  %q = tile.load %c[%c0, %c0] : memref<64x64xf32> -> !tile.tile<64x64xf32, vec>
  tile.store %p, %a[%c0, %c0] : !tile.tile<32x32xf32, vec>, memref<32x32xf32>
  tile.store %q, %c[%c0, %c0] : !tile.tile<64x64xf32, vec>, memref<64x64xf32>
  %r = tile.load %a[%c0, %c0] : memref<32x32xf32> -> !tile.tile<32x32xf32, vec>
  tile.store %r, %a[%c0, %c0] : !tile.tile<32x32xf32, vec>, memref<32x32xf32>
  func.return
}

// Only tiles of one memory space share: the Mat tile %m is disjoint in time
// from both Vec tiles but keeps its own root; %v2 reuses %v's.
// CHECK-LABEL: func.func @spaces
// CHECK-NEXT:    tile.alloc @mem_vec_0 in vec size 4096{{$}}
// CHECK-NEXT:    tile.alloc @mem_mat_1 in mat size 4096{{$}}
// CHECK-NOT:     tile.alloc
// CHECK:         %v = tile.load {{.*}} -> !tile.tile<32x32xf32, vec, memref = <@mem_vec_0, offset = 0, size = 4096>>
// CHECK:         %m = tile.load {{.*}} -> !tile.tile<32x32xf32, mat, memref = <@mem_mat_1, offset = 0, size = 4096>>
// CHECK:         %v2 = tile.load {{.*}} -> !tile.tile<32x32xf32, vec, memref = <@mem_vec_0, offset = 0, size = 4096>>
func.func @spaces(%a: memref<32x32xf32>) {
  %c0 = arith.constant 0 : index
  %v = tile.load %a[%c0, %c0] : memref<32x32xf32> -> !tile.tile<32x32xf32, vec>
  tile.store %v, %a[%c0, %c0] : !tile.tile<32x32xf32, vec>, memref<32x32xf32>
  %m = tile.load %a[%c0, %c0] : memref<32x32xf32> -> !tile.tile<32x32xf32, mat>
  tile.store %m, %a[%c0, %c0] : !tile.tile<32x32xf32, mat>, memref<32x32xf32>
  %v2 = tile.load %a[%c0, %c0] : memref<32x32xf32> -> !tile.tile<32x32xf32, vec>
  tile.store %v2, %a[%c0, %c0] : !tile.tile<32x32xf32, vec>, memref<32x32xf32>
  func.return
}

// Loop-aware lifetime: %x is defined before the loop and read inside it, so
// it lives to the loop's end (the next iteration reads it again). %y is
// defined at %x's last textual use and %z after it, yet neither may take
// %x's buffer. (%w may take %y's: both are local to one iteration.)
// CHECK-LABEL: func.func @loop_lifetime
// CHECK-NEXT:    tile.alloc @mem_vec_0 in vec size 4096{{$}}
// CHECK-NEXT:    tile.alloc @mem_vec_1 in vec size 4096{{$}}
// CHECK-NEXT:    tile.alloc @mem_vec_2 in vec size 4096{{$}}
// CHECK-NOT:     tile.alloc
// CHECK:         %x = tile.load {{.*}} -> !tile.tile<32x32xf32, vec, memref = <@mem_vec_0, offset = 0, size = 4096>>
// CHECK:           %y = tile.exp %x : {{.*}} -> !tile.tile<32x32xf32, vec, memref = <@mem_vec_1, offset = 0, size = 4096>>
// CHECK-NEXT:      %z = tile.load {{.*}} -> !tile.tile<32x32xf32, vec, memref = <@mem_vec_2, offset = 0, size = 4096>>
// CHECK-NEXT:      %w = tile.add %y, %z : {{.*}} -> !tile.tile<32x32xf32, vec, memref = <@mem_vec_1, offset = 0, size = 4096>>
func.func @loop_lifetime(%in: memref<32x32xf32>, %out: memref<32x32xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %x = tile.load %in[%c0, %c0] : memref<32x32xf32> -> !tile.tile<32x32xf32, vec>
  scf.for %i = %c0 to %c4 step %c1 {
    %y = tile.exp %x : (!tile.tile<32x32xf32, vec>) -> !tile.tile<32x32xf32, vec>
    %z = tile.load %in[%c0, %c0] : memref<32x32xf32> -> !tile.tile<32x32xf32, vec>
    %w = tile.add %y, %z : (!tile.tile<32x32xf32, vec>, !tile.tile<32x32xf32, vec>) -> !tile.tile<32x32xf32, vec>
    tile.store %w, %out[%c0, %c0] : !tile.tile<32x32xf32, vec>, memref<32x32xf32>
  }
  func.return
}

// After the loop %x is dead: a tile defined after the loop takes its buffer.
// CHECK-LABEL: func.func @after_loop
// CHECK:         %x = tile.load {{.*}} -> !tile.tile<32x32xf32, vec, memref = <@mem_vec_0, offset = 0, size = 4096>>
// CHECK:         %after = tile.load {{.*}} -> !tile.tile<32x32xf32, vec, memref = <@mem_vec_0, offset = 0, size = 4096>>
func.func @after_loop(%in: memref<32x32xf32>, %out: memref<32x32xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %x = tile.load %in[%c0, %c0] : memref<32x32xf32> -> !tile.tile<32x32xf32, vec>
  scf.for %i = %c0 to %c4 step %c1 {
    %y = tile.exp %x : (!tile.tile<32x32xf32, vec>) -> !tile.tile<32x32xf32, vec>
    tile.store %y, %out[%c0, %c0] : !tile.tile<32x32xf32, vec>, memref<32x32xf32>
  }
  %after = tile.load %in[%c0, %c0] : memref<32x32xf32> -> !tile.tile<32x32xf32, vec>
  tile.store %after, %out[%c0, %c0] : !tile.tile<32x32xf32, vec>, memref<32x32xf32>
  func.return
}

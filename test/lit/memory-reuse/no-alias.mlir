// RUN: xdsl-opt -p init-memref,memory-reuse %s | filecheck %s

// The no-alias guard (seeds 001/002, tile-op-memory-traits.md): an op whose
// result must not alias some operands keeps its result off those operands'
// buffers even when lifetimes only touch (last use == definition), which
// would otherwise allow sharing.

// Control: tile.exp may run in place, so %r takes %x's buffer.
// CHECK-LABEL: func.func @exp_in_place
// CHECK-NEXT:    tile.alloc @mem_vec_0 in vec size 4096{{$}}
// CHECK-NOT:     tile.alloc
// CHECK:         %r = tile.exp %x : {{.*}} -> !tile.tile<32x32xf32, vec, memref = <@mem_vec_0, offset = 0, size = 4096>>
func.func @exp_in_place(%in: memref<32x32xf32>, %out: memref<32x32xf32>) {
  %c0 = arith.constant 0 : index
  %x = tile.load %in[%c0, %c0] : memref<32x32xf32> -> !tile.tile<32x32xf32, vec>
  %r = tile.exp %x : (!tile.tile<32x32xf32, vec>) -> !tile.tile<32x32xf32, vec>
  tile.store %r, %out[%c0, %c0] : !tile.tile<32x32xf32, vec>, memref<32x32xf32>
  func.return
}

// tile.recip: not_inplace_safe.
// CHECK-LABEL: func.func @recip
// CHECK-NEXT:    tile.alloc @mem_vec_0 in vec size 4096{{$}}
// CHECK-NEXT:    tile.alloc @mem_vec_1 in vec size 4096{{$}}
// CHECK-NOT:     tile.alloc
// CHECK:         %r = tile.recip %x : (!tile.tile<32x32xf32, vec, memref = <@mem_vec_0, offset = 0, size = 4096>>) -> !tile.tile<32x32xf32, vec, memref = <@mem_vec_1, offset = 0, size = 4096>>
func.func @recip(%in: memref<32x32xf32>, %out: memref<32x32xf32>) {
  %c0 = arith.constant 0 : index
  %x = tile.load %in[%c0, %c0] : memref<32x32xf32> -> !tile.tile<32x32xf32, vec>
  %r = tile.recip %x : (!tile.tile<32x32xf32, vec>) -> !tile.tile<32x32xf32, vec>
  tile.store %r, %out[%c0, %c0] : !tile.tile<32x32xf32, vec>, memref<32x32xf32>
  func.return
}

// tile.rsqrt: not_inplace_safe.
// CHECK-LABEL: func.func @rsqrt
// CHECK-NEXT:    tile.alloc @mem_vec_0 in vec size 4096{{$}}
// CHECK-NEXT:    tile.alloc @mem_vec_1 in vec size 4096{{$}}
// CHECK-NOT:     tile.alloc
// CHECK:         %r = tile.rsqrt %x : (!tile.tile<32x32xf32, vec, memref = <@mem_vec_0, offset = 0, size = 4096>>) -> !tile.tile<32x32xf32, vec, memref = <@mem_vec_1, offset = 0, size = 4096>>
func.func @rsqrt(%in: memref<32x32xf32>, %out: memref<32x32xf32>) {
  %c0 = arith.constant 0 : index
  %x = tile.load %in[%c0, %c0] : memref<32x32xf32> -> !tile.tile<32x32xf32, vec>
  %r = tile.rsqrt %x : (!tile.tile<32x32xf32, vec>) -> !tile.tile<32x32xf32, vec>
  tile.store %r, %out[%c0, %c0] : !tile.tile<32x32xf32, vec>, memref<32x32xf32>
  func.return
}

// tile.row_sum: not_inplace_safe, for the source and the tmp alike. The
// [64, 1] sum would fit in either dying 64x128 buffer.
// CHECK-LABEL: func.func @row_sum
// CHECK-NEXT:    tile.alloc @mem_vec_0 in vec size 32768{{$}}
// CHECK-NEXT:    tile.alloc @mem_vec_1 in vec size 32768{{$}}
// CHECK-NEXT:    tile.alloc @mem_vec_2 in vec size 256{{$}}
// CHECK-NOT:     tile.alloc
// CHECK:         %s = tile.row_sum %x, %tmp : {{.*}} -> !tile.tile<64x1xf32, vec, memref = <@mem_vec_2, offset = 0, size = 256>>
func.func @row_sum(%in: memref<64x128xf32>, %out: memref<64x1xf32>) {
  %c0 = arith.constant 0 : index
  %x = tile.load %in[%c0, %c0] : memref<64x128xf32> -> !tile.tile<64x128xf32, vec>
  %tmp = tile.create : !tile.tile<64x128xf32, vec>
  %s = tile.row_sum %x, %tmp : (!tile.tile<64x128xf32, vec>, !tile.tile<64x128xf32, vec>) -> !tile.tile<64x1xf32, vec>
  tile.store %s, %out[%c0, %c0] : !tile.tile<64x1xf32, vec>, memref<64x1xf32>
  func.return
}

// tile.row_expand_sub: no_alias(1), the [64, 1] row vector. %t outlives the
// op, so %s opens its own buffer; %m dies at %s's definition and, being
// smaller, would be packed into %s's buffer without the guard.
// CHECK-LABEL: func.func @row_expand_sub
// CHECK-NEXT:    tile.alloc @mem_vec_0 in vec size 32768{{$}}
// CHECK-NEXT:    tile.alloc @mem_vec_1 in vec size 256{{$}}
// CHECK-NEXT:    tile.alloc @mem_vec_2 in vec size 32768{{$}}
// CHECK-NOT:     tile.alloc
// CHECK:         %m = tile.load {{.*}} -> !tile.tile<64x1xf32, vec, memref = <@mem_vec_1, offset = 0, size = 256>>
// CHECK-NEXT:    %s = tile.row_expand_sub %t, %m : {{.*}} -> !tile.tile<64x128xf32, vec, memref = <@mem_vec_2, offset = 0, size = 32768>>
func.func @row_expand_sub(%in: memref<64x128xf32>, %v: memref<64x1xf32>, %out: memref<64x128xf32>) {
  %c0 = arith.constant 0 : index
  %t = tile.load %in[%c0, %c0] : memref<64x128xf32> -> !tile.tile<64x128xf32, vec>
  %m = tile.load %v[%c0, %c0] : memref<64x1xf32> -> !tile.tile<64x1xf32, vec>
  %s = tile.row_expand_sub %t, %m : (!tile.tile<64x128xf32, vec>, !tile.tile<64x1xf32, vec>) -> !tile.tile<64x128xf32, vec>
  tile.store %s, %out[%c0, %c0] : !tile.tile<64x128xf32, vec>, memref<64x128xf32>
  tile.store %t, %out[%c0, %c0] : !tile.tile<64x128xf32, vec>, memref<64x128xf32>
  func.return
}

// ... while operand 0 of a row_expand_* may be overwritten in place.
// CHECK-LABEL: func.func @row_expand_sub_in_place
// CHECK-NEXT:    tile.alloc @mem_vec_0 in vec size 32768{{$}}
// CHECK-NEXT:    tile.alloc @mem_vec_1 in vec size 256{{$}}
// CHECK-NOT:     tile.alloc
// CHECK:         %s = tile.row_expand_sub %t, %m : {{.*}} -> !tile.tile<64x128xf32, vec, memref = <@mem_vec_0, offset = 0, size = 32768>>
func.func @row_expand_sub_in_place(%in: memref<64x128xf32>, %v: memref<64x1xf32>, %out: memref<64x128xf32>) {
  %c0 = arith.constant 0 : index
  %t = tile.load %in[%c0, %c0] : memref<64x128xf32> -> !tile.tile<64x128xf32, vec>
  %m = tile.load %v[%c0, %c0] : memref<64x1xf32> -> !tile.tile<64x1xf32, vec>
  %s = tile.row_expand_sub %t, %m : (!tile.tile<64x128xf32, vec>, !tile.tile<64x1xf32, vec>) -> !tile.tile<64x128xf32, vec>
  tile.store %s, %out[%c0, %c0] : !tile.tile<64x128xf32, vec>, memref<64x128xf32>
  func.return
}

// tile.col_expand_mul: no_alias(1), the [1, 128] column tile (same setup).
// CHECK-LABEL: func.func @col_expand_mul
// CHECK-NEXT:    tile.alloc @mem_vec_0 in vec size 32768{{$}}
// CHECK-NEXT:    tile.alloc @mem_vec_1 in vec size 512{{$}}
// CHECK-NEXT:    tile.alloc @mem_vec_2 in vec size 32768{{$}}
// CHECK-NOT:     tile.alloc
// CHECK:         %s = tile.col_expand_mul %t, %m : {{.*}} -> !tile.tile<64x128xf32, vec, memref = <@mem_vec_2, offset = 0, size = 32768>>
func.func @col_expand_mul(%in: memref<64x128xf32>, %v: memref<1x128xf32>, %out: memref<64x128xf32>) {
  %c0 = arith.constant 0 : index
  %t = tile.load %in[%c0, %c0] : memref<64x128xf32> -> !tile.tile<64x128xf32, vec>
  %m = tile.load %v[%c0, %c0] : memref<1x128xf32> -> !tile.tile<1x128xf32, vec>
  %s = tile.col_expand_mul %t, %m : (!tile.tile<64x128xf32, vec>, !tile.tile<1x128xf32, vec>) -> !tile.tile<64x128xf32, vec>
  tile.store %s, %out[%c0, %c0] : !tile.tile<64x128xf32, vec>, memref<64x128xf32>
  tile.store %t, %out[%c0, %c0] : !tile.tile<64x128xf32, vec>, memref<64x128xf32>
  func.return
}

// tile.sel: no_alias(0), the mask. lhs, rhs and tmp outlive the op, so %out
// opens its own buffer, which the dying (smaller, i8) mask would otherwise
// join.
// CHECK-LABEL: func.func @sel_mask
// CHECK-NEXT:    tile.alloc @mem_vec_0 in vec size 32768{{$}}
// CHECK-NEXT:    tile.alloc @mem_vec_1 in vec size 32768{{$}}
// CHECK-NEXT:    tile.alloc @mem_vec_2 in vec size 32768{{$}}
// CHECK-NEXT:    tile.alloc @mem_vec_3 in vec size 8192{{$}}
// CHECK-NEXT:    tile.alloc @mem_vec_4 in vec size 32768{{$}}
// CHECK-NOT:     tile.alloc
// CHECK:         %out = tile.sel %mask, %lhs, %rhs, %tmp : {{.*}} -> !tile.tile<64x128xf32, vec, memref = <@mem_vec_4, offset = 0, size = 32768>>
func.func @sel_mask(%f: memref<64x128xf32>, %m: memref<64x128xi8>) {
  %c0 = arith.constant 0 : index
  %lhs = tile.load %f[%c0, %c0] : memref<64x128xf32> -> !tile.tile<64x128xf32, vec>
  %rhs = tile.load %f[%c0, %c0] : memref<64x128xf32> -> !tile.tile<64x128xf32, vec>
  %tmp = tile.create : !tile.tile<64x128xf32, vec>
  %mask = tile.load %m[%c0, %c0] : memref<64x128xi8> -> !tile.tile<64x128xi8, vec>
  %out = tile.sel %mask, %lhs, %rhs, %tmp : (!tile.tile<64x128xi8, vec>, !tile.tile<64x128xf32, vec>, !tile.tile<64x128xf32, vec>, !tile.tile<64x128xf32, vec>) -> !tile.tile<64x128xf32, vec>
  tile.store %out, %f[%c0, %c0] : !tile.tile<64x128xf32, vec>, memref<64x128xf32>
  tile.store %lhs, %f[%c0, %c0] : !tile.tile<64x128xf32, vec>, memref<64x128xf32>
  tile.store %rhs, %f[%c0, %c0] : !tile.tile<64x128xf32, vec>, memref<64x128xf32>
  tile.store %tmp, %f[%c0, %c0] : !tile.tile<64x128xf32, vec>, memref<64x128xf32>
  func.return
}

// tile.sel: no_alias(3), the tmp. Only tmp dies at the op; %out would take
// its buffer without the guard.
// CHECK-LABEL: func.func @sel_tmp
// CHECK-NEXT:    tile.alloc @mem_vec_0 in vec size 32768{{$}}
// CHECK-NEXT:    tile.alloc @mem_vec_1 in vec size 32768{{$}}
// CHECK-NEXT:    tile.alloc @mem_vec_2 in vec size 32768{{$}}
// CHECK-NEXT:    tile.alloc @mem_vec_3 in vec size 8192{{$}}
// CHECK-NEXT:    tile.alloc @mem_vec_4 in vec size 32768{{$}}
// CHECK-NOT:     tile.alloc
// CHECK:         %out = tile.sel %mask, %lhs, %rhs, %tmp : {{.*}} -> !tile.tile<64x128xf32, vec, memref = <@mem_vec_4, offset = 0, size = 32768>>
func.func @sel_tmp(%f: memref<64x128xf32>, %m: memref<64x128xi8>) {
  %c0 = arith.constant 0 : index
  %lhs = tile.load %f[%c0, %c0] : memref<64x128xf32> -> !tile.tile<64x128xf32, vec>
  %rhs = tile.load %f[%c0, %c0] : memref<64x128xf32> -> !tile.tile<64x128xf32, vec>
  %tmp = tile.create : !tile.tile<64x128xf32, vec>
  %mask = tile.load %m[%c0, %c0] : memref<64x128xi8> -> !tile.tile<64x128xi8, vec>
  %out = tile.sel %mask, %lhs, %rhs, %tmp : (!tile.tile<64x128xi8, vec>, !tile.tile<64x128xf32, vec>, !tile.tile<64x128xf32, vec>, !tile.tile<64x128xf32, vec>) -> !tile.tile<64x128xf32, vec>
  tile.store %out, %f[%c0, %c0] : !tile.tile<64x128xf32, vec>, memref<64x128xf32>
  tile.store %lhs, %f[%c0, %c0] : !tile.tile<64x128xf32, vec>, memref<64x128xf32>
  tile.store %rhs, %f[%c0, %c0] : !tile.tile<64x128xf32, vec>, memref<64x128xf32>
  tile.store %mask, %m[%c0, %c0] : !tile.tile<64x128xi8, vec>, memref<64x128xi8>
  func.return
}

// Control: tile.sel may overwrite lhs in place.
// CHECK-LABEL: func.func @sel_lhs
// CHECK-NEXT:    tile.alloc @mem_vec_0 in vec size 32768{{$}}
// CHECK-NEXT:    tile.alloc @mem_vec_1 in vec size 32768{{$}}
// CHECK-NEXT:    tile.alloc @mem_vec_2 in vec size 32768{{$}}
// CHECK-NEXT:    tile.alloc @mem_vec_3 in vec size 8192{{$}}
// CHECK-NOT:     tile.alloc
// CHECK:         %out = tile.sel %mask, %lhs, %rhs, %tmp : {{.*}} -> !tile.tile<64x128xf32, vec, memref = <@mem_vec_0, offset = 0, size = 32768>>
func.func @sel_lhs(%f: memref<64x128xf32>, %m: memref<64x128xi8>) {
  %c0 = arith.constant 0 : index
  %lhs = tile.load %f[%c0, %c0] : memref<64x128xf32> -> !tile.tile<64x128xf32, vec>
  %rhs = tile.load %f[%c0, %c0] : memref<64x128xf32> -> !tile.tile<64x128xf32, vec>
  %tmp = tile.create : !tile.tile<64x128xf32, vec>
  %mask = tile.load %m[%c0, %c0] : memref<64x128xi8> -> !tile.tile<64x128xi8, vec>
  %out = tile.sel %mask, %lhs, %rhs, %tmp : (!tile.tile<64x128xi8, vec>, !tile.tile<64x128xf32, vec>, !tile.tile<64x128xf32, vec>, !tile.tile<64x128xf32, vec>) -> !tile.tile<64x128xf32, vec>
  tile.store %out, %f[%c0, %c0] : !tile.tile<64x128xf32, vec>, memref<64x128xf32>
  tile.store %rhs, %f[%c0, %c0] : !tile.tile<64x128xf32, vec>, memref<64x128xf32>
  tile.store %tmp, %f[%c0, %c0] : !tile.tile<64x128xf32, vec>, memref<64x128xf32>
  tile.store %mask, %m[%c0, %c0] : !tile.tile<64x128xi8, vec>, memref<64x128xi8>
  func.return
}

// tile.move is never in place: TMOV needs distinct addresses.
// CHECK-LABEL: func.func @move
// CHECK-NEXT:    tile.alloc @mem_vec_0 in vec size 4096{{$}}
// CHECK-NEXT:    tile.alloc @mem_vec_1 in vec size 4096{{$}}
// CHECK-NOT:     tile.alloc
// CHECK:         %y = tile.move %x : (!tile.tile<32x32xf32, vec, memref = <@mem_vec_0, offset = 0, size = 4096>>) -> !tile.tile<32x32xf32, vec, memref = <@mem_vec_1, offset = 0, size = 4096>>
func.func @move(%in: memref<32x32xf32>, %out: memref<32x32xf32>) {
  %c0 = arith.constant 0 : index
  %x = tile.load %in[%c0, %c0] : memref<32x32xf32> -> !tile.tile<32x32xf32, vec>
  %y = tile.move %x : (!tile.tile<32x32xf32, vec>) -> !tile.tile<32x32xf32, vec>
  tile.store %y, %out[%c0, %c0] : !tile.tile<32x32xf32, vec>, memref<32x32xf32>
  func.return
}

// A forbidden operand reached through a view: %v is a window of %x's root,
// so tile.recip's result may not go on that root either.
// CHECK-LABEL: func.func @through_view
// CHECK-NEXT:    tile.alloc @mem_vec_0 in vec size 16384{{$}}
// CHECK-NEXT:    tile.alloc @mem_vec_1 in vec size 8192{{$}}
// CHECK-NOT:     tile.alloc
// CHECK:         %r = tile.recip %v : (!tile.tile<32x64xf32, vec, memref = <@mem_vec_0, offset = 8192, size = 8192>>) -> !tile.tile<32x64xf32, vec, memref = <@mem_vec_1, offset = 0, size = 8192>>
func.func @through_view(%in: memref<64x64xf32>, %out: memref<32x64xf32>) {
  %c0 = arith.constant 0 : index
  %c32 = arith.constant 32 : index
  %x = tile.load %in[%c0, %c0] : memref<64x64xf32> -> !tile.tile<64x64xf32, vec>
  %v = tile.slice %x, %c32, %c0 : (!tile.tile<64x64xf32, vec>, index, index) -> !tile.tile<32x64xf32, vec>
  %r = tile.recip %v : (!tile.tile<32x64xf32, vec>) -> !tile.tile<32x64xf32, vec>
  tile.store %r, %out[%c0, %c0] : !tile.tile<32x64xf32, vec>, memref<32x64xf32>
  func.return
}

// Control: with tile.exp the same result is packed onto %x's root.
// CHECK-LABEL: func.func @through_view_exp
// CHECK-NEXT:    tile.alloc @mem_vec_0 in vec size 16384{{$}}
// CHECK-NOT:     tile.alloc
// CHECK:         %r = tile.exp %v : {{.*}} -> !tile.tile<32x64xf32, vec, memref = <@mem_vec_0, offset = 0, size = 8192>>
func.func @through_view_exp(%in: memref<64x64xf32>, %out: memref<32x64xf32>) {
  %c0 = arith.constant 0 : index
  %c32 = arith.constant 32 : index
  %x = tile.load %in[%c0, %c0] : memref<64x64xf32> -> !tile.tile<64x64xf32, vec>
  %v = tile.slice %x, %c32, %c0 : (!tile.tile<64x64xf32, vec>, index, index) -> !tile.tile<32x64xf32, vec>
  %r = tile.exp %v : (!tile.tile<32x64xf32, vec>) -> !tile.tile<32x64xf32, vec>
  tile.store %r, %out[%c0, %c0] : !tile.tile<32x64xf32, vec>, memref<32x64xf32>
  func.return
}

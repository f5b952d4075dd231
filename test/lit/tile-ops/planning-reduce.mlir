// RUN: xdsl-opt -p 'init-memref,materialize-semantic-aliases,memory-reuse{backend=a3}' %s | filecheck %s

// memory-reuse keeps the traits of issue 23's ops (reference/tile-op-memory-traits.md),
// asked through the op definitions: in every function the source dies at the op,
// so only a not_inplace_safe trait keeps the result off its bytes; an in-place
// op (write: rw(0); fillpad_inplace: reuses(0), rw(0)) computes on its
// operand's buffer, first copied by init-memref when the old contents are
// read afterwards.

// row_prod: not_inplace_safe: the result never takes the dying source's (or tmp's) bytes.
// CHECK-LABEL: func.func @row_prod
// CHECK:       %x = {{.*}} memref = <@mem_vec_0, offset = 0, size = 4096>>
// CHECK:       %t = {{.*}} memref = <@mem_vec_1, offset = 0, size = 4096>>
// CHECK:       %r = {{.*}} memref = <@mem_vec_2, offset = 0, size = 64>>{{$}}
func.func @row_prod(%a: memref<16x64xf32>, %o: memref<16x1xf32>) {
  %c0 = arith.constant 0 : index
  %x = tile.load %a[%c0, %c0] : memref<16x64xf32> -> !tile.tile<16x64xf32, vec>
  %t = tile.create : !tile.tile<16x64xf32, vec>
  %r = tile.row_prod %x, %t : (!tile.tile<16x64xf32, vec>, !tile.tile<16x64xf32, vec>) -> !tile.tile<16x1xf32, vec>
  tile.store %r, %o[%c0, %c0] : !tile.tile<16x1xf32, vec>, memref<16x1xf32>
  func.return
}

// row_argmax: not_inplace_safe.
// CHECK-LABEL: func.func @row_argmax
// CHECK:       %x = {{.*}} memref = <@mem_vec_0, offset = 0, size = 4096>>
// CHECK:       %t = {{.*}} memref = <@mem_vec_1, offset = 0, size = 4096>>
// CHECK:       %r = {{.*}} memref = <@mem_vec_2, offset = 0, size = 64>>{{$}}
func.func @row_argmax(%a: memref<16x64xf32>, %o: memref<16x1xi32>) {
  %c0 = arith.constant 0 : index
  %x = tile.load %a[%c0, %c0] : memref<16x64xf32> -> !tile.tile<16x64xf32, vec>
  %t = tile.create : !tile.tile<16x64xf32, vec>
  %r = tile.row_argmax %x, %t : (!tile.tile<16x64xf32, vec>, !tile.tile<16x64xf32, vec>) -> !tile.tile<16x1xi32, vec>
  tile.store %r, %o[%c0, %c0] : !tile.tile<16x1xi32, vec>, memref<16x1xi32>
  func.return
}

// row_argmin: not_inplace_safe.
// CHECK-LABEL: func.func @row_argmin
// CHECK:       %x = {{.*}} memref = <@mem_vec_0, offset = 0, size = 4096>>
// CHECK:       %t = {{.*}} memref = <@mem_vec_1, offset = 0, size = 4096>>
// CHECK:       %r = {{.*}} memref = <@mem_vec_2, offset = 0, size = 64>>{{$}}
func.func @row_argmin(%a: memref<16x64xf32>, %o: memref<16x1xi32>) {
  %c0 = arith.constant 0 : index
  %x = tile.load %a[%c0, %c0] : memref<16x64xf32> -> !tile.tile<16x64xf32, vec>
  %t = tile.create : !tile.tile<16x64xf32, vec>
  %r = tile.row_argmin %x, %t : (!tile.tile<16x64xf32, vec>, !tile.tile<16x64xf32, vec>) -> !tile.tile<16x1xi32, vec>
  tile.store %r, %o[%c0, %c0] : !tile.tile<16x1xi32, vec>, memref<16x1xi32>
  func.return
}

// col_argmax: not_inplace_safe.
// CHECK-LABEL: func.func @col_argmax
// CHECK:       %x = {{.*}} memref = <@mem_vec_0, offset = 0, size = 4096>>
// CHECK:       %t = {{.*}} memref = <@mem_vec_1, offset = 0, size = 4096>>
// CHECK:       %r = {{.*}} memref = <@mem_vec_2, offset = 0, size = 256>>{{$}}
func.func @col_argmax(%a: memref<16x64xf32>, %o: memref<1x64xi32>) {
  %c0 = arith.constant 0 : index
  %x = tile.load %a[%c0, %c0] : memref<16x64xf32> -> !tile.tile<16x64xf32, vec>
  %t = tile.create : !tile.tile<16x64xf32, vec>
  %r = tile.col_argmax %x, %t : (!tile.tile<16x64xf32, vec>, !tile.tile<16x64xf32, vec>) -> !tile.tile<1x64xi32, vec>
  tile.store %r, %o[%c0, %c0] : !tile.tile<1x64xi32, vec>, memref<1x64xi32>
  func.return
}

// col_argmin: not_inplace_safe.
// CHECK-LABEL: func.func @col_argmin
// CHECK:       %x = {{.*}} memref = <@mem_vec_0, offset = 0, size = 4096>>
// CHECK:       %t = {{.*}} memref = <@mem_vec_1, offset = 0, size = 4096>>
// CHECK:       %r = {{.*}} memref = <@mem_vec_2, offset = 0, size = 256>>{{$}}
func.func @col_argmin(%a: memref<16x64xf32>, %o: memref<1x64xi32>) {
  %c0 = arith.constant 0 : index
  %x = tile.load %a[%c0, %c0] : memref<16x64xf32> -> !tile.tile<16x64xf32, vec>
  %t = tile.create : !tile.tile<16x64xf32, vec>
  %r = tile.col_argmin %x, %t : (!tile.tile<16x64xf32, vec>, !tile.tile<16x64xf32, vec>) -> !tile.tile<1x64xi32, vec>
  tile.store %r, %o[%c0, %c0] : !tile.tile<1x64xi32, vec>, memref<1x64xi32>
  func.return
}

// col_sum: no trait (the traits table lists none, tmp or not): the result takes the dying source's bytes.
// CHECK-LABEL: func.func @col_sum
// CHECK:       %x = {{.*}} memref = <@mem_vec_0, offset = 0, size = 4096>>
// CHECK:       %t = {{.*}} memref = <@mem_vec_1, offset = 0, size = 4096>>
// CHECK:       %r = {{.*}} memref = <@mem_vec_0, offset = 0, size = 256>>{{$}}
func.func @col_sum(%a: memref<16x64xf32>, %o: memref<1x64xf32>) {
  %c0 = arith.constant 0 : index
  %x = tile.load %a[%c0, %c0] : memref<16x64xf32> -> !tile.tile<16x64xf32, vec>
  %t = tile.create : !tile.tile<16x64xf32, vec>
  %r = tile.col_sum %x, %t : (!tile.tile<16x64xf32, vec>, !tile.tile<16x64xf32, vec>) -> !tile.tile<1x64xf32, vec>
  tile.store %r, %o[%c0, %c0] : !tile.tile<1x64xf32, vec>, memref<1x64xf32>
  func.return
}

// col_max: no trait: the result takes the dying source's bytes.
// CHECK-LABEL: func.func @col_max
// CHECK:       %x = {{.*}} memref = <@mem_vec_0, offset = 0, size = 4096>>
// CHECK:       %r = {{.*}} memref = <@mem_vec_0, offset = 0, size = 256>>{{$}}
func.func @col_max(%a: memref<16x64xf32>, %o: memref<1x64xf32>) {
  %c0 = arith.constant 0 : index
  %x = tile.load %a[%c0, %c0] : memref<16x64xf32> -> !tile.tile<16x64xf32, vec>
  %r = tile.col_max %x : (!tile.tile<16x64xf32, vec>) -> !tile.tile<1x64xf32, vec>
  tile.store %r, %o[%c0, %c0] : !tile.tile<1x64xf32, vec>, memref<1x64xf32>
  func.return
}

// fillpad: no trait (seed 002: a fillpad output may reuse its input): the same bytes, another type.
// CHECK-LABEL: func.func @fillpad
// CHECK:       %x = {{.*}} memref = <@mem_vec_0, offset = 0, size = 4096>>
// CHECK:       %r = {{.*}} memref = <@mem_vec_0, offset = 0, size = 4096>>{{$}}
func.func @fillpad(%a: memref<16x64xf32>, %o: memref<16x64xf32>) {
  %c0 = arith.constant 0 : index
  %x = tile.load %a[%c0, %c0] : memref<16x64xf32> -> !tile.tile<16x64xf32, vec>
  %r = tile.fillpad %x : (!tile.tile<16x64xf32, vec>) -> !tile.tile<16x64xf32, vec, pad = 1>
  tile.store %r, %o[%c0, %c0] : !tile.tile<16x64xf32, vec, pad = 1>, memref<16x64xf32>
  func.return
}

// fillpad_expand: not_inplace_safe: a root of its own although the source dies here.
// CHECK-LABEL: func.func @fillpad_expand
// CHECK:       %x = {{.*}} memref = <@mem_vec_0, offset = 0, size = 4096>>
// CHECK:       %r = {{.*}} memref = <@mem_vec_1, offset = 0, size = 8192>>{{$}}
func.func @fillpad_expand(%a: memref<16x64xf32>, %o: memref<16x128xf32>) {
  %c0 = arith.constant 0 : index
  %x = tile.load %a[%c0, %c0] : memref<16x64xf32> -> !tile.tile<16x64xf32, vec>
  %r = tile.fillpad_expand %x : (!tile.tile<16x64xf32, vec>) -> !tile.tile<16x128xf32, vec, pad = 3>
  tile.store %r, %o[%c0, %c0] : !tile.tile<16x128xf32, vec, pad = 3>, memref<16x128xf32>
  func.return
}

// write (rw(0)): the result is its tile's buffer.
// CHECK-LABEL: func.func @write_in_place
// CHECK:       %x = {{.*}} memref = <@mem_vec_0, offset = 0, size = 4096>>
// CHECK-NEXT:  %w = tile.write %x, {{.*}} memref = <@mem_vec_0, offset = 0, size = 4096>>
func.func @write_in_place(%a: memref<16x64xf32>, %o: memref<16x64xf32>, %v: f32) {
  %c0 = arith.constant 0 : index
  %x = tile.load %a[%c0, %c0] : memref<16x64xf32> -> !tile.tile<16x64xf32, vec>
  %w = tile.write %x, %c0, %c0, %v : (!tile.tile<16x64xf32, vec>, index, index, f32) -> !tile.tile<16x64xf32, vec>
  tile.store %w, %o[%c0, %c0] : !tile.tile<16x64xf32, vec>, memref<16x64xf32>
  func.return
}

// %x is stored after the write: the write updates a copy.
// CHECK-LABEL: func.func @write_copies_a_live_operand
// CHECK:       %x = {{.*}} memref = <@mem_vec_0, offset = 0, size = 4096>>
// CHECK-NEXT:  %[[C:.*]] = tile.move %x {{.*}} memref = <@mem_vec_1, offset = 0, size = 4096>>
// CHECK-NEXT:  %w = tile.write %[[C]], {{.*}} memref = <@mem_vec_1, offset = 0, size = 4096>>
// CHECK:       tile.store %x, %a{{.*}} memref = <@mem_vec_0, offset = 0, size = 4096>>
func.func @write_copies_a_live_operand(%a: memref<16x64xf32>, %o: memref<16x64xf32>, %v: f32) {
  %c0 = arith.constant 0 : index
  %x = tile.load %a[%c0, %c0] : memref<16x64xf32> -> !tile.tile<16x64xf32, vec>
  %w = tile.write %x, %c0, %c0, %v : (!tile.tile<16x64xf32, vec>, index, index, f32) -> !tile.tile<16x64xf32, vec>
  tile.store %w, %o[%c0, %c0] : !tile.tile<16x64xf32, vec>, memref<16x64xf32>
  tile.store %x, %a[%c0, %c0] : !tile.tile<16x64xf32, vec>, memref<16x64xf32>
  func.return
}

// fillpad_inplace (reuses(0), rw(0)): on its operand's buffer, a copy when %x is read later.
// CHECK-LABEL: func.func @fillpad_inplace
// CHECK:       %x = {{.*}} memref = <@mem_vec_0, offset = 0, size = 4096>>
// CHECK-NEXT:  %[[C:.*]] = tile.move %x {{.*}} memref = <@mem_vec_1, offset = 0, size = 4096>>
// CHECK-NEXT:  %p = tile.fillpad_inplace %[[C]] {{.*}} memref = <@mem_vec_1, offset = 0, size = 4096>>
func.func @fillpad_inplace(%a: memref<16x64xf32>, %o: memref<16x64xf32>) {
  %c0 = arith.constant 0 : index
  %x = tile.load %a[%c0, %c0] : memref<16x64xf32> -> !tile.tile<16x64xf32, vec, valid = 16x40, pad = 2>
  %p = tile.fillpad_inplace %x : (!tile.tile<16x64xf32, vec, valid = 16x40, pad = 2>) -> !tile.tile<16x64xf32, vec, valid = 16x40, pad = 2>
  tile.store %p, %o[%c0, %c0] : !tile.tile<16x64xf32, vec, valid = 16x40, pad = 2>, memref<16x64xf32>
  tile.store %x, %a[%c0, %c0] : !tile.tile<16x64xf32, vec, valid = 16x40, pad = 2>, memref<16x64xf32>
  func.return
}

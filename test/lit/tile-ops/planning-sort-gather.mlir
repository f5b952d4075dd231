// RUN: xdsl-opt -p 'init-memref,materialize-semantic-aliases,memory-reuse{backend=a3}' %s | filecheck %s

// memory-reuse keeps the traits of issue 23's sort / gather / scatter ops
// (reference/tile-op-memory-traits.md, seed 002's written workspaces), asked
// through the op definitions. In each function the sources die at the op, so
// only a trait keeps the result off their bytes (@control_exp: without one it
// takes them).

// A control: exp has no trait, so its result takes the bytes of the source that dies at it.
// CHECK-LABEL: func.func @control_exp(
// CHECK:       %x = tile.load {{.*}} memref = <@mem_vec_0, offset = 0, size = 4096>>{{$}}
// CHECK:       %r = tile.exp {{.*}} memref = <@mem_vec_0, offset = 0, size = 4096>>{{$}}
func.func @control_exp(%a: memref<16x64xf32>, %o: memref<16x64xf32>) {
  %c0 = arith.constant 0 : index
  %x = tile.load %a[%c0, %c0] : memref<16x64xf32> -> !tile.tile<16x64xf32, vec>
  %r = tile.exp %x : (!tile.tile<16x64xf32, vec>) -> !tile.tile<16x64xf32, vec>
  tile.store %r, %o[%c0, %c0] : !tile.tile<16x64xf32, vec>, memref<16x64xf32>
  func.return
}

// sort32: not_inplace_safe: the result takes neither dying source's bytes.
// CHECK-LABEL: func.func @sort32(
// CHECK:       %x = tile.load {{.*}} memref = <@mem_vec_0, offset = 0, size = 2048>>{{$}}
// CHECK:       %i = tile.load {{.*}} memref = <@mem_vec_1, offset = 0, size = 2048>>{{$}}
// CHECK:       %p = tile.sort32 {{.*}} memref = <@mem_vec_2, offset = 0, size = 4096>>{{$}}
func.func @sort32(%a: memref<1x512xf32>, %ai: memref<1x512xui32>, %o: memref<1x1024xf32>) {
  %c0 = arith.constant 0 : index
  %x = tile.load %a[%c0, %c0] : memref<1x512xf32> -> !tile.tile<1x512xf32, vec>
  %i = tile.load %ai[%c0, %c0] : memref<1x512xui32> -> !tile.tile<1x512xui32, vec>
  %p = tile.sort32 %x, %i : (!tile.tile<1x512xf32, vec>, !tile.tile<1x512xui32, vec>) -> !tile.tile<1x1024xf32, vec>
  tile.store %p, %o[%c0, %c0] : !tile.tile<1x1024xf32, vec>, memref<1x1024xf32>
  func.return
}

// mrgsort_format1: not_inplace_safe (seed 002: the merge needs src != dst).
// CHECK-LABEL: func.func @mrgsort_format1(
// CHECK:       %x = tile.load {{.*}} memref = <@mem_vec_0, offset = 0, size = 4096>>{{$}}
// CHECK:       %m = tile.mrgsort_format1 {{.*}} memref = <@mem_vec_1, offset = 0, size = 4096>>{{$}}
func.func @mrgsort_format1(%a: memref<1x1024xf32>, %o: memref<1x1024xf32>) {
  %c0 = arith.constant 0 : index
  %bl = arith.constant 64 : i32
  %x = tile.load %a[%c0, %c0] : memref<1x1024xf32> -> !tile.tile<1x1024xf32, vec>
  %m = tile.mrgsort_format1 %x, %bl : (!tile.tile<1x1024xf32, vec>, i32) -> !tile.tile<1x1024xf32, vec>
  tile.store %m, %o[%c0, %c0] : !tile.tile<1x1024xf32, vec>, memref<1x1024xf32>
  func.return
}

// mrgsort_format2: not_inplace_safe: off the lists and the tmp.
// CHECK-LABEL: func.func @mrgsort_format2(
// CHECK:       %x = tile.load {{.*}} memref = <@mem_vec_0, offset = 0, size = 256>>{{$}}
// CHECK:       %y = tile.load {{.*}} memref = <@mem_vec_1, offset = 0, size = 256>>{{$}}
// CHECK:       %t = tile.create {{.*}} memref = <@mem_vec_2, offset = 0, size = 512>>{{$}}
// CHECK:       %m = tile.mrgsort_format2 {{.*}} memref = <@mem_vec_3, offset = 0, size = 512>>{{$}}
func.func @mrgsort_format2(%a: memref<1x128xf32>, %o: memref<1x128xf32>) {
  %c0 = arith.constant 0 : index
  %x = tile.load %a[%c0, %c0] : memref<1x128xf32> -> !tile.tile<1x64xf32, vec>
  %y = tile.load %a[%c0, %c0] : memref<1x128xf32> -> !tile.tile<1x64xf32, vec>
  %t = tile.create : !tile.tile<1x128xf32, vec>
  %m = tile.mrgsort_format2 %x, %y, %t : (!tile.tile<1x64xf32, vec>, !tile.tile<1x64xf32, vec>, !tile.tile<1x128xf32, vec>) -> !tile.tile<1x128xf32, vec>
  tile.store %m, %o[%c0, %c0] : !tile.tile<1x128xf32, vec>, memref<1x128xf32>
  func.return
}

// gather: not_inplace_safe, and its tmp is a written workspace: tmp does not join
// the buffer of %y, which died before tmp's definition (compare @control_tmp).
// CHECK-LABEL: func.func @gather(
// CHECK:       %y = tile.load {{.*}} memref = <@mem_vec_0, offset = 0, size = 4096>>{{$}}
// CHECK:       %t = tile.create {{.*}} memref = <@mem_vec_1, offset = 0, size = 4096>>{{$}}
// CHECK:       %i = tile.load {{.*}} memref = <@mem_vec_0, offset = 0, size = 4096>>{{$}}
// CHECK:       %x = tile.load {{.*}} memref = <@mem_vec_3, offset = 0, size = 4096>>{{$}}
// CHECK:       %g = tile.gather {{.*}} memref = <@mem_vec_4, offset = 0, size = 4096>>{{$}}
func.func @gather(%a: memref<16x64xf32>, %ai: memref<16x64xi32>, %o: memref<16x64xf32>, %oi: memref<16x64xi32>) {
  %c0 = arith.constant 0 : index
  %y = tile.load %ai[%c0, %c0] : memref<16x64xi32> -> !tile.tile<16x64xi32, vec>
  tile.store %y, %oi[%c0, %c0] : !tile.tile<16x64xi32, vec>, memref<16x64xi32>
  %t = tile.create : !tile.tile<16x64xi32, vec>
  %i = tile.load %ai[%c0, %c0] : memref<16x64xi32> -> !tile.tile<16x64xi32, vec>
  %x = tile.load %a[%c0, %c0] : memref<16x64xf32> -> !tile.tile<16x64xf32, vec>
  %g = tile.gather %x, %i, %t : (!tile.tile<16x64xf32, vec>, !tile.tile<16x64xi32, vec>, !tile.tile<16x64xi32, vec>) -> !tile.tile<16x64xf32, vec>
  tile.store %g, %o[%c0, %c0] : !tile.tile<16x64xf32, vec>, memref<16x64xf32>
  func.return
}

// A control: the same tile.create as an ordinary operand takes %y's dead buffer.
// CHECK-LABEL: func.func @control_tmp(
// CHECK:       %y = tile.load {{.*}} memref = <@mem_vec_0, offset = 0, size = 4096>>{{$}}
// CHECK:       %t = tile.create {{.*}} memref = <@mem_vec_0, offset = 0, size = 4096>>{{$}}
// CHECK:       %i = tile.load {{.*}} memref = <@mem_vec_2, offset = 0, size = 4096>>{{$}}
// CHECK:       %g = tile.add {{.*}} memref = <@mem_vec_0, offset = 0, size = 4096>>{{$}}
func.func @control_tmp(%a: memref<16x64xf32>, %ai: memref<16x64xi32>, %o: memref<16x64xi32>, %oi: memref<16x64xi32>) {
  %c0 = arith.constant 0 : index
  %y = tile.load %ai[%c0, %c0] : memref<16x64xi32> -> !tile.tile<16x64xi32, vec>
  tile.store %y, %oi[%c0, %c0] : !tile.tile<16x64xi32, vec>, memref<16x64xi32>
  %t = tile.create : !tile.tile<16x64xi32, vec>
  %i = tile.load %ai[%c0, %c0] : memref<16x64xi32> -> !tile.tile<16x64xi32, vec>
  %g = tile.add %i, %t : (!tile.tile<16x64xi32, vec>, !tile.tile<16x64xi32, vec>) -> !tile.tile<16x64xi32, vec>
  tile.store %g, %o[%c0, %c0] : !tile.tile<16x64xi32, vec>, memref<16x64xi32>
  func.return
}

// gatherb: not_inplace_safe.
// CHECK-LABEL: func.func @gatherb(
// CHECK:       %x = tile.load {{.*}} memref = <@mem_vec_0, offset = 0, size = 4096>>{{$}}
// CHECK:       %f = tile.load {{.*}} memref = <@mem_vec_1, offset = 0, size = 512>>{{$}}
// CHECK:       %g = tile.gatherb {{.*}} memref = <@mem_vec_2, offset = 0, size = 4096>>{{$}}
func.func @gatherb(%a: memref<16x64xf32>, %ai: memref<16x8xui32>, %o: memref<16x64xf32>) {
  %c0 = arith.constant 0 : index
  %x = tile.load %a[%c0, %c0] : memref<16x64xf32> -> !tile.tile<16x64xf32, vec>
  %f = tile.load %ai[%c0, %c0] : memref<16x8xui32> -> !tile.tile<16x8xui32, vec>
  %g = tile.gatherb %x, %f : (!tile.tile<16x64xf32, vec>, !tile.tile<16x8xui32, vec>) -> !tile.tile<16x64xf32, vec>
  tile.store %g, %o[%c0, %c0] : !tile.tile<16x64xf32, vec>, memref<16x64xf32>
  func.return
}

// gather_mask: not_inplace_safe.
// CHECK-LABEL: func.func @gather_mask(
// CHECK:       %x = tile.load {{.*}} memref = <@mem_vec_0, offset = 0, size = 4096>>{{$}}
// CHECK:       %g = tile.gather_mask {{.*}} memref = <@mem_vec_1, offset = 0, size = 2048>>{{$}}
func.func @gather_mask(%a: memref<16x64xf32>, %o: memref<16x32xf32>) {
  %c0 = arith.constant 0 : index
  %x = tile.load %a[%c0, %c0] : memref<16x64xf32> -> !tile.tile<16x64xf32, vec>
  %g = tile.gather_mask %x {mask_pattern = "P0101"} : (!tile.tile<16x64xf32, vec>) -> !tile.tile<16x32xf32, vec>
  tile.store %g, %o[%c0, %c0] : !tile.tile<16x32xf32, vec>, memref<16x32xf32>
  func.return
}

// gather_compare: not_inplace_safe, and its two results (one never read) get
// buffers of their own: the op writes both.
// CHECK-LABEL: func.func @gather_compare(
// CHECK:       %x = tile.load {{.*}} memref = <@mem_vec_0, offset = 0, size = 4096>>{{$}}
// CHECK:       %u = tile.create {{.*}} memref = <@mem_vec_1, offset = 0, size = 8192>>{{$}}
// CHECK:       %d, %n = tile.gather_compare {{.*}} -> (!tile.tile<{{.*}}, memref = <@mem_vec_2, offset = 0, size = 4096>>, !tile.tile<{{.*}}, memref = <@mem_vec_3, offset = 0, size = 64>>){{$}}
func.func @gather_compare(%a: memref<16x64xf32>, %k: f32, %o: memref<16x64xi32>) {
  %c0 = arith.constant 0 : index
  %x = tile.load %a[%c0, %c0] : memref<16x64xf32> -> !tile.tile<16x64xf32, vec>
  %u = tile.create : !tile.tile<32x256xui8, vec>
  %d, %n = tile.gather_compare %x, %k, %u {cmp_mode = "eq"} : (!tile.tile<16x64xf32, vec>, f32, !tile.tile<32x256xui8, vec>) -> (!tile.tile<16x64xi32, vec>, !tile.tile<1x16xi32, vec>)
  tile.store %d, %o[%c0, %c0] : !tile.tile<16x64xi32, vec>, memref<16x64xi32>
  func.return
}

// mgather: not_inplace_safe: the result does not take the dying index's bytes.
// CHECK-LABEL: func.func @mgather(
// CHECK:       %i = tile.load {{.*}} memref = <@mem_vec_0, offset = 0, size = 4096>>{{$}}
// CHECK:       %r = tile.mgather {{.*}} memref = <@mem_vec_1, offset = 0, size = 4096>>{{$}}
func.func @mgather(%g: memref<1024x64xf32>, %ai: memref<16x64xi32>, %o: memref<16x64xf32>) {
  %c0 = arith.constant 0 : index
  %i = tile.load %ai[%c0, %c0] : memref<16x64xi32> -> !tile.tile<16x64xi32, vec>
  %r = tile.mgather %g, %i {coalesce = "elem"} : (memref<1024x64xf32>, !tile.tile<16x64xi32, vec>) -> !tile.tile<16x64xf32, vec>
  tile.store %r, %o[%c0, %c0] : !tile.tile<16x64xf32, vec>, memref<16x64xf32>
  func.return
}

// scatter, gather_row, scatter_mask: reuses(0), rw(0): each result is its
// destination's buffer.
// CHECK-LABEL: func.func @in_place(
// CHECK:       %d = tile.load {{.*}} memref = <@mem_vec_0, offset = 0, size = 4096>>{{$}}
// CHECK:       %s = tile.load {{.*}} memref = <@mem_vec_1, offset = 0, size = 4096>>{{$}}
// CHECK:       %i = tile.load {{.*}} memref = <@mem_vec_2, offset = 0, size = 4096>>{{$}}
// CHECK:       %r = tile.scatter {{.*}} memref = <@mem_vec_0, offset = 0, size = 4096>>{{$}}
// CHECK:       %w = tile.gather_row {{.*}} memref = <@mem_vec_0, offset = 0, size = 4096>>{{$}}
// CHECK:       %n = tile.load {{.*}} memref = <@mem_vec_1, offset = 0, size = 2048>>{{$}}
// CHECK:       %m = tile.scatter_mask {{.*}} memref = <@mem_vec_1, offset = 0, size = 2048>>{{$}}
func.func @in_place(%a: memref<16x64xf32>, %ai: memref<16x64xi32>, %g: memref<1024x64xf32>, %o: memref<16x64xf32>, %o32: memref<16x32xf32>) {
  %c0 = arith.constant 0 : index
  %d = tile.load %a[%c0, %c0] : memref<16x64xf32> -> !tile.tile<16x64xf32, vec>
  %s = tile.load %a[%c0, %c0] : memref<16x64xf32> -> !tile.tile<16x64xf32, vec>
  %i = tile.load %ai[%c0, %c0] : memref<16x64xi32> -> !tile.tile<16x64xi32, vec>
  %r = tile.scatter %d, %s, %i : (!tile.tile<16x64xf32, vec>, !tile.tile<16x64xf32, vec>, !tile.tile<16x64xi32, vec>) -> !tile.tile<16x64xf32, vec>
  %w = tile.gather_row %r, %g, %c0, %c0, %c0, %c0 {window = array<i64: 8, 64>} : (!tile.tile<16x64xf32, vec>, memref<1024x64xf32>, index, index, index, index) -> !tile.tile<16x64xf32, vec>
  tile.store %w, %o[%c0, %c0] : !tile.tile<16x64xf32, vec>, memref<16x64xf32>
  %n = tile.load %a[%c0, %c0] : memref<16x64xf32> -> !tile.tile<16x32xf32, vec>
  %m = tile.scatter_mask %n, %w {mask_pattern = "P0101"} : (!tile.tile<16x32xf32, vec>, !tile.tile<16x64xf32, vec>) -> !tile.tile<16x32xf32, vec>
  tile.store %m, %o32[%c0, %c0] : !tile.tile<16x32xf32, vec>, memref<16x32xf32>
  func.return
}

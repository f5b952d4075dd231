// RUN: xdsl-opt -p 'init-memref,materialize-semantic-aliases,memory-reuse{backend=a3}' %s | filecheck %s --check-prefixes=CHECK,A3
// RUN: xdsl-opt -p 'init-memref,materialize-semantic-aliases,memory-reuse{backend=a5}' %s | filecheck %s --check-prefixes=CHECK,A5
// RUN: xdsl-opt -p 'pto-plan-memory{backend=a3 verify=true}' %s > /dev/null
// RUN: xdsl-opt -p 'pto-plan-memory{backend=a5 verify=true}' %s > /dev/null

// memory-reuse keeps the memory traits of the vector family's ops (read off
// their definitions): each kernel lets the result take a dying operand's
// buffer unless the op forbids it.

// ands / ors / xors are not in place (ptoas: "expects src and dst to use
// different storage"): %r does not take the bytes of %x, which dies there,
// %u not %q's, and %w neither %u's nor its tmp %r's; the shift %q, which may
// run in place, takes the dead %x's.
// CHECK-LABEL: func.func @not_in_place
// CHECK:       %x = tile.load {{.*}} memref = <@mem_vec_0, offset = 0, size = 4096>>
// CHECK-NEXT:  %y = tile.load {{.*}} memref = <@mem_vec_1, offset = 0, size = 4096>>
// CHECK-NEXT:  %r = tile.ands %x, %s {{.*}} -> !tile.tile<16x128xi16, vec, memref = <@mem_vec_2, offset = 0, size = 4096>>
// CHECK-NEXT:  %q = tile.shls %y, %s {{.*}} -> !tile.tile<16x128xi16, vec, memref = <@mem_vec_0, offset = 0, size = 4096>>
// CHECK-NEXT:  %u = tile.ors %q, %s {{.*}} -> !tile.tile<16x128xi16, vec, memref = <@mem_vec_1, offset = 0, size = 4096>>
// CHECK-NEXT:  %w = tile.xors %u, %s, %r {{.*}} -> !tile.tile<16x128xi16, vec, memref = <@mem_vec_0, offset = 0, size = 4096>>
func.func @not_in_place(%a: memref<16x128xi16>, %s: i32, %o: memref<16x128xi16>) {
  %c0 = arith.constant 0 : index
  %x = tile.load %a[%c0, %c0] : memref<16x128xi16> -> !tile.tile<16x128xi16, vec>
  %y = tile.load %a[%c0, %c0] : memref<16x128xi16> -> !tile.tile<16x128xi16, vec>
  %r = tile.ands %x, %s : (!tile.tile<16x128xi16, vec>, i32) -> !tile.tile<16x128xi16, vec>
  %q = tile.shls %y, %s : (!tile.tile<16x128xi16, vec>, i32) -> !tile.tile<16x128xi16, vec>
  %u = tile.ors %q, %s : (!tile.tile<16x128xi16, vec>, i32) -> !tile.tile<16x128xi16, vec>
  %w = tile.xors %u, %s, %r : (!tile.tile<16x128xi16, vec>, i32, !tile.tile<16x128xi16, vec>) -> !tile.tile<16x128xi16, vec>
  tile.store %w, %o[%c0, %c0] : !tile.tile<16x128xi16, vec>, memref<16x128xi16>
  func.return
}

// xor's tmp dies at the xor, its sources do not: on a2/a3 (TXOR keeps a | b
// in tmp) the result takes a buffer of its own, on a5 (no tmp read) the
// tmp's.
// CHECK-LABEL: func.func @xor_tmp
// CHECK:       %t = tile.create : !tile.tile<16x128xi16, vec, memref = <@mem_vec_1, offset = 0, size = 4096>>
// A3-NEXT:     %r = tile.xor %x, %x, %t {{.*}} -> !tile.tile<16x128xi16, vec, memref = <@mem_vec_2, offset = 0, size = 4096>>
// A5-NEXT:     %r = tile.xor %x, %x, %t {{.*}} -> !tile.tile<16x128xi16, vec, memref = <@mem_vec_1, offset = 0, size = 4096>>
func.func @xor_tmp(%a: memref<16x128xi16>, %o: memref<16x128xi16>) {
  %c0 = arith.constant 0 : index
  %x = tile.load %a[%c0, %c0] : memref<16x128xi16> -> !tile.tile<16x128xi16, vec>
  %t = tile.create : !tile.tile<16x128xi16, vec>
  %r = tile.xor %x, %x, %t : (!tile.tile<16x128xi16, vec>, !tile.tile<16x128xi16, vec>, !tile.tile<16x128xi16, vec>) -> !tile.tile<16x128xi16, vec>
  tile.store %r, %o[%c0, %c0] : !tile.tile<16x128xi16, vec>, memref<16x128xi16>
  tile.store %x, %a[%c0, %c0] : !tile.tile<16x128xi16, vec>, memref<16x128xi16>
  func.return
}

// The expansions never write over their broadcast vector (no_alias(1): it
// is read for every row or column): the vector dies at the op and the full
// tile does not, and the result would take the vector's bytes (a root the
// result's size that they both fit in) but for the rule.
// CHECK-LABEL: func.func @expansions
// CHECK:       %x = tile.load {{.*}} memref = <@mem_vec_0, offset = 0, size = 4096>>
// CHECK-NEXT:  %v = tile.load {{.*}} memref = <@mem_vec_3, offset = 0, size = 64>>
// CHECK-NEXT:  %r = tile.row_expand_max %x, %v {{.*}} -> !tile.tile<16x64xf32, vec, memref = <@mem_vec_2, offset = 0, size = 4096>>
// CHECK:       %c = tile.load {{.*}} memref = <@mem_vec_3, offset = 0, size = 256>>
// CHECK-NEXT:  %e = tile.col_expand_expdif %x, %c {{.*}} -> !tile.tile<16x64xf32, vec, memref = <@mem_vec_2, offset = 0, size = 4096>>
func.func @expansions(%a: memref<16x64xf32>, %b: memref<16x1xf32>, %d: memref<1x64xf32>, %o: memref<16x64xf32>) {
  %c0 = arith.constant 0 : index
  %x = tile.load %a[%c0, %c0] : memref<16x64xf32> -> !tile.tile<16x64xf32, vec>
  %v = tile.load %b[%c0, %c0] : memref<16x1xf32> -> !tile.tile<16x1xf32, vec>
  %r = tile.row_expand_max %x, %v : (!tile.tile<16x64xf32, vec>, !tile.tile<16x1xf32, vec>) -> !tile.tile<16x64xf32, vec>
  tile.store %r, %o[%c0, %c0] : !tile.tile<16x64xf32, vec>, memref<16x64xf32>
  %c = tile.load %d[%c0, %c0] : memref<1x64xf32> -> !tile.tile<1x64xf32, vec>
  %e = tile.col_expand_expdif %x, %c : (!tile.tile<16x64xf32, vec>, !tile.tile<1x64xf32, vec>) -> !tile.tile<16x64xf32, vec>
  tile.store %e, %o[%c0, %c0] : !tile.tile<16x64xf32, vec>, memref<16x64xf32>
  tile.store %x, %a[%c0, %c0] : !tile.tile<16x64xf32, vec>, memref<16x64xf32>
  func.return
}

// xors with nothing else free: its source and tmp die at it, %y does not;
// the result takes a buffer of its own.
// CHECK-LABEL: func.func @xors_not_in_place
// CHECK-NEXT:    tile.alloc @mem_vec_0 in vec size 4096
// CHECK-NEXT:    tile.alloc @mem_vec_1 in vec size 4096
// CHECK-NEXT:    tile.alloc @mem_vec_2 in vec size 4096
// CHECK-NEXT:    tile.alloc @mem_vec_3 in vec size 4096
// CHECK:         %w = tile.xors %x, %s, %t {{.*}} -> !tile.tile<16x128xi16, vec, memref = <@mem_vec_3, offset = 0, size = 4096>>
func.func @xors_not_in_place(%a: memref<16x128xi16>, %s: i32, %o: memref<16x128xi16>) {
  %c0 = arith.constant 0 : index
  %x = tile.load %a[%c0, %c0] : memref<16x128xi16> -> !tile.tile<16x128xi16, vec>
  %y = tile.load %a[%c0, %c0] : memref<16x128xi16> -> !tile.tile<16x128xi16, vec>
  %t = tile.create : !tile.tile<16x128xi16, vec>
  %w = tile.xors %x, %s, %t : (!tile.tile<16x128xi16, vec>, i32, !tile.tile<16x128xi16, vec>) -> !tile.tile<16x128xi16, vec>
  tile.store %w, %o[%c0, %c0] : !tile.tile<16x128xi16, vec>, memref<16x128xi16>
  tile.store %y, %a[%c0, %c0] : !tile.tile<16x128xi16, vec>, memref<16x128xi16>
  func.return
}

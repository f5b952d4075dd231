// RUN: xdsl-opt -p init-memref %s | filecheck %s

// The then-arm yields %e for both results. The results are still two values
// (the else-arm gives them different data), so they need two buffers: the
// first takes %e's root, the second the else-arm's %a root (the first root
// created in its arm that no earlier result took), and each arm copies what
// is not already in place.
// CHECK-LABEL: func.func @if_dup
// CHECK:         %r, %r_1 = scf.if %flag -> (!tile.tile<8x16xf32, vec, memref = <@mem_vec_1, offset = 0, size = 512>>, !tile.tile<8x16xf32, vec, memref = <@mem_vec_3, offset = 0, size = 512>>) {
// CHECK-NEXT:      %e = tile.exp %x : {{.*}} -> !tile.tile<8x16xf32, vec, memref = <@mem_vec_1, offset = 0, size = 512>>
// CHECK-NEXT:      %[[C:[0-9]+]] = tile.move %e {carry} : {{.*}} -> !tile.tile<8x16xf32, vec, memref = <@mem_vec_3, offset = 0, size = 512>>
// CHECK-NEXT:      scf.yield %e, %[[C]]
// CHECK-NEXT:    } else {
// CHECK-NEXT:      %n = tile.neg %x : {{.*}} -> !tile.tile<8x16xf32, vec, memref = <@mem_vec_2, offset = 0, size = 512>>
// CHECK-NEXT:      %a = tile.abs %x : {{.*}} -> !tile.tile<8x16xf32, vec, memref = <@mem_vec_3, offset = 0, size = 512>>
// CHECK-NEXT:      %[[N:[0-9]+]] = tile.move %n {carry} : {{.*}} -> !tile.tile<8x16xf32, vec, memref = <@mem_vec_1, offset = 0, size = 512>>
// CHECK-NEXT:      scf.yield %[[N]], %a
func.func @if_dup(%in: memref<8x16xf32>, %o1: memref<8x16xf32>, %o2: memref<8x16xf32>, %flag: i1) {
  %c0 = arith.constant 0 : index
  %x = tile.load %in[%c0, %c0] : memref<8x16xf32> -> !tile.tile<8x16xf32, vec>
  %r:2 = scf.if %flag -> (!tile.tile<8x16xf32, vec>, !tile.tile<8x16xf32, vec>) {
    %e = tile.exp %x : (!tile.tile<8x16xf32, vec>) -> !tile.tile<8x16xf32, vec>
    scf.yield %e, %e : !tile.tile<8x16xf32, vec>, !tile.tile<8x16xf32, vec>
  } else {
    %n = tile.neg %x : (!tile.tile<8x16xf32, vec>) -> !tile.tile<8x16xf32, vec>
    %a = tile.abs %x : (!tile.tile<8x16xf32, vec>) -> !tile.tile<8x16xf32, vec>
    scf.yield %n, %a : !tile.tile<8x16xf32, vec>, !tile.tile<8x16xf32, vec>
  }
  tile.store %r#0, %o1[%c0, %c0] : !tile.tile<8x16xf32, vec>, memref<8x16xf32>
  tile.store %r#1, %o2[%c0, %c0] : !tile.tile<8x16xf32, vec>, memref<8x16xf32>
  func.return
}

// RUN: xdsl-opt -p init-memref %s | filecheck %s

// %x is not read after the if, so result #0 takes %x's buffer (@mem_vec_0);
// result #1 (also %x in both arms) needs a buffer of its own. The else arm
// must copy %x into result #1's buffer BEFORE it copies %e over %x's
// buffer: one arm's copies are a parallel assignment.
// CHECK-LABEL: func.func @order
// CHECK:         } else {
// CHECK-NEXT:      %[[A:[0-9]+]] = tile.move %x {carry} : {{.*}} -> !tile.tile<8x16xf32, vec, memref = <@mem_vec_2, offset = 0, size = 512>>
// CHECK-NEXT:      %[[B:[0-9]+]] = tile.move %e {carry} : {{.*}} -> !tile.tile<8x16xf32, vec, memref = <@mem_vec_0, offset = 0, size = 512>>
// CHECK-NEXT:      scf.yield %[[B]], %[[A]]
func.func @order(%in: memref<8x16xf32>, %o1: memref<8x16xf32>, %o2: memref<8x16xf32>, %flag: i1) {
  %c0 = arith.constant 0 : index
  %x = tile.load %in[%c0, %c0] : memref<8x16xf32> -> !tile.tile<8x16xf32, vec>
  %e = tile.exp %x : (!tile.tile<8x16xf32, vec>) -> !tile.tile<8x16xf32, vec>
  %r:2 = scf.if %flag -> (!tile.tile<8x16xf32, vec>, !tile.tile<8x16xf32, vec>) {
    scf.yield %x, %x : !tile.tile<8x16xf32, vec>, !tile.tile<8x16xf32, vec>
  } else {
    scf.yield %e, %x : !tile.tile<8x16xf32, vec>, !tile.tile<8x16xf32, vec>
  }
  tile.store %r#0, %o1[%c0, %c0] : !tile.tile<8x16xf32, vec>, memref<8x16xf32>
  tile.store %r#1, %o2[%c0, %c0] : !tile.tile<8x16xf32, vec>, memref<8x16xf32>
  func.return
}

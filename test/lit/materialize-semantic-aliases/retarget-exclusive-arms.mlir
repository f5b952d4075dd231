// RUN: xdsl-opt -p init-memref,materialize-semantic-aliases %s | filecheck %s
// RUN: xdsl-opt -p 'pto-plan-memory{backend=a3 verify=true}' %s | xdsl-pto run - | filecheck %s --check-prefix=EXEC

// A loop accumulator updated in both arms of an if: the then-arm's add and
// the else-arm's mul are computed in the carried buffer, with no carry move.
// The else arm reads %acc after the then arm writes (in program order), but
// only one arm runs: the retarget check is path-sensitive. %e, written
// before the mul reads %acc in the same arm, keeps a buffer of its own.
// (Before, the merged value got its own buffer plus a copy back; a
// fresh-user breaker's kernel was one tile over A3's capacity for it.)
// CHECK:      tile.alloc @mem_vec_0 in vec size 1024
// CHECK-NEXT: tile.alloc @mem_vec_1 in vec size 1024
// CHECK-NEXT: tile.alloc @mem_vec_3 in vec size 1024
// CHECK-NOT:  tile.alloc
// CHECK:      %n = scf.if %c -> (!tile.tile<16x16xf32, vec, memref = <@mem_vec_0, offset = 0, size = 1024>>) {
// CHECK-NEXT:   %m = tile.add %acc, %x : {{.*}} -> !tile.tile<16x16xf32, vec, memref = <@mem_vec_0, offset = 0, size = 1024>>
// CHECK:        %e = tile.exp %x : {{.*}} -> !tile.tile<16x16xf32, vec, memref = <@mem_vec_3, offset = 0, size = 1024>>
// CHECK-NEXT:   %p = tile.mul %e, %acc : {{.*}} -> !tile.tile<16x16xf32, vec, memref = <@mem_vec_0, offset = 0, size = 1024>>
// CHECK-NOT:  tile.move
// EXEC: <stdin>: logical and physical runs agree (seed 0)
func.func @both_arms(%in: memref<16x16xf32>, %xs: memref<64x16xf32>, %out: memref<16x16xf32>, %c: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %b = tile.load %in[%c0, %c0] : memref<16x16xf32> -> !tile.tile<16x16xf32, vec>
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %b) -> (!tile.tile<16x16xf32, vec>) {
    %row = arith.muli %i, %c16 : index
    %x = tile.load %xs[%row, %c0] : memref<64x16xf32> -> !tile.tile<16x16xf32, vec>
    %n = scf.if %c -> (!tile.tile<16x16xf32, vec>) {
      %m = tile.add %acc, %x : (!tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec>) -> !tile.tile<16x16xf32, vec>
      scf.yield %m : !tile.tile<16x16xf32, vec>
    } else {
      %e = tile.exp %x : (!tile.tile<16x16xf32, vec>) -> !tile.tile<16x16xf32, vec>
      %p = tile.mul %e, %acc : (!tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec>) -> !tile.tile<16x16xf32, vec>
      scf.yield %p : !tile.tile<16x16xf32, vec>
    }
    scf.yield %n : !tile.tile<16x16xf32, vec>
  }
  tile.store %r, %out[%c0, %c0] : !tile.tile<16x16xf32, vec>, memref<16x16xf32>
  func.return
}

// RUN: xdsl-opt -p init-memref,materialize-semantic-aliases %s | filecheck %s

// Regression (fixed): the "no read of the carry after the yielded root's first definition"
// check only compares top-level positions in the loop body. Here the yielded
// root (%m / %r) is first defined inside the scf.if, and the carry %acc is
// read later *inside the same arm* (by %k). Both sit under the same
// top-level op (the if), so the pass treats the read as "at" the definition
// and retargets %m onto the carry @mem_vec_1: %m = exp(%x) then overwrites
// %acc before %k = %acc + %x reads it.
// The loop's carry move must stay: %m (and the if result) keep the then
// arm's root @mem_vec_2 (the else arm's %e may still be computed there), and
// the move writes %r back into @mem_vec_1 before the loop's scf.yield.
// CHECK-LABEL: func.func @read_in_arm
// CHECK:           %r = scf.if %c -> (!tile.tile<32x32xf32, vec, memref = <@mem_vec_2, offset = 0, size = 4096>>) {
// CHECK-NEXT:        %m = tile.exp %x : {{.*}} -> !tile.tile<32x32xf32, vec, memref = <@mem_vec_2, offset = 0, size = 4096>>
// CHECK-NEXT:        %k = tile.add %acc, %x : (!tile.tile<32x32xf32, vec, memref = <@mem_vec_1, offset = 0, size = 4096>>
// CHECK:           %[[MV:.+]] = tile.move %r {carry} : (!tile.tile<32x32xf32, vec, memref = <@mem_vec_2, offset = 0, size = 4096>>) -> !tile.tile<32x32xf32, vec, memref = <@mem_vec_1, offset = 0, size = 4096>>
// CHECK-NEXT:      scf.yield %[[MV]]
func.func @read_in_arm(%in: memref<32x32xf32>, %out: memref<32x32xf32>, %c: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %x = tile.load %in[%c0, %c0] : memref<32x32xf32> -> !tile.tile<32x32xf32, vec>
  %acc0 = tile.create : !tile.tile<32x32xf32, vec>
  %res = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %acc0) -> (!tile.tile<32x32xf32, vec>) {
    %r = scf.if %c -> (!tile.tile<32x32xf32, vec>) {
      %m = tile.exp %x : (!tile.tile<32x32xf32, vec>) -> !tile.tile<32x32xf32, vec>
      %k = tile.add %acc, %x : (!tile.tile<32x32xf32, vec>, !tile.tile<32x32xf32, vec>) -> !tile.tile<32x32xf32, vec>
      tile.store %k, %out[%c0, %c0] : !tile.tile<32x32xf32, vec>, memref<32x32xf32>
      scf.yield %m : !tile.tile<32x32xf32, vec>
    } else {
      %e = tile.log %x : (!tile.tile<32x32xf32, vec>) -> !tile.tile<32x32xf32, vec>
      scf.yield %e : !tile.tile<32x32xf32, vec>
    }
    scf.yield %r : !tile.tile<32x32xf32, vec>
  }
  tile.store %res, %out[%c0, %c0] : !tile.tile<32x32xf32, vec>, memref<32x32xf32>
  func.return
}

// RUN: xdsl-opt -p init-memref,materialize-semantic-aliases %s | filecheck %s
// RUN: xdsl-opt -p pto-plan-memory %s | filecheck %s

// Seed 000 step 2 ("Normalize peeled accumulator phis";
// seed 001/002 MemoryReuse step 5): the hand-peeled split-K idiom
//   if k == 0 { s = matmul(l, r) } else { t = matmul_acc(acc, l, r) }
// must put the seed %s on the accumulator's buffer, so both arms, the if
// result and the loop carry share one Acc buffer and no Acc->Acc move is
// needed. Both preconditions hold: %s is computed inside its arm, and the
// accumulator is not read in the seed arm nor after the if. (Before this
// rule the if result took %s's root, the else arm got an Acc->Acc carry move
// and memory-reuse refused the kernel.) The differential run agrees.
// RUN: xdsl-opt -p 'pto-plan-memory{backend=a3 verify=true}' %s | xdsl-pto run - | filecheck %s --check-prefix=EXEC
// EXEC: <stdin>: logical and physical runs agree (seed 0)
// CHECK-LABEL: func.func @peel
// CHECK:         tile.alloc @mem_acc_3 in acc size 4096
// CHECK-NOT:     tile.alloc @mem_acc
// CHECK:         %res = scf.for {{.*}} iter_args(%acc = %acc0) -> (!tile.tile<32x32xf32, acc, memref = <@mem_acc_3, offset = 0, size = 4096>>) {
// CHECK:           %n = scf.if %first -> (!tile.tile<32x32xf32, acc, memref = <@mem_acc_3, offset = 0, size = 4096>>) {
// CHECK-NEXT:        %s = tile.matmul %l, %r : {{.*}} -> !tile.tile<32x32xf32, acc, memref = <@mem_acc_3, offset = 0, size = 4096>>
// CHECK-NEXT:        scf.yield %s
// CHECK-NEXT:      } else {
// CHECK-NEXT:        %t = tile.matmul_acc %acc, %l, %r, %f : {{.*}} -> !tile.tile<32x32xf32, acc, memref = <@mem_acc_3, offset = 0, size = 4096>>
// CHECK-NEXT:        scf.yield %t
// CHECK-NEXT:      }
// CHECK-NEXT:      scf.yield %n
// CHECK-NOT:     tile.move {{.*}}acc
func.func @peel(%a: memref<32x32xf16>, %c: memref<32x32xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %f = arith.constant false
  %m = tile.load %a[%c0, %c0] : memref<32x32xf16> -> !tile.tile<32x32xf16, mat>
  %l = tile.move %m : (!tile.tile<32x32xf16, mat>) -> !tile.tile<32x32xf16, left>
  %r = tile.move %m : (!tile.tile<32x32xf16, mat>) -> !tile.tile<32x32xf16, right>
  %acc0 = tile.create : !tile.tile<32x32xf32, acc>
  %res = scf.for %k = %c0 to %c4 step %c1 iter_args(%acc = %acc0) -> (!tile.tile<32x32xf32, acc>) {
    %first = arith.cmpi eq, %k, %c0 : index
    %n = scf.if %first -> (!tile.tile<32x32xf32, acc>) {
      %s = tile.matmul %l, %r : (!tile.tile<32x32xf16, left>, !tile.tile<32x32xf16, right>) -> !tile.tile<32x32xf32, acc>
      scf.yield %s : !tile.tile<32x32xf32, acc>
    } else {
      %t = tile.matmul_acc %acc, %l, %r, %f : (!tile.tile<32x32xf32, acc>, !tile.tile<32x32xf16, left>, !tile.tile<32x32xf16, right>, i1) -> !tile.tile<32x32xf32, acc>
      scf.yield %t : !tile.tile<32x32xf32, acc>
    }
    scf.yield %n : !tile.tile<32x32xf32, acc>
  }
  tile.store %res, %c[%c0, %c0] : !tile.tile<32x32xf32, acc>, memref<32x32xf32>
  func.return
}

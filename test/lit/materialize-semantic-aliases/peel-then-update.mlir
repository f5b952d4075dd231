// RUN: xdsl-opt -p 'pto-plan-memory{backend=a3 verify=true}' %s | filecheck %s
// RUN: xdsl-pto run %s --seed 1 | filecheck %s --check-prefix=EXEC

// The peeled split-K idiom whose merged accumulator is updated again after
// the if -- in place (@then_inplace) or inside a second if (@then_if): those
// later values are the merged data too, so the whole chain moves onto the
// loop's accumulator: one Acc root, no move. (Found by a fresh-user breaker:
// both kernels were refused for want of an Acc->Acc copy.)
// CHECK-LABEL: func.func @then_inplace
// CHECK:         tile.alloc @mem_acc_3 in acc size 4096 addr 0
// CHECK-NOT:     tile.alloc @mem_acc
// CHECK:         %s = tile.matmul {{.*}} -> !tile.tile<32x32xf32, acc, memref = <@mem_acc_3, offset = 0, size = 4096>>
// CHECK:         %n3 = tile.matmul_acc %n, {{.*}} -> !tile.tile<32x32xf32, acc, memref = <@mem_acc_3, offset = 0, size = 4096>>
// CHECK-NOT:     tile.move {{.*}}acc
// CHECK-LABEL: func.func @then_if
// CHECK:         tile.alloc @mem_acc_3 in acc size 4096 addr 0
// CHECK-NOT:     tile.alloc @mem_acc
// CHECK:         %n3 = scf.if %flag -> (!tile.tile<32x32xf32, acc, memref = <@mem_acc_3, offset = 0, size = 4096>>)
// CHECK-NEXT:      %u = tile.matmul_acc %n, {{.*}} -> !tile.tile<32x32xf32, acc, memref = <@mem_acc_3, offset = 0, size = 4096>>
// CHECK-NOT:     tile.move {{.*}}acc
// CHECK:         func.return
// EXEC: {{.*}}peel-then-update.mlir: logical and physical runs agree (seed 1)
func.func @then_inplace(%a: memref<32x32xf16>, %c: memref<32x32xf32>, %d: memref<32x32xf32>) {
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
    %n3 = tile.matmul_acc %n, %l, %r, %f : (!tile.tile<32x32xf32, acc>, !tile.tile<32x32xf16, left>, !tile.tile<32x32xf16, right>, i1) -> !tile.tile<32x32xf32, acc>
    scf.yield %n3 : !tile.tile<32x32xf32, acc>
  }
  tile.store %res, %c[%c0, %c0] : !tile.tile<32x32xf32, acc>, memref<32x32xf32>
  func.return
}

func.func @then_if(%a: memref<32x32xf16>, %c: memref<32x32xf32>, %flag: i1) {
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
    %n3 = scf.if %flag -> (!tile.tile<32x32xf32, acc>) {
      %u = tile.matmul_acc %n, %l, %r, %f : (!tile.tile<32x32xf32, acc>, !tile.tile<32x32xf16, left>, !tile.tile<32x32xf16, right>, i1) -> !tile.tile<32x32xf32, acc>
      scf.yield %u : !tile.tile<32x32xf32, acc>
    } else {
      scf.yield %n : !tile.tile<32x32xf32, acc>
    }
    scf.yield %n3 : !tile.tile<32x32xf32, acc>
  }
  tile.store %res, %c[%c0, %c0] : !tile.tile<32x32xf32, acc>, memref<32x32xf32>
  func.return
}

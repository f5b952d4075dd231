// RUN: xdsl-opt -p 'pto-plan-memory{backend=a3}' %s | filecheck %s

// Both arms update %acc0 in place. Only one arm runs, so the then-arm's
// update does not clobber the else-arm's read, and %acc0 is not read after
// the if: everything stays on the one Acc buffer, with no copy.
// CHECK-LABEL: func.func @exclusive
// CHECK:         tile.alloc @mem_acc_{{[0-9]+}} in acc size 4096 addr 0{{$}}
// CHECK-NOT:     in acc
// CHECK-NOT:     tile.move {{.*}}{carry}
// CHECK:         %q = scf.if %f -> (!tile.tile<32x32xf32, acc, memref = <@[[ACC:mem_acc_[0-9]+]], offset = 0, size = 4096>>) {
// CHECK-NEXT:      %p = tile.matmul_acc %acc0, {{.*}} -> !tile.tile<32x32xf32, acc, memref = <@[[ACC]], offset = 0, size = 4096>>
// CHECK-NEXT:      scf.yield %p
// CHECK-NEXT:    } else {
// CHECK-NEXT:      %p2 = tile.matmul_acc %acc0, {{.*}} -> !tile.tile<32x32xf32, acc, memref = <@[[ACC]], offset = 0, size = 4096>>
// CHECK-NEXT:      %p3 = tile.matmul_acc %p2, {{.*}} -> !tile.tile<32x32xf32, acc, memref = <@[[ACC]], offset = 0, size = 4096>>
// CHECK-NEXT:      scf.yield %p3
func.func @exclusive(%a: memref<32x32xf16>, %c: memref<32x32xf32>, %f: i1) {
  %c0 = arith.constant 0 : index
  %true = arith.constant true
  %m = tile.load %a[%c0, %c0] : memref<32x32xf16> -> !tile.tile<32x32xf16, mat>
  %l = tile.move %m : (!tile.tile<32x32xf16, mat>) -> !tile.tile<32x32xf16, left>
  %r = tile.move %m : (!tile.tile<32x32xf16, mat>) -> !tile.tile<32x32xf16, right>
  %acc0 = tile.create : !tile.tile<32x32xf32, acc>
  %q = scf.if %f -> (!tile.tile<32x32xf32, acc>) {
    %p = tile.matmul_acc %acc0, %l, %r, %true : (!tile.tile<32x32xf32, acc>, !tile.tile<32x32xf16, left>, !tile.tile<32x32xf16, right>, i1) -> !tile.tile<32x32xf32, acc>
    scf.yield %p : !tile.tile<32x32xf32, acc>
  } else {
    %p2 = tile.matmul_acc %acc0, %l, %r, %true : (!tile.tile<32x32xf32, acc>, !tile.tile<32x32xf16, left>, !tile.tile<32x32xf16, right>, i1) -> !tile.tile<32x32xf32, acc>
    %p3 = tile.matmul_acc %p2, %l, %r, %f : (!tile.tile<32x32xf32, acc>, !tile.tile<32x32xf16, left>, !tile.tile<32x32xf16, right>, i1) -> !tile.tile<32x32xf32, acc>
    scf.yield %p3 : !tile.tile<32x32xf32, acc>
  }
  tile.store %q, %c[%c0, %c0] : !tile.tile<32x32xf32, acc>, memref<32x32xf32>
  func.return
}

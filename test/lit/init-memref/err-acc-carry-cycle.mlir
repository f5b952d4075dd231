// RUN: not xdsl-opt -p init-memref %s 2>&1 | filecheck %s

// Two Acc carries swapped every iteration: a cycle of carry writebacks needs
// a scratch copy, and Acc values cannot be copied on chip. (A fresh-user
// breaker found the old message naming a tile.move the user never wrote.)
// CHECK: {{^}}{{.*}}err-acc-carry-cycle.mlir:[[# @LINE + 11]]:14: error: init-memref: this loop's yield exchanges acc values (%y, %xn) between carries in a cycle, which only a copy could break, and no acc->acc copy exists; keep each acc value in its own carry{{$}}
!L = !tile.tile<16x32xf16, left>
!R = !tile.tile<32x16xf16, right>
!A = !tile.tile<16x16xf32, acc>
func.func @acc_swap(%a: memref<16x128xf16>, %b: memref<128x16xf16>, %c: memref<16x16xf32>, %d: memref<16x16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c32 = arith.constant 32 : index
  %x0 = tile.create : !A
  %y0 = tile.create : !A
  %rx, %ry = scf.for %k = %c0 to %c4 step %c1 iter_args(%x = %x0, %y = %y0) -> (!A, !A) {
    %k0 = arith.muli %k, %c32 : index
    %am = tile.load %a[%c0, %k0] : memref<16x128xf16> -> !tile.tile<16x32xf16, mat>
    %bm = tile.load %b[%k0, %c0] : memref<128x16xf16> -> !tile.tile<32x16xf16, mat>
    %al = tile.move %am : (!tile.tile<16x32xf16, mat>) -> !L
    %br = tile.move %bm : (!tile.tile<32x16xf16, mat>) -> !R
    %first = arith.cmpi eq, %k, %c0 : index
    %xn = tile.matmul_acc %x, %al, %br, %first : (!A, !L, !R, i1) -> !A
    scf.yield %y, %xn : !A, !A
  }
  tile.store %rx, %c[%c0, %c0] : !A, memref<16x16xf32>
  tile.store %ry, %d[%c0, %c0] : !A, memref<16x16xf32>
  func.return
}

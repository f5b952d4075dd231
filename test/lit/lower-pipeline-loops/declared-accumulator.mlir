// RUN: xdsl-opt -p 'lower-pipeline-loops,pto-plan-memory{backend=a3 verify=true}' %s 2>/dev/null | filecheck %s
// RUN: xdsl-pto run %s | filecheck %s --check-prefix=EXEC
// A declared accumulator carried through a pipelined K loop: the accumulator
// is one buffer for every clone (it is never tagged), so its binding is
// accepted in the replicated body (found by a fresh-user breaker: the pass
// used to refuse it with advice that cannot be followed). Both clones
// update @acc in place; the Mat, Left and Right tiles get two buffers each.
// CHECK:      tile.alloc @acc in acc size 65536 pinned addr 0
// CHECK-NEXT: tile.alloc @mem_mat_0 in mat size 32768 addr 0
// CHECK-NEXT: tile.alloc @mem_mat_1 in mat size 32768 addr 32768
// CHECK-NEXT: tile.alloc @mem_left_2 in left size 32768 addr 0
// CHECK-NEXT: tile.alloc @mem_right_3 in right size 32768 addr 0
// CHECK-NEXT: tile.alloc @mem_mat_4 in mat size 32768 addr 65536
// CHECK-NEXT: tile.alloc @mem_mat_5 in mat size 32768 addr 98304
// CHECK-NEXT: tile.alloc @mem_left_6 in left size 32768 addr 32768
// CHECK-NEXT: tile.alloc @mem_right_7 in right size 32768 addr 32768
// CHECK-NOT:  tile.alloc
// CHECK:      %acc_next = tile.matmul_acc {{.*}} -> !tile.tile<128x128xf32, acc, memref = <@acc, offset = 0, size = 65536>>
// CHECK:      %acc_next_1 = tile.matmul_acc {{.*}} -> !tile.tile<128x128xf32, acc, memref = <@acc, offset = 0, size = 65536>>
// CHECK-NOT:  tile.move {{.*}} {carry}
// EXEC: declared-accumulator.mlir: logical and physical runs agree (seed 0)
!A = !tile.tile<128x128xf32, acc, alloc = <@acc>>
func.func @matmul_k(%a: memref<128x512xf16>, %b: memref<512x128xf16>, %c: memref<128x128xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c128 = arith.constant 128 : index
  %acc0 = tile.create : !A
  %acc_out = scf.for %k = %c0 to %c4 step %c1 iter_args(%acc = %acc0) -> (!A) {
    %k0 = arith.muli %k, %c128 : index
    %a_l1 = tile.load %a[%c0, %k0] : memref<128x512xf16> -> !tile.tile<128x128xf16, mat>
    %b_l1 = tile.load %b[%k0, %c0] : memref<512x128xf16> -> !tile.tile<128x128xf16, mat>
    %a_l0 = tile.move %a_l1 : (!tile.tile<128x128xf16, mat>) -> !tile.tile<128x128xf16, left>
    %b_l0 = tile.move %b_l1 : (!tile.tile<128x128xf16, mat>) -> !tile.tile<128x128xf16, right>
    %first = arith.cmpi eq, %k, %c0 : index
    %acc_next = tile.matmul_acc %acc, %a_l0, %b_l0, %first : (!A, !tile.tile<128x128xf16, left>, !tile.tile<128x128xf16, right>, i1) -> !A
    scf.yield %acc_next : !A
  } {tile.pipeline_stages = 2 : i64}
  tile.store %acc_out, %c[%c0, %c0] : !A, memref<128x128xf32>
  func.return
}

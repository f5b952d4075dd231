// Without materialize-semantic-aliases, even a yielded fresh tile.matmul
// that could be computed in place is still joined to the Acc carry by a
// carry move, which memory-reuse must reject (it never copies Acc to Acc).
// RUN: not xdsl-opt -p init-memref,memory-reuse %s 2>&1 | filecheck %s
// RUN: not xdsl-opt -p init-memref,memory-reuse %s > %t.out 2> %t.err
// RUN: wc -l < %t.err | filecheck %s --check-prefix=ONE-LINE
// RUN: wc -c < %t.out | filecheck %s --check-prefix=NO-STDOUT
// ONE-LINE: {{^ *}}1{{$}}
// NO-STDOUT: {{^ *}}0{{$}}
// ... and with it, the same kernel plans fine (%n computed in @mem_acc_3).
// RUN: xdsl-opt -p init-memref,materialize-semantic-aliases,memory-reuse %s | filecheck %s --check-prefix=MSA

// The move is reported at the scf.yield it was inserted for.
// CHECK: {{^}}{{.*}}err-acc-carry-without-msa.mlir:29:5: error: memory-reuse: loop-carried accumulator %n is computed in @mem_acc_4 but must land in @mem_acc_3, and no Acc->Acc copy exists; update the carried accumulator in place (e.g. tile.matmul_acc){{$}}
// CHECK-NOT: Traceback

// MSA:     %n = tile.matmul %l, %r : {{.*}} -> !tile.tile<32x32xf32, acc, memref = <@mem_acc_3, offset = 0, size = 4096>>
// MSA-NOT: tile.move {{.*}}acc{{.*}}acc
func.func @accerr(%a: memref<32x32xf16>, %c: memref<32x32xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %m = tile.load %a[%c0, %c0] : memref<32x32xf16> -> !tile.tile<32x32xf16, mat>
  %l = tile.move %m : (!tile.tile<32x32xf16, mat>) -> !tile.tile<32x32xf16, left>
  %r = tile.move %m : (!tile.tile<32x32xf16, mat>) -> !tile.tile<32x32xf16, right>
  %acc0 = tile.create : !tile.tile<32x32xf32, acc>
  %res = scf.for %k = %c0 to %c4 step %c1 iter_args(%acc = %acc0) -> (!tile.tile<32x32xf32, acc>) {
    %n = tile.matmul %l, %r : (!tile.tile<32x32xf16, left>, !tile.tile<32x32xf16, right>) -> !tile.tile<32x32xf32, acc>
    scf.yield %n : !tile.tile<32x32xf32, acc>
  }
  tile.store %res, %c[%c0, %c0] : !tile.tile<32x32xf32, acc>, memref<32x32xf32>
  func.return
}

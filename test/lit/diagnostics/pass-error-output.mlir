// A pass refusing its input (here memory-reuse: a fresh Acc matmul carried
// by a loop without materialize-semantic-aliases) is reported the same way:
// one line, exit code 1, and the -o file is not left behind (nor a stale one
// from an earlier run).
// RUN: rm -f %t.o.mlir && not xdsl-opt -p init-memref,memory-reuse %s -o %t.o.mlir && not test -e %t.o.mlir
// RUN: rm -f %t.o.mlir && not xdsl-pto-opt -p init-memref,memory-reuse %s -o %t.o.mlir && not test -e %t.o.mlir
// RUN: echo stale > %t.o.mlir && not xdsl-opt -p init-memref,memory-reuse %s -o %t.o.mlir && not test -e %t.o.mlir
// RUN: sh -c 'xdsl-opt -p init-memref,memory-reuse "$0" > /dev/null 2>&1; echo "exit=$?"' %s | filecheck %s --check-prefix=EXIT
// RUN: sh -c 'xdsl-pto-opt -p init-memref,memory-reuse "$0" > /dev/null 2>&1; echo "exit=$?"' %s | filecheck %s --check-prefix=EXIT
// RUN: not xdsl-pto-opt -p init-memref,memory-reuse %s > %t.out 2> %t.err
// RUN: filecheck %s < %t.err
// RUN: wc -l < %t.err | filecheck %s --check-prefix=ONE-LINE
// RUN: wc -c < %t.out | filecheck %s --check-prefix=NO-STDOUT
// ONE-LINE: {{^ *}}1{{$}}
// NO-STDOUT: {{^ *}}0{{$}}
// EXIT: {{^}}exit=1{{$}}

// CHECK: {{^}}{{.*}}pass-error-output.mlir:30:5: error: memory-reuse: loop-carried accumulator %n is computed in @mem_acc_4 but must land in @mem_acc_3, and no Acc->Acc copy exists; update the carried accumulator in place (e.g. tile.matmul_acc){{$}}
// CHECK-NOT: Traceback
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

// RUN: not xdsl-opt -p 'pto-plan-memory{backend=a3}' %s 2>&1 | filecheck %s --check-prefix=PYPTO
// RUN: not xdsl-opt -p 'pto-plan-memory{backend=a3 planner=dsa_rp}' %s 2>&1 | filecheck %s --check-prefix=DSA
// RUN: not xdsl-opt -p 'pto-plan-memory{backend=a3 planner=ptoas}' %s 2>&1 | filecheck %s --check-prefix=PTOAS

// The peel in an arm of an enclosing scf.if (peel-in-if-arm.mlir), but the
// seed arm still reads the carried accumulator %acc after the fresh matmul
// %s is computed: %s cannot be written into %acc's buffer, so one buffer
// does not suffice, and no Acc->Acc copy exists to join the arms. The kernel
// stays refused under every planner, naming the value and both buffers.
// PYPTO: {{^}}{{.*}}err-peel-in-if-arm-read.mlir:[[# @LINE + 26]]:9: error: memory-reuse: if-merged accumulator %t is computed in @mem_acc_0 but must land in @mem_acc_5, and no Acc->Acc copy exists; update the carried accumulator in place (e.g. tile.matmul_acc){{$}}
// DSA: {{^}}{{.*}}err-peel-in-if-arm-read.mlir:[[# @LINE + 25]]:9: error: allocate-memory-addr: if-merged accumulator %t is computed in @mem_acc_0 but must land in @mem_acc_5, and no Acc->Acc copy exists; update the carried accumulator in place (e.g. tile.matmul_acc){{$}}
// PTOAS: {{^}}{{.*}}err-peel-in-if-arm-read.mlir:[[# @LINE + 24]]:9: error: pto-plan-memory: if-merged accumulator %t is computed in @mem_acc_0 but must land in @mem_acc_5, and no Acc->Acc copy exists; update the carried accumulator in place (e.g. tile.matmul_acc){{$}}
func.func @err_arm_read(%a: memref<32x128xf16>, %b: memref<128x32xf16>, %c: memref<32x32xf32>, %old: memref<32x32xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c32 = arith.constant 32 : index
  %f = arith.constant false
  %acc0 = tile.create : !tile.tile<32x32xf32, acc>
  %res = scf.for %k = %c0 to %c4 step %c1 iter_args(%acc = %acc0) -> (!tile.tile<32x32xf32, acc>) {
    %k0 = arith.muli %k, %c32 : index
    %am = tile.load %a[%c0, %k0] : memref<32x128xf16> -> !tile.tile<32x32xf16, mat>
    %bm = tile.load %b[%k0, %c0] : memref<128x32xf16> -> !tile.tile<32x32xf16, mat>
    %l = tile.move %am : (!tile.tile<32x32xf16, mat>) -> !tile.tile<32x32xf16, left>
    %r = tile.move %bm : (!tile.tile<32x32xf16, mat>) -> !tile.tile<32x32xf16, right>
    %lo = arith.cmpi ult, %k, %c2 : index
    %n = scf.if %lo -> (!tile.tile<32x32xf32, acc>) {
      %first = arith.cmpi eq, %k, %c0 : index
      %p = scf.if %first -> (!tile.tile<32x32xf32, acc>) {
        %s = tile.matmul %l, %r : (!tile.tile<32x32xf16, left>, !tile.tile<32x32xf16, right>) -> !tile.tile<32x32xf32, acc>
        tile.store %acc, %old[%c0, %c0] : !tile.tile<32x32xf32, acc>, memref<32x32xf32>
        scf.yield %s : !tile.tile<32x32xf32, acc>
      } else {
        %t = tile.matmul_acc %acc, %l, %r, %f : (!tile.tile<32x32xf32, acc>, !tile.tile<32x32xf16, left>, !tile.tile<32x32xf16, right>, i1) -> !tile.tile<32x32xf32, acc>
        scf.yield %t : !tile.tile<32x32xf32, acc>
      }
      scf.yield %p : !tile.tile<32x32xf32, acc>
    } else {
      %u = tile.matmul_acc %acc, %l, %r, %f : (!tile.tile<32x32xf32, acc>, !tile.tile<32x32xf16, left>, !tile.tile<32x32xf16, right>, i1) -> !tile.tile<32x32xf32, acc>
      scf.yield %u : !tile.tile<32x32xf32, acc>
    }
    scf.yield %n : !tile.tile<32x32xf32, acc>
  }
  tile.store %res, %c[%c0, %c0] : !tile.tile<32x32xf32, acc>, memref<32x32xf32>
  func.return
}

// issue 24, item 3 (seed 001, MemoryReuse step 5): the hand-peeled K-loop,
// `if k == 0 { c = matmul(a, b) } else { c = matmul_acc(c_iter, a, b) }`
// (the 3-operand form, init_cond false), plans on ONE Acc buffer and no
// tile.move under every planner: the fresh matmul result is written into
// the accumulator's buffer (nothing reads the old accumulator on that path;
// the write starts the accumulation). The plan is proved (verify=true), the
// logical and physical runs agree, and the lowered module keeps one Acc tile.
// RUN: xdsl-opt -p 'pto-plan-memory{backend=a3 verify=true}' %s | filecheck %s --check-prefixes=CHECK,ADDR
// RUN: xdsl-opt -p 'pto-plan-memory{backend=a3 planner=dsa_rp verify=true}' %s | filecheck %s --check-prefixes=CHECK,ADDR
// RUN: xdsl-opt -p 'pto-plan-memory{backend=a3 planner=ptoas verify=true}' %s | filecheck %s --check-prefixes=CHECK,AUTO
// RUN: xdsl-opt -p 'pto-plan-memory{backend=a3 verify=true},convert-tile-to-pto' %s | filecheck %s --check-prefix=PTO
// RUN: xdsl-opt -p 'pto-plan-memory{backend=a3 planner=dsa_rp verify=true},convert-tile-to-pto{planner=dsa_rp}' %s | filecheck %s --check-prefix=PTO
// RUN: xdsl-opt -p 'pto-plan-memory{backend=a3 planner=ptoas verify=true},convert-tile-to-pto{planner=ptoas}' %s | filecheck %s --check-prefix=PTO-AUTO
// RUN: xdsl-pto run %s --seed 2 | filecheck %s --check-prefix=DIFF
// RUN: xdsl-pto run %s --seed 2 --pipeline 'pto-plan-memory{backend=a3 planner=dsa_rp}' | filecheck %s --check-prefix=DIFF
// DIFF: {{.*}}peel-k-loop.mlir: logical and physical runs agree (seed 2)

// CHECK-LABEL: func.func @peel_k_loop(
// ADDR-NEXT:     tile.alloc @mem_acc_0 in acc size 4096 addr 0{{$}}
// AUTO-NEXT:     tile.alloc @mem_acc_0 in acc size 4096{{$}}
// CHECK-NOT:     in acc size
// CHECK:         %acc0 = tile.create : !tile.tile<32x32xf32, acc, memref = <@mem_acc_0, offset = 0, size = 4096>>
// PTO-LABEL:     func.func @peel_k_loop(
// PTO:           %acc0 = pto.alloc_tile addr = %c0_i64 : !pto.tile_buf<loc=acc, dtype=f32, rows=32, cols=32,
// PTO-NOT:       pto.alloc_tile {{.*}}loc=acc
// PTO:           pto.tstore ins(%acc0 :
// PTO-AUTO-LABEL: func.func @peel_k_loop(
// PTO-AUTO:      %acc0 = pto.alloc_tile : !pto.tile_buf<loc=acc, dtype=f32, rows=32, cols=32,
// PTO-AUTO-NOT:  pto.alloc_tile {{.*}}loc=acc
// PTO-AUTO:      pto.tstore ins(%acc0 :
// CHECK:         %res = scf.for %k = %c0 to %c4 step %c1 iter_args(%acc = %acc0) -> (!tile.tile<32x32xf32, acc, memref = <@mem_acc_0, offset = 0, size = 4096>>) {
// CHECK:         %n = scf.if %first -> (!tile.tile<32x32xf32, acc, memref = <@mem_acc_0, offset = 0, size = 4096>>) {
// CHECK-NEXT:      %s = tile.matmul %l, %r : {{.*}} -> !tile.tile<32x32xf32, acc, memref = <@mem_acc_0, offset = 0, size = 4096>>
// CHECK-NEXT:      scf.yield %s : !tile.tile<32x32xf32, acc, memref = <@mem_acc_0, offset = 0, size = 4096>>
// CHECK-NEXT:    } else {
// CHECK-NEXT:      %t = tile.matmul_acc %acc, %l, %r, %f : (!tile.tile<32x32xf32, acc, memref = <@mem_acc_0, offset = 0, size = 4096>>, {{.*}}) -> !tile.tile<32x32xf32, acc, memref = <@mem_acc_0, offset = 0, size = 4096>>
// CHECK-NEXT:      scf.yield %t : !tile.tile<32x32xf32, acc, memref = <@mem_acc_0, offset = 0, size = 4096>>
// CHECK-NEXT:    }
// CHECK:         scf.yield %n : !tile.tile<32x32xf32, acc, memref = <@mem_acc_0, offset = 0, size = 4096>>
// CHECK:         tile.store %res, %c[%c0, %c0] : !tile.tile<32x32xf32, acc, memref = <@mem_acc_0, offset = 0, size = 4096>>, memref<32x32xf32>

func.func @peel_k_loop(%a: memref<32x128xf16>, %b: memref<128x32xf16>, %c: memref<32x32xf32>) {
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

// issue 24, item 3: the hand-peeled K-loop (peel-k-loop.mlir) sitting in an
// arm of an enclosing scf.if still plans on ONE Acc buffer, the carried
// accumulator's, with no tile.move, whatever the other arm does -- it
// accumulates in place (b), starts fresh (a), or yields the accumulator
// unchanged (c): on every path the buffer holds the one live accumulator.
// (It was refused: "if-merged accumulator ... no Acc->Acc copy exists". The
// inner peel's continuation arm joined the outer if's merged root through a
// carry move, and that move's no-alias rule kept the loop carry from putting
// the merged root on the accumulator's buffer, though the move then copies
// the buffer onto itself and goes.) Every planner, proved, run, lowered;
// err-peel-in-if-arm-read.mlir is the case one buffer does not suffice.
// RUN: xdsl-opt -p 'pto-plan-memory{backend=a3 verify=true}' %s | filecheck %s --check-prefixes=CHECK,ADDR
// RUN: xdsl-opt -p 'pto-plan-memory{backend=a3 planner=dsa_rp verify=true}' %s | filecheck %s --check-prefixes=CHECK,ADDR
// RUN: xdsl-opt -p 'pto-plan-memory{backend=a3 planner=ptoas verify=true}' %s | filecheck %s --check-prefixes=CHECK,AUTO
// RUN: xdsl-opt -p 'pto-plan-memory{backend=a3 verify=true},convert-tile-to-pto' %s | filecheck %s --check-prefix=PTO
// RUN: xdsl-opt -p 'pto-plan-memory{backend=a3 planner=dsa_rp verify=true},convert-tile-to-pto{planner=dsa_rp}' %s | filecheck %s --check-prefix=PTO
// RUN: xdsl-opt -p 'pto-plan-memory{backend=a3 planner=ptoas verify=true},convert-tile-to-pto{planner=ptoas}' %s | filecheck %s --check-prefix=PTO-AUTO
// RUN: xdsl-pto run %s --seed 2 | filecheck %s --check-prefix=DIFF
// RUN: xdsl-pto run %s --seed 2 --pipeline 'pto-plan-memory{backend=a3 planner=dsa_rp}' | filecheck %s --check-prefix=DIFF
// DIFF: {{.*}}peel-in-if-arm.mlir: logical and physical runs agree (seed 2)

// (b) the other arm accumulates in place on the carried accumulator.
// CHECK-LABEL: func.func @arm_acc(
// ADDR-NEXT:     tile.alloc @mem_acc_0 in acc size 4096 addr 0{{$}}
// AUTO-NEXT:     tile.alloc @mem_acc_0 in acc size 4096{{$}}
// CHECK-NOT:     in acc size
// CHECK:         %acc0 = tile.create : !tile.tile<32x32xf32, acc, memref = <@mem_acc_0, offset = 0, size = 4096>>
// PTO-LABEL:     func.func @arm_acc(
// PTO:           %acc0 = pto.alloc_tile addr = %c0_i64 : !pto.tile_buf<loc=acc, dtype=f32, rows=32, cols=32,
// PTO-NOT:       pto.alloc_tile {{.*}}loc=acc
// PTO:           pto.tstore ins(%acc0 :
// PTO-AUTO-LABEL: func.func @arm_acc(
// PTO-AUTO:      %acc0 = pto.alloc_tile : !pto.tile_buf<loc=acc, dtype=f32, rows=32, cols=32,
// PTO-AUTO-NOT:  pto.alloc_tile {{.*}}loc=acc
// PTO-AUTO:      pto.tstore ins(%acc0 :
// CHECK:         %res = scf.for %k = %c0 to %c4 step %c1 iter_args(%acc = %acc0) -> (!tile.tile<32x32xf32, acc, memref = <@mem_acc_0, offset = 0, size = 4096>>) {
// CHECK:         %n = scf.if %lo -> (!tile.tile<32x32xf32, acc, memref = <@mem_acc_0, offset = 0, size = 4096>>) {
// CHECK:         %p = scf.if %first -> (!tile.tile<32x32xf32, acc, memref = <@mem_acc_0, offset = 0, size = 4096>>) {
// CHECK-NEXT:      %s = tile.matmul %l, %r : {{.*}} -> !tile.tile<32x32xf32, acc, memref = <@mem_acc_0, offset = 0, size = 4096>>
// CHECK-NEXT:      scf.yield %s : !tile.tile<32x32xf32, acc, memref = <@mem_acc_0, offset = 0, size = 4096>>
// CHECK-NEXT:    } else {
// CHECK-NEXT:      %t = tile.matmul_acc %acc, %l, %r, %f : (!tile.tile<32x32xf32, acc, memref = <@mem_acc_0, offset = 0, size = 4096>>, {{.*}}) -> !tile.tile<32x32xf32, acc, memref = <@mem_acc_0, offset = 0, size = 4096>>
// CHECK-NEXT:      scf.yield %t : !tile.tile<32x32xf32, acc, memref = <@mem_acc_0, offset = 0, size = 4096>>
// CHECK-NEXT:    }
// CHECK-NEXT:    scf.yield %p : !tile.tile<32x32xf32, acc, memref = <@mem_acc_0, offset = 0, size = 4096>>
// CHECK-NEXT:  } else {
// CHECK-NEXT:    %u = tile.matmul_acc %acc, %l, %r, %f : (!tile.tile<32x32xf32, acc, memref = <@mem_acc_0, offset = 0, size = 4096>>, {{.*}}) -> !tile.tile<32x32xf32, acc, memref = <@mem_acc_0, offset = 0, size = 4096>>
// CHECK-NEXT:    scf.yield %u : !tile.tile<32x32xf32, acc, memref = <@mem_acc_0, offset = 0, size = 4096>>
// CHECK-NEXT:  }
// CHECK:         scf.yield %n : !tile.tile<32x32xf32, acc, memref = <@mem_acc_0, offset = 0, size = 4096>>
// CHECK:         tile.store %res, %c[%c0, %c0] : !tile.tile<32x32xf32, acc, memref = <@mem_acc_0, offset = 0, size = 4096>>, memref<32x32xf32>
func.func @arm_acc(%a: memref<32x128xf16>, %b: memref<128x32xf16>, %c: memref<32x32xf32>) {
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

// (a) the other arm starts a fresh accumulation (a matmul of its own).
// CHECK-LABEL: func.func @arm_fresh(
// ADDR-NEXT:     tile.alloc @mem_acc_0 in acc size 4096 addr 0{{$}}
// AUTO-NEXT:     tile.alloc @mem_acc_0 in acc size 4096{{$}}
// CHECK-NOT:     in acc size
// CHECK:         %acc0 = tile.create : !tile.tile<32x32xf32, acc, memref = <@mem_acc_0, offset = 0, size = 4096>>
// PTO-LABEL:     func.func @arm_fresh(
// PTO:           %acc0 = pto.alloc_tile addr = %c0_i64 : !pto.tile_buf<loc=acc, dtype=f32, rows=32, cols=32,
// PTO-NOT:       pto.alloc_tile {{.*}}loc=acc
// PTO:           pto.tstore ins(%acc0 :
// PTO-AUTO-LABEL: func.func @arm_fresh(
// PTO-AUTO:      %acc0 = pto.alloc_tile : !pto.tile_buf<loc=acc, dtype=f32, rows=32, cols=32,
// PTO-AUTO-NOT:  pto.alloc_tile {{.*}}loc=acc
// PTO-AUTO:      pto.tstore ins(%acc0 :
// CHECK:         %res = scf.for %k = %c0 to %c4 step %c1 iter_args(%acc = %acc0) -> (!tile.tile<32x32xf32, acc, memref = <@mem_acc_0, offset = 0, size = 4096>>) {
// CHECK:         %n = scf.if %lo -> (!tile.tile<32x32xf32, acc, memref = <@mem_acc_0, offset = 0, size = 4096>>) {
// CHECK:         %p = scf.if %first -> (!tile.tile<32x32xf32, acc, memref = <@mem_acc_0, offset = 0, size = 4096>>) {
// CHECK-NEXT:      %s = tile.matmul %l, %r : {{.*}} -> !tile.tile<32x32xf32, acc, memref = <@mem_acc_0, offset = 0, size = 4096>>
// CHECK-NEXT:      scf.yield %s : !tile.tile<32x32xf32, acc, memref = <@mem_acc_0, offset = 0, size = 4096>>
// CHECK-NEXT:    } else {
// CHECK-NEXT:      %t = tile.matmul_acc %acc, %l, %r, %f : (!tile.tile<32x32xf32, acc, memref = <@mem_acc_0, offset = 0, size = 4096>>, {{.*}}) -> !tile.tile<32x32xf32, acc, memref = <@mem_acc_0, offset = 0, size = 4096>>
// CHECK-NEXT:      scf.yield %t : !tile.tile<32x32xf32, acc, memref = <@mem_acc_0, offset = 0, size = 4096>>
// CHECK-NEXT:    }
// CHECK-NEXT:    scf.yield %p : !tile.tile<32x32xf32, acc, memref = <@mem_acc_0, offset = 0, size = 4096>>
// CHECK-NEXT:  } else {
// CHECK-NEXT:    %u = tile.matmul %l, %r : {{.*}} -> !tile.tile<32x32xf32, acc, memref = <@mem_acc_0, offset = 0, size = 4096>>
// CHECK-NEXT:    scf.yield %u : !tile.tile<32x32xf32, acc, memref = <@mem_acc_0, offset = 0, size = 4096>>
// CHECK-NEXT:  }
// CHECK:         scf.yield %n : !tile.tile<32x32xf32, acc, memref = <@mem_acc_0, offset = 0, size = 4096>>
// CHECK:         tile.store %res, %c[%c0, %c0] : !tile.tile<32x32xf32, acc, memref = <@mem_acc_0, offset = 0, size = 4096>>, memref<32x32xf32>
func.func @arm_fresh(%a: memref<32x128xf16>, %b: memref<128x32xf16>, %c: memref<32x32xf32>) {
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
        scf.yield %s : !tile.tile<32x32xf32, acc>
      } else {
        %t = tile.matmul_acc %acc, %l, %r, %f : (!tile.tile<32x32xf32, acc>, !tile.tile<32x32xf16, left>, !tile.tile<32x32xf16, right>, i1) -> !tile.tile<32x32xf32, acc>
        scf.yield %t : !tile.tile<32x32xf32, acc>
      }
      scf.yield %p : !tile.tile<32x32xf32, acc>
    } else {
      %u = tile.matmul %l, %r : (!tile.tile<32x32xf16, left>, !tile.tile<32x32xf16, right>) -> !tile.tile<32x32xf32, acc>
      scf.yield %u : !tile.tile<32x32xf32, acc>
    }
    scf.yield %n : !tile.tile<32x32xf32, acc>
  }
  tile.store %res, %c[%c0, %c0] : !tile.tile<32x32xf32, acc>, memref<32x32xf32>
  func.return
}

// (c) the other arm yields the carried accumulator unchanged.
// CHECK-LABEL: func.func @arm_same(
// ADDR-NEXT:     tile.alloc @mem_acc_0 in acc size 4096 addr 0{{$}}
// AUTO-NEXT:     tile.alloc @mem_acc_0 in acc size 4096{{$}}
// CHECK-NOT:     in acc size
// CHECK:         %acc0 = tile.create : !tile.tile<32x32xf32, acc, memref = <@mem_acc_0, offset = 0, size = 4096>>
// PTO-LABEL:     func.func @arm_same(
// PTO:           %acc0 = pto.alloc_tile addr = %c0_i64 : !pto.tile_buf<loc=acc, dtype=f32, rows=32, cols=32,
// PTO-NOT:       pto.alloc_tile {{.*}}loc=acc
// PTO:           pto.tstore ins(%acc0 :
// PTO-AUTO-LABEL: func.func @arm_same(
// PTO-AUTO:      %acc0 = pto.alloc_tile : !pto.tile_buf<loc=acc, dtype=f32, rows=32, cols=32,
// PTO-AUTO-NOT:  pto.alloc_tile {{.*}}loc=acc
// PTO-AUTO:      pto.tstore ins(%acc0 :
// CHECK:         %res = scf.for %k = %c0 to %c4 step %c1 iter_args(%acc = %acc0) -> (!tile.tile<32x32xf32, acc, memref = <@mem_acc_0, offset = 0, size = 4096>>) {
// CHECK:         %n = scf.if %lo -> (!tile.tile<32x32xf32, acc, memref = <@mem_acc_0, offset = 0, size = 4096>>) {
// CHECK:         %p = scf.if %first -> (!tile.tile<32x32xf32, acc, memref = <@mem_acc_0, offset = 0, size = 4096>>) {
// CHECK-NEXT:      %s = tile.matmul %l, %r : {{.*}} -> !tile.tile<32x32xf32, acc, memref = <@mem_acc_0, offset = 0, size = 4096>>
// CHECK-NEXT:      scf.yield %s : !tile.tile<32x32xf32, acc, memref = <@mem_acc_0, offset = 0, size = 4096>>
// CHECK-NEXT:    } else {
// CHECK-NEXT:      %t = tile.matmul_acc %acc, %l, %r, %f : (!tile.tile<32x32xf32, acc, memref = <@mem_acc_0, offset = 0, size = 4096>>, {{.*}}) -> !tile.tile<32x32xf32, acc, memref = <@mem_acc_0, offset = 0, size = 4096>>
// CHECK-NEXT:      scf.yield %t : !tile.tile<32x32xf32, acc, memref = <@mem_acc_0, offset = 0, size = 4096>>
// CHECK-NEXT:    }
// CHECK-NEXT:    scf.yield %p : !tile.tile<32x32xf32, acc, memref = <@mem_acc_0, offset = 0, size = 4096>>
// CHECK-NEXT:  } else {
// CHECK-NEXT:    scf.yield %acc : !tile.tile<32x32xf32, acc, memref = <@mem_acc_0, offset = 0, size = 4096>>
// CHECK-NEXT:  }
// CHECK:         scf.yield %n : !tile.tile<32x32xf32, acc, memref = <@mem_acc_0, offset = 0, size = 4096>>
// CHECK:         tile.store %res, %c[%c0, %c0] : !tile.tile<32x32xf32, acc, memref = <@mem_acc_0, offset = 0, size = 4096>>, memref<32x32xf32>
func.func @arm_same(%a: memref<32x128xf16>, %b: memref<128x32xf16>, %c: memref<32x32xf32>) {
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
        scf.yield %s : !tile.tile<32x32xf32, acc>
      } else {
        %t = tile.matmul_acc %acc, %l, %r, %f : (!tile.tile<32x32xf32, acc>, !tile.tile<32x32xf16, left>, !tile.tile<32x32xf16, right>, i1) -> !tile.tile<32x32xf32, acc>
        scf.yield %t : !tile.tile<32x32xf32, acc>
      }
      scf.yield %p : !tile.tile<32x32xf32, acc>
    } else {
      scf.yield %acc : !tile.tile<32x32xf32, acc>
    }
    scf.yield %n : !tile.tile<32x32xf32, acc>
  }
  tile.store %res, %c[%c0, %c0] : !tile.tile<32x32xf32, acc>, memref<32x32xf32>
  func.return
}

// The form of the pypto-lib projections (examples/proj, q_proj, ...): the
// outer if's first arm runs a whole K-loop from a fresh tile with the peel
// inside it, the other arm continues the K-loop on the carried accumulator.
// CHECK-LABEL: func.func @arm_kloop(
// ADDR-NEXT:     tile.alloc @mem_acc_0 in acc size 4096 addr 0{{$}}
// AUTO-NEXT:     tile.alloc @mem_acc_0 in acc size 4096{{$}}
// CHECK-NOT:     in acc size
// CHECK:         %acc0 = tile.create : !tile.tile<32x32xf32, acc, memref = <@mem_acc_0, offset = 0, size = 4096>>
// PTO-LABEL:     func.func @arm_kloop(
// PTO:           %acc0 = pto.alloc_tile addr = %c0_i64 : !pto.tile_buf<loc=acc, dtype=f32, rows=32, cols=32,
// PTO-NOT:       pto.alloc_tile {{.*}}loc=acc
// PTO:           pto.tstore ins(%acc0 :
// PTO-AUTO-LABEL: func.func @arm_kloop(
// PTO-AUTO:      %acc0 = pto.alloc_tile : !pto.tile_buf<loc=acc, dtype=f32, rows=32, cols=32,
// PTO-AUTO-NOT:  pto.alloc_tile {{.*}}loc=acc
// PTO-AUTO:      pto.tstore ins(%acc0 :
// CHECK:         %res = scf.for %kb = %c0 to %c4 step %c1 iter_args(%acc = %acc0) -> (!tile.tile<32x32xf32, acc, memref = <@mem_acc_0, offset = 0, size = 4096>>) {
// CHECK:           %n = scf.if %outer_first -> (!tile.tile<32x32xf32, acc, memref = <@mem_acc_0, offset = 0, size = 4096>>) {
// CHECK-NEXT:        %init = tile.create : !tile.tile<32x32xf32, acc, memref = <@mem_acc_0, offset = 0, size = 4096>>
// CHECK-NEXT:        %kr = scf.for %ko = %c0 to %c2 step %c1 iter_args(%c_in = %init) -> (!tile.tile<32x32xf32, acc, memref = <@mem_acc_0, offset = 0, size = 4096>>) {
// CHECK:         %phi = scf.if %first -> (!tile.tile<32x32xf32, acc, memref = <@mem_acc_0, offset = 0, size = 4096>>) {
// CHECK-NEXT:      %s = tile.matmul %l, %r : {{.*}} -> !tile.tile<32x32xf32, acc, memref = <@mem_acc_0, offset = 0, size = 4096>>
// CHECK-NEXT:      scf.yield %s : !tile.tile<32x32xf32, acc, memref = <@mem_acc_0, offset = 0, size = 4096>>
// CHECK-NEXT:    } else {
// CHECK-NEXT:      %t = tile.matmul_acc %c_in, %l, %r, %f : (!tile.tile<32x32xf32, acc, memref = <@mem_acc_0, offset = 0, size = 4096>>, {{.*}}) -> !tile.tile<32x32xf32, acc, memref = <@mem_acc_0, offset = 0, size = 4096>>
// CHECK-NEXT:      scf.yield %t : !tile.tile<32x32xf32, acc, memref = <@mem_acc_0, offset = 0, size = 4096>>
// CHECK-NEXT:    }
// CHECK-NEXT:      scf.yield %phi : !tile.tile<32x32xf32, acc, memref = <@mem_acc_0, offset = 0, size = 4096>>
// CHECK-NEXT:    }
// CHECK-NEXT:    scf.yield %kr : !tile.tile<32x32xf32, acc, memref = <@mem_acc_0, offset = 0, size = 4096>>
// CHECK-NEXT:  } else {
// CHECK-NEXT:    %kr2 = scf.for %ko2 = %c0 to %c2 step %c1 iter_args(%c2_in = %acc) -> (!tile.tile<32x32xf32, acc, memref = <@mem_acc_0, offset = 0, size = 4096>>) {
// CHECK:           %u = tile.matmul_acc %c2_in, %l2, %r2, %f : (!tile.tile<32x32xf32, acc, memref = <@mem_acc_0, offset = 0, size = 4096>>, {{.*}}) -> !tile.tile<32x32xf32, acc, memref = <@mem_acc_0, offset = 0, size = 4096>>
// CHECK-NEXT:      scf.yield %u : !tile.tile<32x32xf32, acc, memref = <@mem_acc_0, offset = 0, size = 4096>>
// CHECK-NEXT:    }
// CHECK-NEXT:    scf.yield %kr2 : !tile.tile<32x32xf32, acc, memref = <@mem_acc_0, offset = 0, size = 4096>>
// CHECK-NEXT:  }
// CHECK:         scf.yield %n : !tile.tile<32x32xf32, acc, memref = <@mem_acc_0, offset = 0, size = 4096>>
// CHECK:         tile.store %res, %c[%c0, %c0] : !tile.tile<32x32xf32, acc, memref = <@mem_acc_0, offset = 0, size = 4096>>, memref<32x32xf32>
func.func @arm_kloop(%a: memref<32x256xf16>, %b: memref<256x32xf16>, %c: memref<32x32xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %f = arith.constant false
  %acc0 = tile.create : !tile.tile<32x32xf32, acc>
  %res = scf.for %kb = %c0 to %c4 step %c1 iter_args(%acc = %acc0) -> (!tile.tile<32x32xf32, acc>) {
    %base = arith.muli %kb, %c64 : index
    %outer_first = arith.cmpi eq, %kb, %c0 : index
    %n = scf.if %outer_first -> (!tile.tile<32x32xf32, acc>) {
      %init = tile.create : !tile.tile<32x32xf32, acc>
      %kr = scf.for %ko = %c0 to %c2 step %c1 iter_args(%c_in = %init) -> (!tile.tile<32x32xf32, acc>) {
        %off = arith.muli %ko, %c32 : index
        %k0 = arith.addi %base, %off : index
        %am = tile.load %a[%c0, %k0] : memref<32x256xf16> -> !tile.tile<32x32xf16, mat>
        %bm = tile.load %b[%k0, %c0] : memref<256x32xf16> -> !tile.tile<32x32xf16, mat>
        %l = tile.move %am : (!tile.tile<32x32xf16, mat>) -> !tile.tile<32x32xf16, left>
        %r = tile.move %bm : (!tile.tile<32x32xf16, mat>) -> !tile.tile<32x32xf16, right>
        %first = arith.cmpi eq, %ko, %c0 : index
        %phi = scf.if %first -> (!tile.tile<32x32xf32, acc>) {
          %s = tile.matmul %l, %r : (!tile.tile<32x32xf16, left>, !tile.tile<32x32xf16, right>) -> !tile.tile<32x32xf32, acc>
          scf.yield %s : !tile.tile<32x32xf32, acc>
        } else {
          %t = tile.matmul_acc %c_in, %l, %r, %f : (!tile.tile<32x32xf32, acc>, !tile.tile<32x32xf16, left>, !tile.tile<32x32xf16, right>, i1) -> !tile.tile<32x32xf32, acc>
          scf.yield %t : !tile.tile<32x32xf32, acc>
        }
        scf.yield %phi : !tile.tile<32x32xf32, acc>
      }
      scf.yield %kr : !tile.tile<32x32xf32, acc>
    } else {
      %kr2 = scf.for %ko2 = %c0 to %c2 step %c1 iter_args(%c2_in = %acc) -> (!tile.tile<32x32xf32, acc>) {
        %off2 = arith.muli %ko2, %c32 : index
        %k02 = arith.addi %base, %off2 : index
        %am2 = tile.load %a[%c0, %k02] : memref<32x256xf16> -> !tile.tile<32x32xf16, mat>
        %bm2 = tile.load %b[%k02, %c0] : memref<256x32xf16> -> !tile.tile<32x32xf16, mat>
        %l2 = tile.move %am2 : (!tile.tile<32x32xf16, mat>) -> !tile.tile<32x32xf16, left>
        %r2 = tile.move %bm2 : (!tile.tile<32x32xf16, mat>) -> !tile.tile<32x32xf16, right>
        %u = tile.matmul_acc %c2_in, %l2, %r2, %f : (!tile.tile<32x32xf32, acc>, !tile.tile<32x32xf16, left>, !tile.tile<32x32xf16, right>, i1) -> !tile.tile<32x32xf32, acc>
        scf.yield %u : !tile.tile<32x32xf32, acc>
      }
      scf.yield %kr2 : !tile.tile<32x32xf32, acc>
    }
    scf.yield %n : !tile.tile<32x32xf32, acc>
  }
  tile.store %res, %c[%c0, %c0] : !tile.tile<32x32xf32, acc>, memref<32x32xf32>
  func.return
}

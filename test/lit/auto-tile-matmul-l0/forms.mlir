// RUN: xdsl-opt -p 'auto-tile-matmul-l0{backend=a3}' %s | filecheck %s
// RUN: xdsl-pto run %s --pipeline 'auto-tile-matmul-l0{backend=a3},lower-pipeline-loops,pto-plan-memory{backend=a3}' | filecheck %s --check-prefix=DIFF
// RUN: xdsl-pto run %s --seed 7 --pipeline 'auto-tile-matmul-l0{backend=a5},lower-pipeline-loops,pto-plan-memory{backend=a5}' | filecheck %s --check-prefix=DIFF7
// The K-loop forms of auto-tile-matmul-l0 on A3, and the differential run of
// every function (the tiled, planned kernel computes the same numbers as the
// untiled one).
// DIFF: {{.*}}forms.mlir: logical and physical runs agree (seed 0)
// DIFF7: {{.*}}forms.mlir: logical and physical runs agree (seed 7)

// CHECK-LABEL: func.func @acc_runtime(
// CHECK: %t = tile.create : !tile.tile<64x128xf32, acc>
// CHECK-NEXT: %lhs_mat = tile.move %a_v : (!tile.tile<64x512xf16, vec>) -> !tile.tile<64x512xf16, mat>
// CHECK: %r = scf.for %ko = %c0_1 to %c512 step %c128 iter_args(%acc_in = %t) -> (!tile.tile<64x128xf32, acc>) {
// CHECK-NEXT: %a_l0 = tile.extract %lhs_mat, %c0_1, %ko : (!tile.tile<64x512xf16, mat>, index, index) -> !tile.tile<64x128xf16, left>
// CHECK-NEXT: %b_l0 = tile.extract %b_l1, %ko, %c0_1 : (!tile.tile<512x128xf16, mat>, index, index) -> !tile.tile<128x128xf16, right>
// CHECK-NEXT: %first = arith.cmpi eq, %ko, %c0_1 : index
// CHECK-NEXT: %init = arith.andi %flag, %first : i1
// CHECK-NEXT: %acc_next = tile.matmul_acc %acc_in, %a_l0, %b_l0, %init : (!tile.tile<64x128xf32, acc>, !tile.tile<64x128xf16, left>, !tile.tile<128x128xf16, right>, i1) -> !tile.tile<64x128xf32, acc>
// CHECK-NEXT: scf.yield %acc_next : !tile.tile<64x128xf32, acc>
// CHECK-NEXT: } {tile.pipeline_stages = 2 : i64}
// CHECK-NEXT: tile.store %r, %c[%c0, %c0]

// A constant-true init_cond is `ko == 0`; a constant false stays false on
// every block.
// CHECK-LABEL: func.func @acc_false(
// CHECK: %r0 = scf.for %ko = %c0_1 to %c512 step %c128 iter_args(%acc_in = %t) -> (!tile.tile<64x128xf32, acc>) {
// CHECK: %first = arith.cmpi eq, %ko, %c0_1 : index
// CHECK-NEXT: %acc_next = tile.matmul_acc %acc_in, %a_l0, %b_l0, %first
// CHECK: %false_1 = arith.constant false
// CHECK: %r = scf.for %ko_1 = %c0_2 to %c512_1 step %c128_1 iter_args(%acc_in_1 = %r0) -> (!tile.tile<64x128xf32, acc>) {
// CHECK-NEXT: %a_l0_1 = tile.extract %a_l1, %c0_2, %ko_1
// CHECK-NEXT: %b_l0_1 = tile.extract %b_l1, %ko_1, %c0_2
// CHECK-NEXT: %acc_next_1 = tile.matmul_acc %acc_in_1, %a_l0_1, %b_l0_1, %false_1
// CHECK-NEXT: scf.yield %acc_next_1

// The bias is applied exactly once: one matmul_bias on block 0, before the
// loop over blocks 1..3 (ko = 128 .. 512), which only accumulates.
// CHECK-LABEL: func.func @bias(
// CHECK: %a_l0 = tile.extract %a_l1, %c0_1, %c0_1 : (!tile.tile<128x512xf16, mat>, index, index) -> !tile.tile<128x128xf16, left>
// CHECK-NEXT: %b_l0 = tile.extract %b_l1, %c0_1, %c0_1 : (!tile.tile<512x128xf16, mat>, index, index) -> !tile.tile<128x128xf16, right>
// CHECK-NEXT: %r = tile.matmul_bias %a_l0, %b_l0, %bias_t : (!tile.tile<128x128xf16, left>, !tile.tile<128x128xf16, right>, !tile.tile<1x128xf32, bias>) -> !tile.tile<128x128xf32, acc>
// CHECK: %r_1 = scf.for %ko = %c128 to %c512 step %c128 iter_args(%acc_in = %r) -> (!tile.tile<128x128xf32, acc>) {
// CHECK-NOT: matmul_bias
// CHECK: %acc_next = tile.matmul_acc %acc_in, %a_l0_1, %b_l0_1, %false
// CHECK: } {tile.pipeline_stages = 2 : i64}
// CHECK-NEXT: tile.store %r_1, %c[%c0, %c0]
// CHECK-NOT: matmul_bias
// CHECK-LABEL: func.func @k_tail(

// K tail: 18 full 32-wide blocks in the loop, then the 16-wide tail.
// CHECK: %r = scf.for %ko = %c0_1 to %c576 step %c32 iter_args(%acc_in = %acc_init) -> (!tile.tile<128x128xf32, acc>) {
// CHECK-NEXT: %a_l0 = tile.extract %a_l1, %c0_1, %ko : (!tile.tile<128x592xf16, mat>, index, index) -> !tile.tile<128x32xf16, left>
// CHECK: } {tile.pipeline_stages = 2 : i64}
// CHECK-NEXT: %a_l0_1 = tile.extract %a_l1, %c0_1, %c576 : (!tile.tile<128x592xf16, mat>, index, index) -> !tile.tile<128x16xf16, left>
// CHECK-NEXT: %b_l0_1 = tile.extract %b_l1, %c576, %c0_1 : (!tile.tile<592x128xf16, mat>, index, index) -> !tile.tile<16x128xf16, right>
// CHECK-NEXT: %false = arith.constant false
// CHECK-NEXT: %r_1 = tile.matmul_acc %r, %a_l0_1, %b_l0_1, %false : (!tile.tile<128x128xf32, acc>, !tile.tile<128x16xf16, left>, !tile.tile<16x128xf16, right>, i1) -> !tile.tile<128x128xf32, acc>
// CHECK-NEXT: tile.store %r_1, %c[%c0, %c0]

// Fits L0: no loop, each operand moved whole (the vec lhs through mat).
// CHECK-LABEL: func.func @fits(
// CHECK: %lhs_mat = tile.move %a_v : (!tile.tile<64x64xf16, vec>) -> !tile.tile<64x64xf16, mat>
// CHECK-NEXT: %lhs_l0 = tile.move %lhs_mat : (!tile.tile<64x64xf16, mat>) -> !tile.tile<64x64xf16, left>
// CHECK-NEXT: %rhs_l0 = tile.move %b_l1 : (!tile.tile<64x64xf16, mat>) -> !tile.tile<64x64xf16, right>
// CHECK-NEXT: %r = tile.matmul %lhs_l0, %rhs_l0 : (!tile.tile<64x64xf16, left>, !tile.tile<64x64xf16, right>) -> !tile.tile<64x64xf32, acc>
// CHECK-NOT: scf.for

func.func @acc_runtime(%a: memref<64x512xf16>, %b: memref<512x128xf16>, %c: memref<64x128xf32>, %flag: i1) {
  %c0 = arith.constant 0 : index
  %a_v = tile.load %a[%c0, %c0] : memref<64x512xf16> -> !tile.tile<64x512xf16, vec>
  %b_l1 = tile.load %b[%c0, %c0] : memref<512x128xf16> -> !tile.tile<512x128xf16, mat>
  %t = tile.create : !tile.tile<64x128xf32, acc>
  %r = tile.matmul_acc %t, %a_v, %b_l1, %flag : (!tile.tile<64x128xf32, acc>, !tile.tile<64x512xf16, vec>, !tile.tile<512x128xf16, mat>, i1) -> !tile.tile<64x128xf32, acc>
  tile.store %r, %c[%c0, %c0] : !tile.tile<64x128xf32, acc>, memref<64x128xf32>
  func.return
}

func.func @acc_false(%a: memref<64x512xf16>, %b: memref<512x128xf16>, %c: memref<64x128xf32>) {
  %c0 = arith.constant 0 : index
  %false = arith.constant false
  %true = arith.constant true
  %a_l1 = tile.load %a[%c0, %c0] : memref<64x512xf16> -> !tile.tile<64x512xf16, mat>
  %b_l1 = tile.load %b[%c0, %c0] : memref<512x128xf16> -> !tile.tile<512x128xf16, mat>
  %t = tile.create : !tile.tile<64x128xf32, acc>
  %r0 = tile.matmul_acc %t, %a_l1, %b_l1, %true : (!tile.tile<64x128xf32, acc>, !tile.tile<64x512xf16, mat>, !tile.tile<512x128xf16, mat>, i1) -> !tile.tile<64x128xf32, acc>
  %r = tile.matmul_acc %r0, %a_l1, %b_l1, %false : (!tile.tile<64x128xf32, acc>, !tile.tile<64x512xf16, mat>, !tile.tile<512x128xf16, mat>, i1) -> !tile.tile<64x128xf32, acc>
  tile.store %r, %c[%c0, %c0] : !tile.tile<64x128xf32, acc>, memref<64x128xf32>
  func.return
}

func.func @bias(%a: memref<128x512xf16>, %b: memref<512x128xf16>, %bias: memref<1x128xf32>, %c: memref<128x128xf32>) {
  %c0 = arith.constant 0 : index
  %a_l1 = tile.load %a[%c0, %c0] : memref<128x512xf16> -> !tile.tile<128x512xf16, mat>
  %b_l1 = tile.load %b[%c0, %c0] : memref<512x128xf16> -> !tile.tile<512x128xf16, mat>
  %bias_m = tile.load %bias[%c0, %c0] : memref<1x128xf32> -> !tile.tile<1x128xf32, mat>
  %bias_t = tile.move %bias_m : (!tile.tile<1x128xf32, mat>) -> !tile.tile<1x128xf32, bias>
  %r = tile.matmul_bias %a_l1, %b_l1, %bias_t : (!tile.tile<128x512xf16, mat>, !tile.tile<512x128xf16, mat>, !tile.tile<1x128xf32, bias>) -> !tile.tile<128x128xf32, acc>
  tile.store %r, %c[%c0, %c0] : !tile.tile<128x128xf32, acc>, memref<128x128xf32>
  func.return
}

func.func @k_tail(%a: memref<128x592xf16>, %b: memref<592x128xf16>, %c: memref<128x128xf32>) {
  %c0 = arith.constant 0 : index
  %a_l1 = tile.load %a[%c0, %c0] : memref<128x592xf16> -> !tile.tile<128x592xf16, mat>
  %b_l1 = tile.load %b[%c0, %c0] : memref<592x128xf16> -> !tile.tile<592x128xf16, mat>
  %r = tile.matmul %a_l1, %b_l1 : (!tile.tile<128x592xf16, mat>, !tile.tile<592x128xf16, mat>) -> !tile.tile<128x128xf32, acc>
  tile.store %r, %c[%c0, %c0] : !tile.tile<128x128xf32, acc>, memref<128x128xf32>
  func.return
}

func.func @fits(%a: memref<64x64xf16>, %b: memref<64x64xf16>, %c: memref<64x64xf32>) {
  %c0 = arith.constant 0 : index
  %a_v = tile.load %a[%c0, %c0] : memref<64x64xf16> -> !tile.tile<64x64xf16, vec>
  %b_l1 = tile.load %b[%c0, %c0] : memref<64x64xf16> -> !tile.tile<64x64xf16, mat>
  %r = tile.matmul %a_v, %b_l1 : (!tile.tile<64x64xf16, vec>, !tile.tile<64x64xf16, mat>) -> !tile.tile<64x64xf32, acc>
  tile.store %r, %c[%c0, %c0] : !tile.tile<64x64xf32, acc>, memref<64x64xf32>
  func.return
}

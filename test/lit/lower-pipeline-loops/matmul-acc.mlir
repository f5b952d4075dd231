// RUN: xdsl-opt -p lower-pipeline-loops %s | filecheck %s

// A K loop with F = 2: the operand loads (Mat) and moves (Left/Right) are
// tagged per stage, the cube accumulator (tile.matmul_acc, result fixed to
// Acc) is not: one L0C buffer serves every stage.
// CHECK-LABEL: func.func @matmul_k(
// CHECK-NEXT:    %c0 = arith.constant 0 : index
// CHECK-NEXT:    %c1 = arith.constant 1 : index
// CHECK-NEXT:    %c4 = arith.constant 4 : index
// CHECK-NEXT:    %c32 = arith.constant 32 : index
// CHECK-NEXT:    %acc0 = tile.create : !tile.tile<16x16xf32, acc>
// CHECK-NEXT:    %c4_1 = arith.constant 4 : index
// CHECK-NEXT:    %c1_1 = arith.constant 1 : index
// CHECK-NEXT:    %c2 = arith.constant 2 : index
// CHECK-NEXT:    %out = scf.for %k = %c0 to %c4_1 step %c2 iter_args(%acc = %acc0) -> (!tile.tile<16x16xf32, acc>) {
// CHECK-NEXT:      %k0 = arith.muli %k, %c32 : index
// CHECK-NEXT:      %am = tile.load %a[%c0, %k0] {tile.pipeline_membership = [array<i64: 0, 0>]} : memref<16x128xf16> -> !tile.tile<16x32xf16, mat>
// CHECK-NEXT:      %bm = tile.load %b[%k0, %c0] {tile.pipeline_membership = [array<i64: 0, 0>]} : memref<128x16xf16> -> !tile.tile<32x16xf16, mat>
// CHECK-NEXT:      %al = tile.move %am {tile.pipeline_membership = [array<i64: 0, 0>]} : (!tile.tile<16x32xf16, mat>) -> !tile.tile<16x32xf16, left>
// CHECK-NEXT:      %br = tile.move %bm {tile.pipeline_membership = [array<i64: 0, 0>]} : (!tile.tile<32x16xf16, mat>) -> !tile.tile<32x16xf16, right>
// CHECK-NEXT:      %first = arith.cmpi eq, %k, %c0 : index
// CHECK-NEXT:      %next = tile.matmul_acc %acc, %al, %br, %first : (!tile.tile<16x16xf32, acc>, !tile.tile<16x32xf16, left>, !tile.tile<32x16xf16, right>, i1) -> !tile.tile<16x16xf32, acc>
// CHECK-NEXT:      %k_1 = arith.addi %k, %c1_1 : index
// CHECK-NEXT:      %k0_1 = arith.muli %k_1, %c32 : index
// CHECK-NEXT:      %am_1 = tile.load %a[%c0, %k0_1] {tile.pipeline_membership = [array<i64: 0, 1>]} : memref<16x128xf16> -> !tile.tile<16x32xf16, mat>
// CHECK-NEXT:      %bm_1 = tile.load %b[%k0_1, %c0] {tile.pipeline_membership = [array<i64: 0, 1>]} : memref<128x16xf16> -> !tile.tile<32x16xf16, mat>
// CHECK-NEXT:      %al_1 = tile.move %am_1 {tile.pipeline_membership = [array<i64: 0, 1>]} : (!tile.tile<16x32xf16, mat>) -> !tile.tile<16x32xf16, left>
// CHECK-NEXT:      %br_1 = tile.move %bm_1 {tile.pipeline_membership = [array<i64: 0, 1>]} : (!tile.tile<32x16xf16, mat>) -> !tile.tile<32x16xf16, right>
// CHECK-NEXT:      %first_1 = arith.cmpi eq, %k_1, %c0 : index
// CHECK-NEXT:      %next_1 = tile.matmul_acc %next, %al_1, %br_1, %first_1 : (!tile.tile<16x16xf32, acc>, !tile.tile<16x32xf16, left>, !tile.tile<32x16xf16, right>, i1) -> !tile.tile<16x16xf32, acc>
// CHECK-NEXT:      scf.yield %next_1 : !tile.tile<16x16xf32, acc>
// CHECK-NEXT:    } {tile.pipeline_stages = 1 : i64}
// CHECK-NEXT:    tile.store %out, %c[%c0, %c0] : !tile.tile<16x16xf32, acc>, memref<16x16xf32>
// CHECK-NEXT:    func.return
// CHECK-NEXT:  }
// CHECK-LABEL: func.func @matmul_fresh(
// CHECK-NEXT:    %c0 = arith.constant 0 : index
// CHECK-NEXT:    %c1 = arith.constant 1 : index
// CHECK-NEXT:    %c2 = arith.constant 2 : index
// CHECK-NEXT:    %c16 = arith.constant 16 : index
// CHECK-NEXT:    %c2_1 = arith.constant 2 : index
// CHECK-NEXT:    %c1_1 = arith.constant 1 : index
// CHECK-NEXT:    scf.for %i = %c0 to %c2_1 step %c2_1 {
// CHECK-NEXT:      %am = tile.load %a[%c0, %c0] {tile.pipeline_membership = [array<i64: 0, 0>]} : memref<16x32xf16> -> !tile.tile<16x32xf16, mat>
// CHECK-NEXT:      %bm = tile.load %b[%c0, %c0] {tile.pipeline_membership = [array<i64: 0, 0>]} : memref<32x16xf16> -> !tile.tile<32x16xf16, mat>
// CHECK-NEXT:      %al = tile.move %am {tile.pipeline_membership = [array<i64: 0, 0>]} : (!tile.tile<16x32xf16, mat>) -> !tile.tile<16x32xf16, left>
// CHECK-NEXT:      %br = tile.move %bm {tile.pipeline_membership = [array<i64: 0, 0>]} : (!tile.tile<32x16xf16, mat>) -> !tile.tile<32x16xf16, right>
// CHECK-NEXT:      %m = tile.matmul %al, %br : (!tile.tile<16x32xf16, left>, !tile.tile<32x16xf16, right>) -> !tile.tile<16x16xf32, acc>
// CHECK-NEXT:      %scratch = tile.create {tile.pipeline_membership = [array<i64: 0, 0>]} : !tile.tile<16x16xf32, acc>
// CHECK-NEXT:      tile.store %m, %c[%c0, %c0] : !tile.tile<16x16xf32, acc>, memref<32x16xf32>
// CHECK-NEXT:      tile.store %scratch, %c[%c16, %c0] : !tile.tile<16x16xf32, acc>, memref<32x16xf32>
// CHECK-NEXT:      %i_1 = arith.addi %i, %c1_1 : index
// CHECK-NEXT:      %am_1 = tile.load %a[%c0, %c0] {tile.pipeline_membership = [array<i64: 0, 1>]} : memref<16x32xf16> -> !tile.tile<16x32xf16, mat>
// CHECK-NEXT:      %bm_1 = tile.load %b[%c0, %c0] {tile.pipeline_membership = [array<i64: 0, 1>]} : memref<32x16xf16> -> !tile.tile<32x16xf16, mat>
// CHECK-NEXT:      %al_1 = tile.move %am_1 {tile.pipeline_membership = [array<i64: 0, 1>]} : (!tile.tile<16x32xf16, mat>) -> !tile.tile<16x32xf16, left>
// CHECK-NEXT:      %br_1 = tile.move %bm_1 {tile.pipeline_membership = [array<i64: 0, 1>]} : (!tile.tile<32x16xf16, mat>) -> !tile.tile<32x16xf16, right>
// CHECK-NEXT:      %m_1 = tile.matmul %al_1, %br_1 : (!tile.tile<16x32xf16, left>, !tile.tile<32x16xf16, right>) -> !tile.tile<16x16xf32, acc>
// CHECK-NEXT:      %scratch_1 = tile.create {tile.pipeline_membership = [array<i64: 0, 1>]} : !tile.tile<16x16xf32, acc>
// CHECK-NEXT:      tile.store %m_1, %c[%c0, %c0] : !tile.tile<16x16xf32, acc>, memref<32x16xf32>
// CHECK-NEXT:      tile.store %scratch_1, %c[%c16, %c0] : !tile.tile<16x16xf32, acc>, memref<32x16xf32>
// CHECK-NEXT:    } {tile.pipeline_stages = 1 : i64}
// CHECK-NEXT:    func.return
// CHECK-NEXT:  }
!L1A = !tile.tile<16x32xf16, mat>
!L1B = !tile.tile<32x16xf16, mat>
!L = !tile.tile<16x32xf16, left>
!R = !tile.tile<32x16xf16, right>
!A = !tile.tile<16x16xf32, acc>
func.func @matmul_k(%a: memref<16x128xf16>, %b: memref<128x16xf16>, %c: memref<16x16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c32 = arith.constant 32 : index
  %acc0 = tile.create : !A
  %out = scf.for %k = %c0 to %c4 step %c1 iter_args(%acc = %acc0) -> (!A) {
    %k0 = arith.muli %k, %c32 : index
    %am = tile.load %a[%c0, %k0] : memref<16x128xf16> -> !L1A
    %bm = tile.load %b[%k0, %c0] : memref<128x16xf16> -> !L1B
    %al = tile.move %am : (!L1A) -> !L
    %br = tile.move %bm : (!L1B) -> !R
    %first = arith.cmpi eq, %k, %c0 : index
    %next = tile.matmul_acc %acc, %al, %br, %first : (!A, !L, !R, i1) -> !A
    scf.yield %next : !A
  } {tile.pipeline_stages = 2 : i64}
  tile.store %out, %c[%c0, %c0] : !A, memref<16x16xf32>
  func.return
}
// A fresh tile.matmul per iteration is an accumulator too (untagged); a
// tile.create in Acc is not a MAD and is tagged.
func.func @matmul_fresh(%a: memref<16x32xf16>, %b: memref<32x16xf16>, %c: memref<32x16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c16 = arith.constant 16 : index
  scf.for %i = %c0 to %c2 step %c1 {
    %am = tile.load %a[%c0, %c0] : memref<16x32xf16> -> !L1A
    %bm = tile.load %b[%c0, %c0] : memref<32x16xf16> -> !L1B
    %al = tile.move %am : (!L1A) -> !L
    %br = tile.move %bm : (!L1B) -> !R
    %m = tile.matmul %al, %br : (!L, !R) -> !A
    %scratch = tile.create : !A
    tile.store %m, %c[%c0, %c0] : !A, memref<32x16xf32>
    tile.store %scratch, %c[%c16, %c0] : !A, memref<32x16xf32>
  } {tile.pipeline_stages = 2 : i64}
  func.return
}

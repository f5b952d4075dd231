// RUN: xdsl-opt -p 'lower-pipeline-loops,pto-plan-memory{backend=a3 verify=true}' %s 2>&1 >/dev/null | filecheck %s
// Each PH-MR-001 remark points at a tile of the space it names (found by a
// fresh-user breaker: both pointed at the first Mat load). 8 K steps of
// 128x128 f16 operands with stage=3: Left and Right (64 KiB each) afford
// two of the three stages.
// CHECK: remark-location.mlir:[[# @LINE + 13]]:13: remark: PH-MR-001: pipeline group 0 gets 2 of the 3 requested stage buffers in left
// CHECK-NEXT: remark-location.mlir:[[# @LINE + 13]]:13: remark: PH-MR-001: pipeline group 0 gets 2 of the 3 requested stage buffers in right
!A = !tile.tile<128x128xf32, acc>
func.func @matmul_k(%a: memref<128x1024xf16>, %b: memref<1024x128xf16>, %c: memref<128x128xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 8 : index
  %c128 = arith.constant 128 : index
  %acc0 = tile.create : !A
  %acc_out = scf.for %k = %c0 to %c4 step %c1 iter_args(%acc = %acc0) -> (!A) {
    %k0 = arith.muli %k, %c128 : index
    %a_l1 = tile.load %a[%c0, %k0] : memref<128x1024xf16> -> !tile.tile<128x128xf16, mat>
    %b_l1 = tile.load %b[%k0, %c0] : memref<1024x128xf16> -> !tile.tile<128x128xf16, mat>
    %a_l0 = tile.move %a_l1 : (!tile.tile<128x128xf16, mat>) -> !tile.tile<128x128xf16, left>
    %b_l0 = tile.move %b_l1 : (!tile.tile<128x128xf16, mat>) -> !tile.tile<128x128xf16, right>
    %first = arith.cmpi eq, %k, %c0 : index
    %acc_next = tile.matmul_acc %acc, %a_l0, %b_l0, %first : (!A, !tile.tile<128x128xf16, left>, !tile.tile<128x128xf16, right>, i1) -> !A
    scf.yield %acc_next : !A
  } {tile.pipeline_stages = 3 : i64}
  tile.store %acc_out, %c[%c0, %c0] : !A, memref<128x128xf32>
  func.return
}

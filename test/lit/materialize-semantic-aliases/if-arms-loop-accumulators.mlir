// An scf.if whose two arms each reduce their own accumulator in a loop (the
// K-loops auto-tile-matmul-l0 makes for a matmul in each arm). The if result
// takes the then arm's Acc root; the else arm's whole root -- its create, the
// loop's iter_arg, its in-place updates and the loop result, all local to
// the arm -- is retargeted onto it, so both arms write one buffer and no
// Acc->Acc carry move is left (a fresh-user breaker found this refused).
// RUN: xdsl-opt -p 'auto-tile-matmul-l0{backend=a3},lower-pipeline-loops,pto-plan-memory{backend=a3 verify=true}' %s | filecheck %s
// RUN: xdsl-pto run %s --seed 4 | filecheck %s --check-prefix=DIFF
// DIFF: {{.*}}if-arms-loop-accumulators.mlir: logical and physical runs agree (seed 4)
// CHECK-LABEL: func.func @inif2(
// CHECK: tile.alloc @[[ACC:mem_acc_[0-9]+]] in acc size 65536 addr 0
// CHECK-NOT: in acc size
// CHECK: %acc_init = tile.create : !tile.tile<128x128xf32, acc, memref = <@[[ACC]], offset = 0, size = 65536>>
// CHECK: %acc_init_1 = tile.create : !tile.tile<128x128xf32, acc, memref = <@[[ACC]], offset = 0, size = 65536>>
// CHECK-NOT: tile.move
// CHECK: tile.store %r, %c[%c0, %c0] : !tile.tile<128x128xf32, acc, memref = <@[[ACC]], offset = 0, size = 65536>>, memref<128x128xf32>

func.func @inif2(%a: memref<128x512xf16>, %b: memref<512x128xf16>, %b2: memref<512x128xf16>, %c: memref<128x128xf32>, %p: i1) {
  %c0 = arith.constant 0 : index
  %a_l1 = tile.load %a[%c0, %c0] : memref<128x512xf16> -> !tile.tile<128x512xf16, mat>
  %b_l1 = tile.load %b[%c0, %c0] : memref<512x128xf16> -> !tile.tile<512x128xf16, mat>
  %b2_l1 = tile.load %b2[%c0, %c0] : memref<512x128xf16> -> !tile.tile<512x128xf16, mat>
  %r = scf.if %p -> (!tile.tile<128x128xf32, acc>) {
    %acc = tile.matmul %a_l1, %b_l1 : (!tile.tile<128x512xf16, mat>, !tile.tile<512x128xf16, mat>) -> !tile.tile<128x128xf32, acc>
    scf.yield %acc : !tile.tile<128x128xf32, acc>
  } else {
    %acc2 = tile.matmul %a_l1, %b2_l1 : (!tile.tile<128x512xf16, mat>, !tile.tile<512x128xf16, mat>) -> !tile.tile<128x128xf32, acc>
    scf.yield %acc2 : !tile.tile<128x128xf32, acc>
  }
  tile.store %r, %c[%c0, %c0] : !tile.tile<128x128xf32, acc>, memref<128x128xf32>
  func.return
}

// The hand-peeled split-K idiom (`if k == 0 { matmul } else { matmul_acc }`
// carried by a loop) on Mat operands that need K tiling: auto-tile-matmul-l0
// turns the seed arm's matmul into a K-loop whose iter_arg sits on the seed
// root. The peel still puts that whole root on the carried accumulator, so
// the kernel plans on ONE Acc buffer (a breaker's case: it was refused with
// "if-merged accumulator ... no Acc->Acc copy exists").
// RUN: xdsl-opt -p 'auto-tile-matmul-l0{backend=a3},lower-pipeline-loops,pto-plan-memory{backend=a3 verify=true}' %s | filecheck %s
// RUN: xdsl-pto run %s --seed 2 | filecheck %s --check-prefix=DIFF
// CHECK-LABEL: func.func @pe1(
// CHECK: tile.alloc @mem_acc_{{[0-9]+}} in acc size 65536 addr 0
// CHECK-NOT: in acc size
// CHECK-NOT: tile.move
// DIFF: {{.*}}peel-k-loop-seed.mlir: logical and physical runs agree (seed 2)
func.func @pe1(%a: memref<128x1024xf16>, %b: memref<1024x128xf16>, %c: memref<128x128xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c512 = arith.constant 512 : index
  %f = arith.constant false
  %z = tile.create : !tile.tile<128x128xf32, acc>
  %r = scf.for %ko = %c0 to %c2 step %c1 iter_args(%acc = %z) -> (!tile.tile<128x128xf32, acc>) {
    %k0 = arith.muli %ko, %c512 : index
    %a_l1 = tile.load %a[%c0, %k0] : memref<128x1024xf16> -> !tile.tile<128x512xf16, mat>
    %b_l1 = tile.load %b[%k0, %c0] : memref<1024x128xf16> -> !tile.tile<512x128xf16, mat>
    %first = arith.cmpi eq, %ko, %c0 : index
    %n = scf.if %first -> (!tile.tile<128x128xf32, acc>) {
      %s = tile.matmul %a_l1, %b_l1 : (!tile.tile<128x512xf16, mat>, !tile.tile<512x128xf16, mat>) -> !tile.tile<128x128xf32, acc>
      scf.yield %s : !tile.tile<128x128xf32, acc>
    } else {
      %t = tile.matmul_acc %acc, %a_l1, %b_l1, %f : (!tile.tile<128x128xf32, acc>, !tile.tile<128x512xf16, mat>, !tile.tile<512x128xf16, mat>, i1) -> !tile.tile<128x128xf32, acc>
      scf.yield %t : !tile.tile<128x128xf32, acc>
    }
    scf.yield %n : !tile.tile<128x128xf32, acc>
  }
  tile.store %r, %c[%c0, %c0] : !tile.tile<128x128xf32, acc>, memref<128x128xf32>
  func.return
}

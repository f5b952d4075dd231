// A Right operand the author placed in L0B but that alone needs twice its
// capacity: an error at the matmul naming it, its shape, dtype, the bytes it
// needs and has, and the two fixes. Exit 1, no output, no traceback.
// RUN: not xdsl-opt -p 'auto-tile-matmul-l0{backend=a3}' %s 2>&1 | filecheck %s
// RUN: not xdsl-opt -p 'auto-tile-matmul-l0{backend=a3}' %s -o %t.out 2>/dev/null ; not test -e %t.out
// CHECK: {{^}}{{.*}}err-manual-operand.mlir:[[# @LINE + 9]]:8: error: auto-tile-matmul-l0: tile.matmul: rhs %b_r is [256, 256] f16 in right: 131072 bytes, but right (L0B) holds 65536 bytes on a3; keep the operand in mat and pass it to the matmul directly, so auto-tile-matmul-l0 picks L0 tiles that fit, or extract a smaller L0 tile by hand{{$}}
// CHECK-NOT: Traceback
// CHECK-NOT: builtin.module

func.func @big(%a: memref<128x256xf16>, %b: memref<256x256xf16>, %c: memref<128x256xf32>) {
  %c0 = arith.constant 0 : index
  %a_l1 = tile.load %a[%c0, %c0] : memref<128x256xf16> -> !tile.tile<128x256xf16, mat>
  %b_l1 = tile.load %b[%c0, %c0] : memref<256x256xf16> -> !tile.tile<256x256xf16, mat>
  %b_r = tile.move %b_l1 : (!tile.tile<256x256xf16, mat>) -> !tile.tile<256x256xf16, right>
  %r = tile.matmul %a_l1, %b_r : (!tile.tile<128x256xf16, mat>, !tile.tile<256x256xf16, right>) -> !tile.tile<128x256xf32, acc>
  tile.store %r, %c[%c0, %c0] : !tile.tile<128x256xf32, acc>, memref<128x256xf32>
  func.return
}

// An over-large manual Left operand is an error even when both operands are
// the author's (nothing would tile them; the allocator could never place it).
// RUN: not xdsl-opt -p 'auto-tile-matmul-l0{backend=a5}' %s 2>&1 | filecheck %s
// CHECK: {{^}}{{.*}}err-left-both-manual.mlir:[[# @LINE + 8]]:8: error: auto-tile-matmul-l0: tile.matmul: lhs %a_l is [128, 512] f16 in left: 131072 bytes, but left (L0A) holds 65536 bytes on a5; keep the operand in mat and pass it to the matmul directly, so auto-tile-matmul-l0 picks L0 tiles that fit, or extract a smaller L0 tile by hand{{$}}

func.func @big_left(%a: memref<128x512xf16>, %b: memref<512x64xf16>, %c: memref<128x64xf32>) {
  %c0 = arith.constant 0 : index
  %a_l1 = tile.load %a[%c0, %c0] : memref<128x512xf16> -> !tile.tile<128x512xf16, mat>
  %b_l1 = tile.load %b[%c0, %c0] : memref<512x64xf16> -> !tile.tile<512x64xf16, mat>
  %a_l = tile.move %a_l1 : (!tile.tile<128x512xf16, mat>) -> !tile.tile<128x512xf16, left>
  %b_r = tile.move %b_l1 : (!tile.tile<512x64xf16, mat>) -> !tile.tile<512x64xf16, right>
  %r = tile.matmul %a_l, %b_r : (!tile.tile<128x512xf16, left>, !tile.tile<512x64xf16, right>) -> !tile.tile<128x64xf32, acc>
  tile.store %r, %c[%c0, %c0] : !tile.tile<128x64xf32, acc>, memref<128x64xf32>
  func.return
}

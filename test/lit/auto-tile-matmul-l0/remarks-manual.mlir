// One operand is the author's L0 tile (never subdivided) and the output does
// not fit L0C: no M/N placement applies, so the matmul is left with a remark
// at it (not a silent staging that later overflows Acc at the module).
// RUN: xdsl-opt -p 'auto-tile-matmul-l0{backend=a3}' %s 2>&1 >/dev/null | filecheck %s
// CHECK: remarks-manual.mlir:[[# @LINE + 8]]:10: remark: auto-tile-matmul-l0: tile.matmul %acc left as written: [PH-AT-006] the [128, 2048] f32 output does not fit acc (L0C, 131072 bytes on a3), and the author's L0 operand is not subdivided, so no M/N placement applies
// CHECK-NOT: remark

func.func @man4(%a: memref<128x16xf16>, %b: memref<16x2048xf16>, %c: memref<128x2048xf32>) {
  %c0 = arith.constant 0 : index
  %a_l1 = tile.load %a[%c0, %c0] : memref<128x16xf16> -> !tile.tile<128x16xf16, mat>
  %b_l1 = tile.load %b[%c0, %c0] : memref<16x2048xf16> -> !tile.tile<16x2048xf16, mat>
  %a_l = tile.move %a_l1 : (!tile.tile<128x16xf16, mat>) -> !tile.tile<128x16xf16, left>
  %acc = tile.matmul %a_l, %b_l1 : (!tile.tile<128x16xf16, left>, !tile.tile<16x2048xf16, mat>) -> !tile.tile<128x2048xf32, acc>
  tile.store %acc, %c[%c0, %c0] : !tile.tile<128x2048xf32, acc>, memref<128x2048xf32>
  func.return
}

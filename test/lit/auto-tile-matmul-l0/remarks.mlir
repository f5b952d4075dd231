// A matmul the pass cannot tile is left as written, with one remark saying
// why (the reference's PerfHint codes where they exist); the output is the
// input unchanged. Under the planner such a matmul is then refused by
// init-memref (its operands are not in Left / Right).
// RUN: xdsl-opt -p 'auto-tile-matmul-l0{backend=a3}' %s 2>&1 >/dev/null | filecheck %s
// RUN: xdsl-opt -p 'auto-tile-matmul-l0{backend=a3}' %s 2>/dev/null | filecheck %s --check-prefix=SAME
// RUN: not xdsl-opt -p 'auto-tile-matmul-l0{backend=a3},pto-plan-memory{backend=a3}' %s 2>&1 | filecheck %s --check-prefix=PLAN
// CHECK: remarks.mlir:[[# @LINE + 15]]:8: remark: auto-tile-matmul-l0: tile.matmul %r left as written: [PH-AT-007] K = 1000 is not a multiple of the cube fractal 16: no fractal-aligned K tiling exists
// CHECK-NEXT: remarks.mlir:[[# @LINE + 22]]:8: remark: auto-tile-matmul-l0: tile.matmul %r left as written: M = 100 is not a multiple of the cube fractal 16: boundary tiles would need padding, which this pass does not do
// CHECK-NEXT: remarks.mlir:[[# @LINE + 29]]:8: remark: auto-tile-matmul-l0: tile.matmul %r left as written: [PH-AT-006] the [256, 256] f32 output does not fit acc (L0C, 131072 bytes on a3) and no M/N placement applies: the result is not consumed by exactly one tile.store
// CHECK-NEXT: remarks.mlir:[[# @LINE + 39]]:8: remark: auto-tile-matmul-l0: tile.matmul_acc %r left as written: [PH-AT-006] the [256, 256] f32 output does not fit acc (L0C, 131072 bytes on a3) and no M/N placement applies: the accumulator is the caller's (tile.matmul_acc)
// CHECK-NEXT: remarks.mlir:[[# @LINE + 47]]:8: remark: auto-tile-matmul-l0: tile.matmul %r left as written: the other operand is the author's L0 tile, so the matmul is not subdivided, and lhs ([128, 512] f16, 131072 bytes) does not fit left (L0A, 65536 bytes) whole
// CHECK-NEXT: remarks.mlir:[[# @LINE + 54]]:8: remark: auto-tile-matmul-l0: tile.matmul %r left as written: an operand or the result has a valid shape smaller than its shape
// CHECK-NOT: remark
// SAME-NOT: tile.extract
// SAME-NOT: scf.for
// PLAN: remarks.mlir:[[# @LINE + 6]]:8: error: init-memref: tile.matmul: lhs %a_l1 is in mat, but the cube reads it from left; stage it (tile.move or tile.extract), or run auto-tile-matmul-l0 first, which stages the operands or tiles the matmul to fit L0 (a matmul it cannot tile gets a remark saying why)

func.func @k_unaligned(%a: memref<128x1000xf16>, %b: memref<1000x128xf16>, %c: memref<128x128xf32>) {
  %c0 = arith.constant 0 : index
  %a_l1 = tile.load %a[%c0, %c0] : memref<128x1000xf16> -> !tile.tile<128x1000xf16, mat>
  %b_l1 = tile.load %b[%c0, %c0] : memref<1000x128xf16> -> !tile.tile<1000x128xf16, mat>
  %r = tile.matmul %a_l1, %b_l1 : (!tile.tile<128x1000xf16, mat>, !tile.tile<1000x128xf16, mat>) -> !tile.tile<128x128xf32, acc>
  tile.store %r, %c[%c0, %c0] : !tile.tile<128x128xf32, acc>, memref<128x128xf32>
  func.return
}
func.func @m_unaligned(%a: memref<100x512xf16>, %b: memref<512x128xf16>, %c: memref<100x128xf32>) {
  %c0 = arith.constant 0 : index
  %a_l1 = tile.load %a[%c0, %c0] : memref<100x512xf16> -> !tile.tile<100x512xf16, mat>
  %b_l1 = tile.load %b[%c0, %c0] : memref<512x128xf16> -> !tile.tile<512x128xf16, mat>
  %r = tile.matmul %a_l1, %b_l1 : (!tile.tile<100x512xf16, mat>, !tile.tile<512x128xf16, mat>) -> !tile.tile<100x128xf32, acc>
  tile.store %r, %c[%c0, %c0] : !tile.tile<100x128xf32, acc>, memref<100x128xf32>
  func.return
}
func.func @two_uses(%a: memref<256x256xf16>, %b: memref<256x256xf16>, %c: memref<256x256xf32>) {
  %c0 = arith.constant 0 : index
  %a_l1 = tile.load %a[%c0, %c0] : memref<256x256xf16> -> !tile.tile<256x256xf16, mat>
  %b_l1 = tile.load %b[%c0, %c0] : memref<256x256xf16> -> !tile.tile<256x256xf16, mat>
  %r = tile.matmul %a_l1, %b_l1 : (!tile.tile<256x256xf16, mat>, !tile.tile<256x256xf16, mat>) -> !tile.tile<256x256xf32, acc>
  tile.store %r, %c[%c0, %c0] : !tile.tile<256x256xf32, acc>, memref<256x256xf32>
  tile.store %r, %c[%c0, %c0] : !tile.tile<256x256xf32, acc>, memref<256x256xf32>
  func.return
}
func.func @big_acc(%a: memref<256x256xf16>, %b: memref<256x256xf16>, %c: memref<256x256xf32>) {
  %c0 = arith.constant 0 : index
  %false = arith.constant false
  %a_l1 = tile.load %a[%c0, %c0] : memref<256x256xf16> -> !tile.tile<256x256xf16, mat>
  %b_l1 = tile.load %b[%c0, %c0] : memref<256x256xf16> -> !tile.tile<256x256xf16, mat>
  %t = tile.create : !tile.tile<256x256xf32, acc>
  %r = tile.matmul_acc %t, %a_l1, %b_l1, %false : (!tile.tile<256x256xf32, acc>, !tile.tile<256x256xf16, mat>, !tile.tile<256x256xf16, mat>, i1) -> !tile.tile<256x256xf32, acc>
  tile.store %r, %c[%c0, %c0] : !tile.tile<256x256xf32, acc>, memref<256x256xf32>
  func.return
}
func.func @manual_other(%a: memref<128x512xf16>, %b: memref<512x64xf16>, %c: memref<128x64xf32>) {
  %c0 = arith.constant 0 : index
  %a_l1 = tile.load %a[%c0, %c0] : memref<128x512xf16> -> !tile.tile<128x512xf16, mat>
  %b_l1 = tile.load %b[%c0, %c0] : memref<512x64xf16> -> !tile.tile<512x64xf16, mat>
  %b_r = tile.move %b_l1 : (!tile.tile<512x64xf16, mat>) -> !tile.tile<512x64xf16, right>
  %r = tile.matmul %a_l1, %b_r : (!tile.tile<128x512xf16, mat>, !tile.tile<512x64xf16, right>) -> !tile.tile<128x64xf32, acc>
  tile.store %r, %c[%c0, %c0] : !tile.tile<128x64xf32, acc>, memref<128x64xf32>
  func.return
}
func.func @partial(%a: memref<128x512xf16>, %b: memref<512x128xf16>, %c: memref<128x128xf32>) {
  %c0 = arith.constant 0 : index
  %a_l1 = tile.load %a[%c0, %c0] : memref<128x512xf16> -> !tile.tile<128x512xf16, mat, valid = 100x512>
  %b_l1 = tile.load %b[%c0, %c0] : memref<512x128xf16> -> !tile.tile<512x128xf16, mat>
  %r = tile.matmul %a_l1, %b_l1 : (!tile.tile<128x512xf16, mat, valid = 100x512>, !tile.tile<512x128xf16, mat>) -> !tile.tile<128x128xf32, acc>
  tile.store %r, %c[%c0, %c0] : !tile.tile<128x128xf32, acc>, memref<128x128xf32>
  func.return
}

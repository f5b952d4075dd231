// RUN: xdsl-opt -p 'auto-tile-matmul-l0{backend=a3}' %s | filecheck %s
// RUN: xdsl-pto run %s --seed 41 | filecheck %s --check-prefix=DIFF
// RUN: xdsl-opt -p 'auto-tile-matmul-l0{backend=a3 dbc=true}' %s 2>&1 | filecheck %s --check-prefix=DBC
// DIFF: {{.*}}fits-no-grid.mlir: logical and physical runs agree (seed 41)

// Found by the matmuls fuzz preset (seed 41): for [48, 144] the roofline
// prefers splitting N (144 columns are 18 f32 N-fractals of 8, whose odd
// part 9 pays the FIXPIPE misalignment penalty), but a tile.matmul_acc keeps
// its caller's accumulator, so no M/N grid applies. The whole output fits L0C (27 KiB), so the pass tiles K only
// instead of leaving the matmul (which init-memref would then refuse).
// A fresh-user breaker's case: with dbc=true the chooser halves L0C and
// splits the [256, 128] output (128 KiB, all of A3's L0C); the caller's
// accumulator rules the grid out, and the whole output fits, so K is tiled.
// DBC-NOT: remark
// DBC-LABEL: func.func @accdbc(
// DBC: %r = scf.for %ko = {{.*}} iter_args(%acc_in = %t) -> (!tile.tile<256x128xf32, acc>) {
// DBC: tile.store %r, %c[%c0, %c0] : !tile.tile<256x128xf32, acc>, memref<256x128xf32>

// CHECK-LABEL: func.func @fuzz_41(
// CHECK: %acc4 = scf.for %ko = %c0_1 to %c256 step %c64 iter_args(%acc_in = %acc3) -> (!tile.tile<48x144xf32, acc>) {
// CHECK-NEXT: %a_l0 = tile.extract %t1, %c0_1, %ko : (!tile.tile<48x256xf16, mat>, index, index) -> !tile.tile<48x64xf16, left>
// CHECK-NEXT: %b_l0 = tile.extract %t2, %ko, %c0_1 : (!tile.tile<256x144xf16, mat>, index, index) -> !tile.tile<64x144xf16, right>
// CHECK-NEXT: %first = arith.cmpi eq, %ko, %c0_1 : index
// CHECK-NEXT: %acc_next = tile.matmul_acc %acc_in, %a_l0, %b_l0, %first
// CHECK: tile.store %acc4, %out2[%c0, %c0] : !tile.tile<48x144xf32, acc>, memref<48x144xf32>

func.func @fuzz_41(%in0: memref<48x256xf16>, %in1: memref<256x144xf16>, %out2: memref<48x144xf32>) {
  %c0_0 = arith.constant 0 : index
  %true1 = arith.constant true
  %t1 = tile.load %in0[%c0_0, %c0_0] : memref<48x256xf16> -> !tile.tile<48x256xf16, mat>
  %t2 = tile.load %in1[%c0_0, %c0_0] : memref<256x144xf16> -> !tile.tile<256x144xf16, mat>
  %acc3 = tile.create : !tile.tile<48x144xf32, acc>
  %acc4 = tile.matmul_acc %acc3, %t1, %t2, %true1 : (!tile.tile<48x144xf32, acc>, !tile.tile<48x256xf16, mat>, !tile.tile<256x144xf16, mat>, i1) -> !tile.tile<48x144xf32, acc>
  tile.store %acc4, %out2[%c0_0, %c0_0] : !tile.tile<48x144xf32, acc>, memref<48x144xf32>
  func.return
}

func.func @accdbc(%a: memref<256x256xf16>, %b: memref<256x128xf16>, %c: memref<256x128xf32>) {
  %c0 = arith.constant 0 : index
  %true = arith.constant true
  %a_l1 = tile.load %a[%c0, %c0] : memref<256x256xf16> -> !tile.tile<256x256xf16, mat>
  %b_l1 = tile.load %b[%c0, %c0] : memref<256x128xf16> -> !tile.tile<256x128xf16, mat>
  %t = tile.create : !tile.tile<256x128xf32, acc>
  %r = tile.matmul_acc %t, %a_l1, %b_l1, %true : (!tile.tile<256x128xf32, acc>, !tile.tile<256x256xf16, mat>, !tile.tile<256x128xf16, mat>, i1) -> !tile.tile<256x128xf32, acc>
  tile.store %r, %c[%c0, %c0] : !tile.tile<256x128xf32, acc>, memref<256x128xf32>
  func.return
}

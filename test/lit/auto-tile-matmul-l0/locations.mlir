// Every op the pass creates carries the source location of the matmul it
// replaces, so a later diagnostic about one of them points at the matmul
// (not at the op before it): the K-loop left unlowered, and an accumulator
// still read after the K-loop updated it in place.
// RUN: not xdsl-opt -p 'auto-tile-matmul-l0{backend=a3},pto-plan-memory{backend=a3}' %s --split-input-file 2>&1 >/dev/null | filecheck %s --check-prefix=WARN
// RUN: not xdsl-opt -p 'auto-tile-matmul-l0{backend=a3},lower-pipeline-loops,pto-plan-memory{backend=a3}' %s --split-input-file 2>&1 | filecheck %s --check-prefix=ERR
// WARN: locations.mlir:[[# @LINE + 7]]:10: warning: init-memref: this loop asks for 2 pipeline stages but was not lowered
// ERR: locations.mlir:[[# @LINE + 17]]:8: error: init-memref: scf.for overwrites the acc buffer of %t

func.func @unlowered(%a: memref<128x512xf16>, %b: memref<512x128xf16>, %c: memref<128x128xf32>) {
  %c0 = arith.constant 0 : index
  %a_l1 = tile.load %a[%c0, %c0] : memref<128x512xf16> -> !tile.tile<128x512xf16, mat>
  %b_l1 = tile.load %b[%c0, %c0] : memref<512x128xf16> -> !tile.tile<512x128xf16, mat>
  %acc = tile.matmul %a_l1, %b_l1 : (!tile.tile<128x512xf16, mat>, !tile.tile<512x128xf16, mat>) -> !tile.tile<128x128xf32, acc>
  tile.store %acc, %c[%c0, %c0] : !tile.tile<128x128xf32, acc>, memref<128x128xf32>
  func.return
}
// -----
func.func @acclive(%a: memref<128x512xf16>, %b: memref<512x128xf16>, %c: memref<128x128xf32>, %d: memref<128x128xf32>) {
  %c0 = arith.constant 0 : index
  %false = arith.constant false
  %a_l1 = tile.load %a[%c0, %c0] : memref<128x512xf16> -> !tile.tile<128x512xf16, mat>
  %b_l1 = tile.load %b[%c0, %c0] : memref<512x128xf16> -> !tile.tile<512x128xf16, mat>
  %t = tile.matmul %a_l1, %b_l1 : (!tile.tile<128x512xf16, mat>, !tile.tile<512x128xf16, mat>) -> !tile.tile<128x128xf32, acc>
  %r = tile.matmul_acc %t, %a_l1, %b_l1, %false : (!tile.tile<128x128xf32, acc>, !tile.tile<128x512xf16, mat>, !tile.tile<512x128xf16, mat>, i1) -> !tile.tile<128x128xf32, acc>
  tile.store %r, %c[%c0, %c0] : !tile.tile<128x128xf32, acc>, memref<128x128xf32>
  tile.store %t, %d[%c0, %c0] : !tile.tile<128x128xf32, acc>, memref<128x128xf32>
  func.return
}

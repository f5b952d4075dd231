// Command-line and input mistakes: one line on stderr, exit 1.
// RUN: not xdsl-pto validate %s 2>&1 | filecheck %s --check-prefix=UNPLANNED
// RUN: not xdsl-pto validate %s.missing 2>&1 | filecheck %s --check-prefix=MISSING
// RUN: not xdsl-pto validate 2>&1 | filecheck %s --check-prefix=NOFILE
// RUN: not xdsl-pto validate --backend a9 %s 2>&1 | filecheck %s --check-prefix=BACKEND
// UNPLANNED: {{.*}}err-usage.mlir:[[# @LINE + 8]]:8: error: verify-memory-plan: tile value has no MemRef; run init-memref first
// MISSING: {{.*}}err-usage.mlir.missing: error: No such file or directory
// NOFILE: xdsl-pto: error: the following arguments are required: file
// BACKEND: xdsl-pto: error: unknown backend 'a9' (expected one of a2, a3, a5)
// UNPLANNED-NOT: Traceback
// MISSING-NOT: Traceback
func.func @unplanned(%in: memref<16x16xf32>, %out: memref<16x16xf32>) {
  %c0 = arith.constant 0 : index
  %a = tile.load %in[%c0, %c0] : memref<16x16xf32> -> !tile.tile<16x16xf32, vec>
  tile.store %a, %out[%c0, %c0] : !tile.tile<16x16xf32, vec>, memref<16x16xf32>
  func.return
}

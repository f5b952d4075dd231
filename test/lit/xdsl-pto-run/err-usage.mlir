// RUN: not xdsl-pto run %s --pipeline 'no-such-pass' 2>&1 | filecheck %s --check-prefix=PIPELINE
// RUN: not xdsl-pto run %s --backend a9 2>&1 | filecheck %s --check-prefix=BACKEND
// RUN: not xdsl-pto run %s --seed x 2>&1 | filecheck %s --check-prefix=SEED
// RUN: not xdsl-pto run %s.missing 2>&1 | filecheck %s --check-prefix=MISSING
// RUN: not xdsl-pto 2>&1 | filecheck %s --check-prefix=NOCMD
// PIPELINE: xdsl-pto: error: bad pipeline 'no-such-pass': Unrecognized passes: ['no-such-pass']
// BACKEND: xdsl-pto: error: argument --backend: invalid choice: 'a9' (choose from 'a2', 'a3', 'a5')
// SEED: xdsl-pto: error: argument --seed: invalid int value: 'x'
// MISSING: {{.*}}err-usage.mlir.missing: error: No such file or directory
// NOCMD: xdsl-pto: error: the following arguments are required: command
func.func @k(%in: memref<16x16xf32>, %out: memref<16x16xf32>) {
  %c0 = arith.constant 0 : index
  %a = tile.load %in[%c0, %c0] : memref<16x16xf32> -> !tile.tile<16x16xf32, vec>
  tile.store %a, %out[%c0, %c0] : !tile.tile<16x16xf32, vec>, memref<16x16xf32>
  func.return
}

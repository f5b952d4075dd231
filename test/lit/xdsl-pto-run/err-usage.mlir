// RUN: not xdsl-pto run %s --pipeline 'no-such-pass' 2>&1 | filecheck %s --check-prefix=PIPELINE
// RUN: not xdsl-pto run %s --backend a9 2>&1 | filecheck %s --check-prefix=BACKEND
// RUN: not xdsl-pto run %s --seed x 2>&1 | filecheck %s --check-prefix=SEED
// RUN: not xdsl-pto run %s.missing 2>&1 | filecheck %s --check-prefix=MISSING
// RUN: not xdsl-pto 2>&1 | filecheck %s --check-prefix=NOCMD
// RUN: not xdsl-pto run %s --seed -1 2>&1 | filecheck %s --check-prefix=NEGSEED
// RUN: not xdsl-pto run %s --pipeline init-memref 2>&1 | filecheck %s --check-prefix=UNPLANNED
// RUN: not xdsl-pto run %s --pipeline 'pto-plan-memory{backend=a3' 2>&1 | filecheck %s --check-prefix=MALFORMED
// RUN: not xdsl-pto run %s --backend a3 --pipeline pto-plan-memory 2>&1 | filecheck %s --check-prefix=BOTH
// RUN: xdsl-pto run %s --pipeline "canonicalize,pto-plan-memory{backend=a5}" | filecheck %s --check-prefix=XDSLPASS
// RUN: xdsl-opt -p 'pto-plan-memory{backend=a3}' %s | not xdsl-pto run - --backend a5 2>&1 | filecheck %s --check-prefix=TARGET
// RUN: xdsl-opt -p 'pto-plan-memory{backend=a3},convert-tile-to-pto' %s | not xdsl-pto run - 2>&1 | filecheck %s --check-prefix=PTO
// RUN: echo 'func.func @f() { func.return }' | not xdsl-pto run - 2>&1 | filecheck %s --check-prefix=NOTILES
// PIPELINE: xdsl-pto: error: bad pipeline 'no-such-pass': Unrecognized passes: ['no-such-pass']
// BACKEND: xdsl-pto: error: argument --backend: invalid choice: 'a9' (choose from 'a2', 'a3', 'a5')
// SEED: xdsl-pto: error: argument --seed: invalid int value: 'x'
// MISSING: {{.*}}err-usage.mlir.missing: error: No such file or directory
// NOCMD: xdsl-pto: error: the following arguments are required: command
// NEGSEED: xdsl-pto: error: argument --seed: must not be negative, got -1
// UNPLANNED: {{.*}}err-usage.mlir: error: the pipeline 'init-memref' did not leave a planned Tile module (every tile value with a MemRef and, unless planned by ptoas, every tile.alloc with an address)
// MALFORMED: xdsl-pto: error: bad pipeline 'pto-plan-memory{backend=a3': Error parsing pass pipeline specification: {{.*}} Malformed pass arguments
// BOTH: xdsl-pto: error: argument --pipeline: not allowed with argument --backend
// XDSLPASS: {{.*}}err-usage.mlir: logical and physical runs agree (seed 0)
// TARGET: <stdin>: error: the module was planned for a3 (pto.target_arch); --backend a5 disagrees
// PTO: <stdin>: error: xdsl-pto run executes Tile kernels; a lowered PTO module cannot be run
// NOTILES: <stdin>: error: no function with tiles or scalar GM reads / writes (memref.load / memref.store) to run
// NEGSEED-NOT: Traceback
// MALFORMED-NOT: Traceback
func.func @k(%in: memref<16x16xf32>, %out: memref<16x16xf32>) {
  %c0 = arith.constant 0 : index
  %a = tile.load %in[%c0, %c0] : memref<16x16xf32> -> !tile.tile<16x16xf32, vec>
  tile.store %a, %out[%c0, %c0] : !tile.tile<16x16xf32, vec>, memref<16x16xf32>
  func.return
}

// RUN: not xdsl-pto report %s 2>&1 | filecheck %s --check-prefix=UNPLANNED
// RUN: not xdsl-pto report --json %s 2>&1 | filecheck %s --check-prefix=UNPLANNED
// RUN: xdsl-opt -p 'init-memref{backend=a3},materialize-semantic-aliases,memory-reuse' %s | not xdsl-pto report - 2>&1 | filecheck %s --check-prefix=NOADDR
// RUN: xdsl-opt -p 'pto-plan-memory{planner=ptoas backend=a3}' %s | not xdsl-pto report - 2>&1 | filecheck %s --check-prefix=PTOAS
// RUN: xdsl-opt -p 'pto-plan-memory{backend=a3},convert-tile-to-pto' %s | not xdsl-pto report - 2>&1 | filecheck %s --check-prefix=PTO
// RUN: not xdsl-pto report %s.missing 2>&1 | filecheck %s --check-prefix=MISSING
// RUN: not xdsl-pto report --bogus %s 2>&1 | filecheck %s --check-prefix=OPTION
// RUN: not xdsl-pto report %S/Inputs/no-tiles.mlir 2>&1 | filecheck %s --check-prefix=NOTILES
// RUN: not xdsl-pto report %S/Inputs/malformed.mlir 2>&1 | filecheck %s --check-prefix=PARSE

// Every refusal is one located line on stderr, exit 1, and nothing on stdout.
// UNPLANNED: {{^}}{{.*}}err-unplanned.mlir:23:8: error: the module is not planned: %x has no MemRef; run pto-plan-memory first{{$}}
// UNPLANNED-EMPTY:
// NOADDR: {{^}}<stdin>:3:5: error: the module is not planned: @mem_vec_0 has no address; run pto-plan-memory first{{$}}
// PTOAS: {{^}}<stdin>:3:5: error: the module was planned with planner=ptoas, which leaves every address to ptoas; plan it with planner=pypto or planner=dsa_rp to measure its memory{{$}}
// PTO: {{^}}<stdin>:{{[0-9]+}}:{{[0-9]+}}: error: the module is already lowered to PTO (pto.{{[a-z_]+}}); give the planned Tile module{{$}}
// MISSING: {{^}}{{.*}}err-unplanned.mlir.missing: error: No such file or directory{{$}}
// OPTION: {{^}}xdsl-pto: error: unrecognized arguments: --bogus{{$}}
// NOTILES: {{^}}{{.*}}no-tiles.mlir: error: the module has no function with tiles to measure{{$}}
// PARSE: {{^}}{{.*}}malformed.mlir:2:{{[0-9]+}}: error: {{.+}}
func.func @k(%in: memref<16x16xf32>, %out: memref<16x16xf32>) {
  %c0 = arith.constant 0 : index
  %x = tile.load %in[%c0, %c0] : memref<16x16xf32> -> !tile.tile<16x16xf32, vec>
  %y = tile.exp %x : (!tile.tile<16x16xf32, vec>) -> !tile.tile<16x16xf32, vec>
  tile.store %y, %out[%c0, %c0] : !tile.tile<16x16xf32, vec>, memref<16x16xf32>
  func.return
}

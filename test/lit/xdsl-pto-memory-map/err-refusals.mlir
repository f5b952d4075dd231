// RUN: rm -rf %t.d && mkdir %t.d
// RUN: not xdsl-pto memory-map %s -o %t.d/map.html 2>&1 | filecheck %s --check-prefix=UNPLANNED
// RUN: not xdsl-pto memory-map %s -o %t.d/map.png 2>&1 | filecheck %s --check-prefix=UNPLANNED
// RUN: xdsl-opt -p 'pto-plan-memory{planner=ptoas backend=a3}' %s | not xdsl-pto memory-map - -o %t.d/map.html 2>&1 | filecheck %s --check-prefix=PTOAS
// RUN: not xdsl-pto memory-map %s.missing -o %t.d/map.html 2>&1 | filecheck %s --check-prefix=MISSING
// RUN: not xdsl-pto memory-map %S/Inputs/malformed.mlir -o %t.d/map.png 2>&1 | filecheck %s --check-prefix=PARSE
// RUN: not xdsl-pto memory-map --bogus %s -o %t.d/map.html 2>&1 | filecheck %s --check-prefix=OPTION
// RUN: not xdsl-pto memory-map %s 2>&1 | filecheck %s --check-prefix=NO-OUTPUT
// RUN: xdsl-opt -p 'pto-plan-memory{backend=a3}' %s | not xdsl-pto memory-map - -o %t.d/map.svg 2>&1 | filecheck %s --check-prefix=FORMAT
// RUN: python -c "import os, sys; print(sorted(os.listdir(sys.argv[1])))" %t.d | filecheck %s --check-prefix=FILES

// Each refusal is one line on stderr with exit code 1, and writes no file.
// UNPLANNED: {{^}}{{.*}}err-refusals.mlir:24:8: error: the module is not planned: %x has no MemRef; run pto-plan-memory first{{$}}
// UNPLANNED-EMPTY:
// PTOAS: {{^}}<stdin>:3:5: error: the module was planned with planner=ptoas, which leaves every address to ptoas; plan it with planner=pypto or planner=dsa_rp to measure its memory{{$}}
// MISSING: {{^}}{{.*}}err-refusals.mlir.missing: error: No such file or directory{{$}}
// PARSE: {{^}}{{.*}}malformed.mlir:2:23: error: operand expected{{$}}
// OPTION: {{^}}xdsl-pto: error: unrecognized arguments: --bogus{{$}}
// NO-OUTPUT: {{^}}xdsl-pto: error: the following arguments are required: -o/--output{{$}}
// FORMAT: {{^}}xdsl-pto: error: -o {{.*}}map.svg: the map must be a .html or .png file{{$}}
// FILES: {{^}}[]{{$}}
func.func @k(%in: memref<16x16xf32>, %out: memref<16x16xf32>) {
  %c0 = arith.constant 0 : index
  %x = tile.load %in[%c0, %c0] : memref<16x16xf32> -> !tile.tile<16x16xf32, vec>
  %y = tile.exp %x : (!tile.tile<16x16xf32, vec>) -> !tile.tile<16x16xf32, vec>
  tile.store %y, %out[%c0, %c0] : !tile.tile<16x16xf32, vec>, memref<16x16xf32>
  func.return
}

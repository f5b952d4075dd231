// Several dumps at once (issue 25: `import-pypto examples/pypto/*.py` was refused
// with "unrecognized arguments"): -o names a folder (created if missing) that gets
// NAME.mlir for each NAME.py, the same text as importing the file alone.
// RUN: rm -rf %t.dir
// RUN: xdsl-pto import-pypto %examples/pypto/a_elementwise.py %examples/pypto/b_softmax.py %examples/pypto/f_pipeline.py -o %t.dir
// RUN: ls %t.dir | filecheck %s --check-prefix=LIST
// LIST:      {{^}}a_elementwise.mlir{{$}}
// LIST-NEXT: {{^}}b_softmax.mlir{{$}}
// LIST-NEXT: {{^}}f_pipeline.mlir{{$}}
// LIST-NOT:  {{.}}
// RUN: xdsl-pto import-pypto %examples/pypto/b_softmax.py | diff - %t.dir/b_softmax.mlir
// RUN: xdsl-pto import-pypto %examples/pypto/f_pipeline.py | diff - %t.dir/f_pipeline.mlir

// A file that fails is reported (one line) and gets no output; the others are
// imported; the exit code is 1.
// RUN: rm -rf %t.mixed
// RUN: not xdsl-pto import-pypto %S/Inputs/err_unsupported_op.py %examples/pypto/a_elementwise.py %t.missing.py -o %t.mixed 2>&1 | filecheck %s --check-prefix=MIXED
// MIXED:      {{^}}{{.*}}err_unsupported_op.py:9:53: error: unsupported op 'pl.tile.selc' (the Tile dialect has no tile.selc){{$}}
// MIXED-NEXT: {{^}}{{.*}}.missing.py: error: No such file or directory{{$}}
// MIXED-NOT:  {{.}}
// RUN: ls %t.mixed | filecheck %s --check-prefix=MIXEDLIST
// MIXEDLIST:     {{^}}a_elementwise.mlir{{$}}
// MIXEDLIST-NOT: {{.}}

// Mistakes in the command line: one line, exit 1, nothing written.
// RUN: not xdsl-pto import-pypto %examples/pypto/a_elementwise.py %examples/pypto/b_softmax.py 2>&1 | filecheck %s --check-prefix=NOOUT
// NOOUT: {{^}}xdsl-pto: error: import-pypto: 2 files need -o DIR (each FILE.py becomes DIR/FILE.mlir){{$}}
// RUN: not xdsl-pto import-pypto %examples/pypto/a_elementwise.py - -o %t.stdin 2>&1 | filecheck %s --check-prefix=STDIN
// STDIN: {{^}}xdsl-pto: error: import-pypto: standard input (-) can only be imported alone{{$}}
// RUN: echo > %t.file
// RUN: not xdsl-pto import-pypto %examples/pypto/a_elementwise.py %examples/pypto/b_softmax.py -o %t.file 2>&1 | filecheck %s --check-prefix=FILE
// FILE: {{^}}xdsl-pto: error: import-pypto: -o {{.*}}.file: with several files -o names a folder, and this is a file{{$}}
// RUN: not xdsl-pto import-pypto %examples/pypto/a_elementwise.py %S/../../../examples/pypto/a_elementwise.py -o %t.twice 2>&1 | filecheck %s --check-prefix=TWICE
// TWICE: {{^}}xdsl-pto: error: import-pypto: {{.*}}a_elementwise.py and {{.*}}a_elementwise.py would both be written to {{.*}}.twice/a_elementwise.mlir{{$}}
// Issue 26: -o ending in .mlir with several files used to create a folder of
// that name; it is refused (also when such a folder exists).
// RUN: not xdsl-pto import-pypto %examples/pypto/a_elementwise.py %examples/pypto/b_softmax.py -o %t.one.mlir 2>&1 | filecheck %s --check-prefix=ONE
// ONE: {{^}}xdsl-pto: error: import-pypto: -o {{.*}}.one.mlir: with several files -o names a folder (each FILE.py becomes DIR/FILE.mlir), not one .mlir file; import one file to name its output{{$}}
// RUN: not xdsl-pto import-pypto %examples/pypto/a_elementwise.py %examples/pypto/b_softmax.py -o %t.one.MLIR 2>&1 | filecheck %s --check-prefix=ONE-UPPER
// ONE-UPPER: {{^}}xdsl-pto: error: import-pypto: -o {{.*}}.one.MLIR: with several files -o names a folder
// -o - (standard output) with several files made a folder named '-' (a
// fresh-user breaker); it is refused, and nothing is written.
// RUN: rm -rf %t.dash && mkdir %t.dash && cd %t.dash && not xdsl-pto import-pypto %examples/pypto/a_elementwise.py %examples/pypto/b_softmax.py -o - 2>&1 | filecheck %s --check-prefix=DASH
// RUN: not ls %t.dash/-
// DASH: {{^}}xdsl-pto: error: import-pypto: -o -: with several files -o names a folder, not standard output; import one file to print it{{$}}
// RUN: not ls %t.stdin %t.twice
// RUN: not ls %t.one.mlir
// RUN: not ls %t.one.MLIR

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

// Every file that fails is reported (one line each), then a last line, and
// nothing is written: no folder, not even the files that imported (breaker
// 2, DETAILS 6c: a batch that exited 1 left DIR/par_dyn.mlir behind). The exit
// code is 1. An existing output is left as it was.
// RUN: rm -rf %t.mixed
// RUN: not xdsl-pto import-pypto %S/Inputs/err_unsupported_op.py %examples/pypto/a_elementwise.py %t.missing.py -o %t.mixed 2>&1 | filecheck %s --check-prefix=MIXED
// MIXED:      {{^}}{{.*}}err_unsupported_op.py:9:53: error: unsupported op 'pl.tile.selc' (the Tile dialect has no tile.selc){{$}}
// MIXED-NEXT: {{^}}{{.*}}.missing.py: error: No such file or directory{{$}}
// MIXED-NEXT: {{^}}xdsl-pto: error: import-pypto: 2 of 3 files failed; nothing was written to {{.*}}.mixed{{$}}
// MIXED-NOT:  {{.}}
// RUN: not ls %t.mixed
// RUN: rm -rf %t.kept && mkdir %t.kept && echo old > %t.kept/a_elementwise.mlir
// RUN: not xdsl-pto import-pypto %examples/pypto/a_elementwise.py %examples/pypto/b_softmax.py %S/Inputs/err_unsupported_op.py -o %t.kept 2>&1 | filecheck %s --check-prefix=KEPT
// KEPT:      {{^}}{{.*}}err_unsupported_op.py:9:53: error: unsupported op 'pl.tile.selc' {{.*}}
// KEPT-NEXT: {{^}}xdsl-pto: error: import-pypto: 1 of 3 files failed; nothing was written to {{.*}}.kept{{$}}
// RUN: ls -A %t.kept | filecheck %s --check-prefix=KEPTLIST
// KEPTLIST:     {{^}}a_elementwise.mlir{{$}}
// KEPTLIST-NOT: {{.}}
// RUN: cat %t.kept/a_elementwise.mlir | filecheck %s --check-prefix=OLD
// OLD: {{^}}old{{$}}

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
// Several files into one FILE.mlir (issue 24, breaker finding 12): one module
// of all their functions, as if they were one dump -- the two halves of a
// mixed kernel, which the reference prints separately, lower only together.
// Here e2_flash_attn_plainmove.py cut in two (the cube half; the vector half
// and the group kernel that calls both): the module is the whole dump's. A
// function two dumps define is refused, naming both; an existing folder
// named .mlir is refused (issue 26: it would look like one module).
// RUN: sed -n '1,33p' %examples/pypto/e2_flash_attn_plainmove.py > %t.half_aic.py
// RUN: sed -n '1,6p' %examples/pypto/e2_flash_attn_plainmove.py > %t.half_aiv.py
// RUN: sed -n '34,$p' %examples/pypto/e2_flash_attn_plainmove.py >> %t.half_aiv.py
// RUN: xdsl-pto import-pypto %t.half_aic.py %t.half_aiv.py -o %t.one.mlir
// RUN: xdsl-pto import-pypto %examples/pypto/e2_flash_attn_plainmove.py | diff - %t.one.mlir
// RUN: not xdsl-pto import-pypto %t.half_aiv.py 2>&1 | filecheck %s --check-prefix=HALF
// HALF: {{^}}{{.*}}.half_aiv.py:137:9: error: call of unknown function 'kernel_aic'{{$}}
// RUN: not xdsl-pto import-pypto %examples/pypto/a_elementwise.py %examples/pypto/b_softmax.py -o %t.clash.mlir 2>&1 | filecheck %s --check-prefix=CLASH
// CLASH: {{^}}{{.*}}b_softmax.py:8:5: error: function 'kernel' is defined twice ({{.*}}a_elementwise.py defines it too){{$}}
// RUN: rm -rf %t.dir.mlir && mkdir %t.dir.mlir
// RUN: not xdsl-pto import-pypto %examples/pypto/a_elementwise.py %examples/pypto/b_softmax.py -o %t.dir.mlir 2>&1 | filecheck %s --check-prefix=ONEDIR
// ONEDIR: {{^}}xdsl-pto: error: import-pypto: -o {{.*}}.dir.mlir: a folder; several files go into one FILE.mlir or a folder not named .mlir{{$}}
// -o - (standard output) with several files made a folder named '-' (a
// fresh-user breaker); it is refused, and nothing is written.
// RUN: rm -rf %t.dash && mkdir %t.dash && cd %t.dash && not xdsl-pto import-pypto %examples/pypto/a_elementwise.py %examples/pypto/b_softmax.py -o - 2>&1 | filecheck %s --check-prefix=DASH
// RUN: not ls %t.dash/-
// DASH: {{^}}xdsl-pto: error: import-pypto: -o -: with several files -o names a folder, not standard output; import one file to print it{{$}}
// RUN: not ls %t.stdin %t.twice
// RUN: not ls %t.clash.mlir

// RUN: rm -f %t.mlir
// RUN: not xdsl-pto import-pypto %S/Inputs/err_unsupported_op.py -o %t.mlir 2>&1 | filecheck %s --check-prefix=OP
// RUN: not ls %t.mlir
// RUN: not xdsl-pto import-pypto %S/Inputs/err_while.py -o %t.mlir 2>&1 | filecheck %s --check-prefix=WHILE
// RUN: not ls %t.mlir
// RUN: not xdsl-pto import-pypto %S/Inputs/err_return_tile.py 2>&1 | filecheck %s --check-prefix=RET
// RUN: not xdsl-pto import-pypto %S/Inputs/err_syntax.py 2>&1 | filecheck %s --check-prefix=SYNTAX
// RUN: not xdsl-pto import-pypto %S/Inputs/err_tensor_carry.py 2>&1 | filecheck %s --check-prefix=CARRY
// RUN: not xdsl-pto import-pypto %S/Inputs/err_verify.py -o %t.mlir 2>&1 | filecheck %s --check-prefix=VERIFY
// RUN: not ls %t.mlir
// RUN: not xdsl-pto import-pypto %S/Inputs/no_such_dump.py -o %t.mlir 2>&1 | filecheck %s --check-prefix=MISSING
// RUN: not xdsl-pto import-pypto %S/Inputs/err_slice_valid_1d.py 2>&1 | filecheck %s --check-prefix=SLICE1D
// RUN: not ls %t.mlir

// Every refusal is one located line on stderr, exit code 1, no traceback and
// no output file. The dumps in Inputs/ differ from a valid kernel in one
// statement each (line 9).

// OP:      {{^.*}}Inputs/err_unsupported_op.py:9:53: error: unsupported op 'pl.tile.selc' (the Tile dialect has no tile.selc){{$}}
// OP-NOT:  Traceback
// WHILE:   {{^.*}}Inputs/err_while.py:9:9: error: unsupported statement 'while'{{$}}
// WHILE-NOT: Traceback
// RET:     {{^.*}}Inputs/err_return_tile.py:9:16: error: can only return tensor parameters (or aliases of them), got 't'{{$}}
// SYNTAX:  {{^.*}}Inputs/err_syntax.py:9:56: error: invalid Python syntax: '(' was never closed{{$}}
// CARRY:   {{^.*}}Inputs/err_tensor_carry.py:10:57: error: tensor loop carry 'acc' must yield the same tensor it starts as, got 'x'{{$}}
// The Tile dialect's verifier runs on the imported module; its errors point
// at the dump's line too.
// VERIFY:  {{^.*}}Inputs/err_verify.py:9:53: error: 'tile.exp' op shape mismatch: source [64, 64] vs result [32, 64]{{$}}
// MISSING: {{^.*}}Inputs/no_such_dump.py: error: No such file or directory{{$}}
// A slice's runtime valid shape becomes a tile.set_validshape, which takes
// a 2-D tile (issue 24).
// SLICE1D: {{^.*}}Inputs/err_slice_valid_1d.py:9:107: error: a runtime valid shape of a slice has two extents, got '[n]'{{$}}

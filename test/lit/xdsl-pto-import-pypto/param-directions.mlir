// RUN: rm -f %t.mlir
// RUN: not xdsl-pto import-pypto %S/Inputs/dir_store_input.py -o %t.mlir 2>&1 | filecheck %s --check-prefix=INPUT
// RUN: not ls %t.mlir
// RUN: not xdsl-pto import-pypto %S/Inputs/dir_unmarked.py -o %t.mlir 2>&1 | filecheck %s --check-prefix=UNMARKED
// RUN: not xdsl-pto import-pypto %S/Inputs/dir_return_input.py -o %t.mlir 2>&1 | filecheck %s --check-prefix=RETURN
// RUN: not xdsl-pto import-pypto %S/Inputs/dir_scalar_write.py -o %t.mlir 2>&1 | filecheck %s --check-prefix=SCALAR
// RUN: not ls %t.mlir
// RUN: xdsl-pto import-pypto %S/Inputs/dir_unwritten_out.py -o %t.mlir 2>&1 | filecheck %s --check-prefix=UNWRITTEN
// RUN: filecheck %s --check-prefix=UNWRITTEN-IR < %t.mlir
// RUN: xdsl-pto import-pypto %S/Inputs/dir_half_reads.py 2>&1 >/dev/null | filecheck %s --check-prefix=ALONE
// RUN: xdsl-pto import-pypto %S/Inputs/dir_half_reads.py %S/Inputs/dir_half_writes.py -o %t.pair.mlir 2>&1 | filecheck %s --check-prefix=PAIR --allow-empty
// RUN: filecheck %s --check-prefix=PAIR-IR < %t.pair.mlir

// Parameter directions (tile-op-semantics.md section 11, "Param directions"):
// no wrapper is an input, pl.Out written only, pl.InOut read and written.

// A parameter some op writes must be pl.Out or pl.InOut; the error is at the
// first op that writes an input (a store into the input instead of the Out;
// a store into a parameter written without pl.Out).
// INPUT: {{^.*}}Inputs/dir_store_input.py:9:45: error: 'tile.store' writes parameter 'x' of @kernel, which is declared an input: a parameter the kernel writes must be pl.Out (tile.out, written only) or pl.InOut (tile.inout, read and written){{$}}
// INPUT-NOT: Traceback
// UNMARKED: {{^.*}}Inputs/dir_unmarked.py:9:45: error: 'tile.store' writes parameter 'y' of @kernel, which is declared an input: a parameter the kernel writes must be pl.Out (tile.out, written only) or pl.InOut (tile.inout, read and written){{$}}

// A kernel returns the tensors it stores: a returned input (here through an
// alias) is refused at the returned name.
// RETURN: {{^.*}}Inputs/dir_return_input.py:11:16: error: 'kernel' returns 'x_1' (parameter 'x'), which is declared an input: a kernel returns the tensors it stores, declared pl.Out or pl.InOut{{$}}

// pl.tensor.write is memref.store, a write of its tensor.
// SCALAR: {{^.*}}Inputs/dir_scalar_write.py:10:9: error: 'memref.store' writes parameter 'n' of @kernel, which is declared an input: a parameter the kernel writes must be pl.Out (tile.out, written only) or pl.InOut (tile.inout, read and written){{$}}

// An Out nobody writes is a warning at the parameter, and the module is
// still written (an atomic store into an Out is a write; an InOut that is
// only read is not reported).
// UNWRITTEN: {{^.*}}Inputs/dir_unwritten_out.py:7:90: warning: output parameter 'z' of 'kernel' is never written (no store, scatter or write into it){{$}}
// UNWRITTEN-NOT: warning
// UNWRITTEN-IR: func.func @kernel(%x: memref<16x64xf32>, %y: memref<16x64xf32> {tile.out}, %z: memref<16x64xf32> {tile.out}, %w: memref<16x64xf32> {tile.inout})

// The halves of a mixed kernel share their parameters' names: an Out one
// half only reads is no warning when the other half, imported with it,
// writes it under that name.
// ALONE: {{^.*}}Inputs/dir_half_reads.py:7:53: warning: output parameter 'y' of 'half_reads' is never written (no store, scatter or write into it){{$}}
// PAIR-NOT: warning
// PAIR-IR: func.func @half_reads(%x: memref<16x64xf32>, %y: memref<16x64xf32> {tile.out})
// PAIR-IR: func.func @half_writes(%x: memref<16x64xf32>, %y: memref<16x64xf32> {tile.out})

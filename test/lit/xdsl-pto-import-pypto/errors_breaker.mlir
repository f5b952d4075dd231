// RUN: rm -f %t.mlir
// RUN: not xdsl-pto import-pypto %S/Inputs/err_range_neg_step.py -o %t.mlir 2>&1 | filecheck %s --check-prefix=NEGSTEP
// RUN: not ls %t.mlir
// RUN: not xdsl-pto import-pypto %S/Inputs/err_range_zero_step.py -o %t.mlir 2>&1 | filecheck %s --check-prefix=ZEROSTEP
// RUN: not ls %t.mlir
// RUN: not xdsl-pto import-pypto %S/Inputs/err_range_var_step.py -o %t.mlir 2>&1 | filecheck %s --check-prefix=VARSTEP
// RUN: not ls %t.mlir
// RUN: not xdsl-pto import-pypto %S/Inputs/err_transpose_view_layout.py -o %t.mlir 2>&1 | filecheck %s --check-prefix=TVIEW
// RUN: not ls %t.mlir
// RUN: not xdsl-pto import-pypto %S/Inputs/err_memref_same_name.py -o %t.mlir 2>&1 | filecheck %s --check-prefix=DECL
// RUN: not ls %t.mlir
// RUN: not xdsl-pto import-pypto %S/Inputs/err_reserve_unknown_kw.py -o %t.mlir 2>&1 | filecheck %s --check-prefix=KW
// RUN: not ls %t.mlir
// RUN: not xdsl-pto import-pypto %S/Inputs/err_membership_overflow.py -o %t.mlir 2>&1 | filecheck %s --check-prefix=MEMBER
// RUN: not ls %t.mlir
// RUN: not xdsl-pto import-pypto %S/Inputs/err_adds_string.py -o %t.mlir 2>&1 | filecheck %s --check-prefix=ADDSSTR
// RUN: not ls %t.mlir
// RUN: not xdsl-pto import-pypto %S/Inputs/err_adds_f32_overflow.py -o %t.mlir 2>&1 | filecheck %s --check-prefix=F32
// RUN: not ls %t.mlir
// RUN: not xdsl-pto import-pypto %S/Inputs/err_reserve_str_size.py -o %t.mlir 2>&1 | filecheck %s --check-prefix=SIZE
// RUN: not ls %t.mlir
// RUN: not xdsl-pto import-pypto %S/Inputs/err_slice_two_args.py -o %t.mlir 2>&1 | filecheck %s --check-prefix=SLICE2
// RUN: not ls %t.mlir
// RUN: not xdsl-pto import-pypto %S/Inputs/err_slice_shape.py -o %t.mlir 2>&1 | filecheck %s --check-prefix=SLICESHAPE
// RUN: not ls %t.mlir
// RUN: not xdsl-pto import-pypto %S/Inputs/err_yield_annotation.py -o %t.mlir 2>&1 | filecheck %s --check-prefix=YIELD
// RUN: not ls %t.mlir
// RUN: not xdsl-pto import-pypto %S/Inputs/err_missing_return.py -o %t.mlir 2>&1 | filecheck %s --check-prefix=NORET
// RUN: not ls %t.mlir

// Refusals found by a breaker session: each is one located line on stderr,
// exit code 1, no traceback and no output file. Numbers are the findings'.

// 2. a pl.range step must be a positive literal (scf.for cannot count down)
// NEGSTEP: {{^.*}}Inputs/err_range_neg_step.py:10:40: error: the step of pl.range must be positive, got -1 (scf.for cannot count down or stand still){{$}}
// NEGSTEP-NOT: Traceback
// ZEROSTEP: {{^.*}}Inputs/err_range_zero_step.py:10:33: error: the step of pl.range must be positive, got 0 (scf.for cannot count down or stand still){{$}}
// ZEROSTEP-NOT: Traceback

//    ... and a step that is not a literal is not known to be positive
// VARSTEP: {{^.*}}Inputs/err_range_var_step.py:10:33: error: the step of pl.range must be a positive integer literal: 'n' is not known to be positive (scf.for needs a positive step){{$}}
// VARSTEP-NOT: Traceback

// 3. a transpose_view's stated layouts must be the source's, swapped
// TVIEW: {{^.*}}Inputs/err_transpose_view_layout.py:9:12: error: 'pl.tile.transpose_view' of 'ta' has blayout col_major, the annotation says row_major{{$}}
// TVIEW-NOT: Traceback

// 5. two declarations cannot claim one allocation name
// DECL: {{^.*}}Inputs/err_memref_same_name.py:11:16: error: allocation 'x' is declared twice ('ping' on line 10 declares it too): one declaration per name{{$}}
// DECL-NOT: Traceback

// 6. an unknown keyword of a pipe-setup call is refused, never dropped
// KW: {{^.*}}Inputs/err_reserve_unknown_kw.py:10:97: error: unsupported keyword argument 'space' of 'pl.system.reserve_buffer'{{$}}
// KW-NOT: Traceback

// 7. literals are checked against their target type: i64, f32, strings
// MEMBER: {{^.*}}Inputs/err_membership_overflow.py:10:103: error: pipeline_membership '99999999999999999999999:0' has a number that does not fit in i64{{$}}
// MEMBER-NOT: Traceback
// ADDSSTR: {{^.*}}Inputs/err_adds_string.py:10:70: error: cannot use 'x' as a value of type f32{{$}}
// ADDSSTR-NOT: Traceback
// F32: {{^.*}}Inputs/err_adds_f32_overflow.py:10:70: error: 1e+39 does not fit in f32{{$}}
// F32-NOT: Traceback
// SIZE: {{^.*}}Inputs/err_reserve_str_size.py:10:76: error: 'size' of 'pl.system.reserve_buffer' must be an integer literal, got 'big'{{$}}
// SIZE-NOT: Traceback

// 10. the reference's slice(tile, shape, offset): all three arguments, shape checked
// SLICE2: {{^.*}}Inputs/err_slice_two_args.py:10:53: error: 'pl.tile.slice' is slice(tile, shape, offset): the offset argument is missing{{$}}
// SLICE2-NOT: Traceback
// SLICESHAPE: {{^.*}}Inputs/err_slice_shape.py:10:71: error: 'pl.tile.slice' makes a [16, 32] tile, the annotation says [16, 64]{{$}}
// SLICESHAPE-NOT: Traceback

// 12. a yield target's annotation: the value and both types are named
// YIELD: {{^.*}}Inputs/err_yield_annotation.py:12:17: error: 'c2' (the yield of 'q') is !tile.tile<32x64xf32, vec>, the annotation says !tile.tile<32x64xf16, vec>{{$}}
// YIELD-NOT: Traceback

// 13. a function annotated to return a tensor must return one
// NORET: {{^.*}}Inputs/err_missing_return.py:7:93: error: function 'kernel' is annotated to return 'pl.Tensor[[16, 64], pl.FP32]' but has no return{{$}}
// NORET-NOT: Traceback

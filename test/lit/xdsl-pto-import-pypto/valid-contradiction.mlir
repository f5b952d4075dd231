// RUN: not xdsl-pto import-pypto %S/Inputs/err_valid_contra.py 2>&1 | filecheck %s --check-prefix=OP
// RUN: not xdsl-pto import-pypto %S/Inputs/err_valid_contra_load.py 2>&1 | filecheck %s --check-prefix=LOAD

// A runtime valid extent the annotation names must be the one the op gives
// its result (valid_flow.py: a load's valid operand, else its first tile
// operand's extent on that axis), as a static one must: the result of the
// add of tiles valid [n, 256] is annotated [m, 256] (the exp before it,
// annotated [n, 256], is accepted), and a load given valid [8, n] is
// annotated [8, m]. The error is at the annotation's entry.
// OP: {{^.*}}Inputs/err_valid_contra.py:10:76: error: 'pl.tile.add' has runtime valid extent 'n' on axis 0 (from its operands), the annotation says 'm'{{$}}
// OP-NOT: Traceback
// LOAD: {{^.*}}Inputs/err_valid_contra_load.py:8:79: error: 'pl.tile.load' has runtime valid extent 'n' on axis 1 (from its operands), the annotation says 'm'{{$}}

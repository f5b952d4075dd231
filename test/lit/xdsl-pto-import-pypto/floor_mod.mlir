// RUN: xdsl-pto import-pypto %S/Inputs/floor_mod_rotate.py -o %t.mlir
// RUN: filecheck %s < %t.mlir
// RUN: xdsl-pto run %t.mlir | filecheck %s --check-prefix=EXEC

// Python's (and pypto's) `%` is a floor modulo: `(i - 1) % 4` is 3 at i = 0
// (arith.remsi would give -1). It is imported as a - floordivsi(a, b) * b.
// test/pytest/test_import_pypto.py::test_floor_mod_rotates_blocks checks the
// rows the interpreter stores.

// CHECK:      scf.for %i = %c0 to %c4 step %c1 {
// CHECK-NEXT:   %0 = arith.subi %i, %c1 : index
// CHECK-NEXT:   %1 = arith.floordivsi %0, %c4 : index
// CHECK-NEXT:   %2 = arith.muli %1, %c4 : index
// CHECK-NEXT:   %3 = arith.subi %0, %2 : index
// CHECK-NEXT:   %src = arith.muli %3, %c8 : index
// CHECK-NOT: arith.remsi
// The logical and physical runs of the planned kernel agree:
// EXEC: {{.*}}: logical and physical runs agree (seed 0)

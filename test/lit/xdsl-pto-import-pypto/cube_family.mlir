// RUN: xdsl-pto import-pypto %S/Inputs/cube_family.py -o %t.mlir
// RUN: filecheck %s < %t.mlir
// RUN: xdsl-opt -p 'pto-compile{backend=a3}' %t.mlir | filecheck %s --check-prefix=PTO

// pl.tile.<name> of issue 23's cube family, filled from the op definitions:
// gemv's acc_phase keyword is its attribute; gemv_acc (rw(0)) accumulates in
// place on its first operand.

// CHECK:      %acc = tile.gemv %xl, %wr {acc_phase = "partial"} : (!tile.tile<1x64xf16, left>, !tile.tile<64x32xf16, right>) -> !tile.tile<16x32xf32, acc, valid = 1x32>
// CHECK-NEXT: %acc_1 = tile.gemv_acc %acc, %xl, %wr {acc_phase = "final"} : (!tile.tile<16x32xf32, acc, valid = 1x32>, !tile.tile<1x64xf16, left>, !tile.tile<64x32xf16, right>) -> !tile.tile<16x32xf32, acc, valid = 1x32>

// PTO: pto.tgemv ins(%xl, %wr : {{.*}}) outs(%acc : {{.*}}) {accPhase = #pto<acc_phase partial>}
// PTO: pto.tgemv.acc ins(%acc, %xl, %wr : {{.*}}) outs(%acc : {{.*}}) {accPhase = #pto<acc_phase final>}

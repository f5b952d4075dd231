// RUN: xdsl-pto import-pypto %S/Inputs/dim_expr.py -o %t.mlir
// RUN: filecheck %s < %t.mlir
// RUN: xdsl-opt -p 'pto-plan-memory{backend=a3},convert-tile-to-pto' %t.mlir | filecheck %s --check-prefix=PTO
// RUN: xdsl-opt -p 'pto-plan-memory{backend=a3 planner=dsa_rp},convert-tile-to-pto' %t.mlir | filecheck %s --check-prefix=PTO
// RUN: xdsl-opt -p 'pto-plan-memory{backend=a3 planner=ptoas},convert-tile-to-pto' %t.mlir | filecheck %s --check-prefix=PTO
// RUN: xdsl-pto run %t.mlir --arg N=16 | filecheck %s --check-prefix=EXEC
// RUN: not xdsl-pto run %t.mlir --arg N=8 2>&1 | filecheck %s --check-prefix=SHORT
// RUN: not xdsl-pto run %t.mlir --arg "N * 2=32" 2>&1 | filecheck %s --check-prefix=NOTNAME
// RUN: sed 's#N // 4#N / 4#' %S/Inputs/dim_expr.py > %t.div.py
// RUN: not xdsl-pto import-pypto %t.div.py 2>&1 | filecheck %s --check-prefix=DIV

// A tensor dimension that is an expression over dynamic names
// (tile-op-semantics.md section 11, "Dynamic dims"). The importer keeps its
// text in tile.dynamic_dims (a literal-only one, 2 * 64, is the static 128);
// the lowering gives each distinct free name one trailing index parameter in
// first-use order (%N from x, then %M) and computes each extent from them
// with arith ops (% is the floor modulo a - floordivsi(a, b) * b, like the
// importer's scalar %). run sizes the names: with N = 16, x has N * 2 = 32
// rows and its window [16, 32) fits; with N = 8 it has 16 and does not. An
// --arg key that is an expression, or a / in a dimension, is refused.

// CHECK: func.func @dim_expr(%x: memref<?x128xf32> {tile.dynamic_dims = ["N * 2"]}, %w: memref<?x128xf32> {tile.dynamic_dims = ["M + N // 4 - N % 3"]}, %y: memref<?x128xf32> {tile.out, tile.dynamic_dims = ["N"]}) attributes {tile.function_kind = "aiv"} {

// PTO:      func.func @dim_expr(%x: !pto.ptr<f32>, %w: !pto.ptr<f32>, %y: !pto.ptr<f32>, %N: index, %M: index) attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
// PTO-NEXT:   %c2_index = arith.constant 2 : index
// PTO-NEXT:   %0 = arith.muli %N, %c2_index : index
// PTO-NEXT:   %c128_index = arith.constant 128 : index
// PTO-NEXT:   %c1_index = arith.constant 1 : index
// PTO-NEXT:   %c4_index = arith.constant 4 : index
// PTO-NEXT:   %1 = arith.floordivsi %N, %c4_index : index
// PTO-NEXT:   %2 = arith.addi %M, %1 : index
// PTO-NEXT:   %c3_index = arith.constant 3 : index
// PTO-NEXT:   %3 = arith.floordivsi %N, %c3_index : index
// PTO-NEXT:   %4 = arith.muli %3, %c3_index : index
// PTO-NEXT:   %5 = arith.subi %N, %4 : index
// PTO-NEXT:   %6 = arith.subi %2, %5 : index
// PTO:        %7 = pto.make_tensor_view %x, shape = [%0, %c128_index], strides = [%c128_index, %c1_index] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf32>
// PTO-NEXT:   %8 = pto.make_tensor_view %w, shape = [%6, %c128_index], strides = [%c128_index, %c1_index] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf32>
// PTO-NEXT:   %9 = pto.make_tensor_view %y, shape = [%N, %c128_index], strides = [%c128_index, %c1_index] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf32>

// EXEC: {{^}}{{.*}}: logical and physical runs agree (seed 0){{$}}
// SHORT: {{^}}{{.*}}.mlir:5:10: error: tile.load: window [16, 32) on axis 0 is outside the tensor's 16 elements{{$}}
// NOTNAME: {{^}}{{.*}}.mlir:2:3: error: --arg N * 2: not a name; a dynamic extent that is an expression is computed from its names: set N{{$}}
// DIV: {{^}}{{.*}}.div.py:11:19: error: unsupported tensor dimension 'M + N / 4 - N % 3': operator '/' is not one of + - * // %{{$}}
// SHORT-NOT: Traceback
// NOTNAME-NOT: Traceback
// DIV-NOT: Traceback

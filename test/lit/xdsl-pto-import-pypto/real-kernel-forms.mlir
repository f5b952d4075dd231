// RUN: xdsl-pto import-pypto %S/Inputs/real_forms.py -o %t.mlir
// RUN: filecheck %s --check-prefix=IMPORT < %t.mlir
// RUN: xdsl-opt -p 'pto-plan-memory{backend=a3}' %t.mlir | filecheck %s --check-prefix=PLAN
// RUN: xdsl-opt -p 'pto-compile{backend=a3}' %t.mlir | filecheck %s --check-prefix=PTO
// RUN: xdsl-pto run %t.mlir --seed 3 --pipeline 'pto-plan-memory{backend=a3}' | filecheck %s --check-prefix=EXEC

// The forms of the pypto-lib model kernels (issue 24): dynamic tensor
// dimensions (one name, one trailing index parameter), pl.InOut, tuple
// returns, pl.min / pl.max, scalar GM reads and writes (an i32 index cast to
// index), float scalar arithmetic, int -> float pl.cast, the 4-positional and
// the shape= extract, pipeline_membership pairs separated by ';', and the
// 3-operand matmul_acc (always accumulates: init_cond false) planned on the
// matmul's Acc buffer.

// IMPORT: func.func @scale_rows(%x: memref<?x64xf32> {tile.dynamic_dims = ["ROWS_DYN"]}, %table: memref<4xi32>, %acc: memref<?x64xf32> {tile.inout, tile.dynamic_dims = ["ROWS_DYN"]}, %amax: memref<2x1xf32> {tile.out}, %n: index) attributes {tile.function_kind = "aiv"} {
// IMPORT:      %entry = arith.index_cast %n : index to i32
// IMPORT-NEXT: %0 = arith.index_cast %entry : i32 to index
// IMPORT-NEXT: %row = memref.load %table[%0] : memref<4xi32>
// IMPORT-NEXT: %last = arith.minsi %n, %c3 : index
// IMPORT-NEXT: %1 = arith.subi %last, %c1 : index
// IMPORT-NEXT: %first = arith.maxsi %1, %c0 : index
// IMPORT:      %3 = arith.divf %v, %cst : f32
// IMPORT-NEXT: memref.store %3, %amax[%c0, %c0] : memref<2x1xf32>
// IMPORT-NEXT: %4 = arith.sitofp %row : i32 to f32
// IMPORT-NEXT: memref.store %4, %amax[%c1, %c0] : memref<2x1xf32>
// IMPORT:      func.func @matmul_peeled(%a: memref<?x128xbf16> {tile.dynamic_dims = ["M_DYN"]}, %b: memref<128x64xbf16>, %c: memref<?x64xf32> {tile.out, tile.dynamic_dims = ["M_DYN"]}) attributes {tile.function_kind = "aic"} {
// IMPORT:      %false = arith.constant false
// IMPORT:      %l0 = tile.extract %am, %c0, %c0 {tile.pipeline_membership = [array<i64: 0, 0>, array<i64: 1, 0>]} : (!tile.tile<32x128xbf16, mat>, index, index) -> !tile.tile<32x64xbf16, left>
// IMPORT-NEXT: %r0 = tile.extract %bm, %c0, %c0 : (!tile.tile<128x64xbf16, mat>, index, index) -> !tile.tile<64x64xbf16, right>
// IMPORT:      %c1 = tile.matmul_acc %c0_1, %l1, %r1, %false :

// PLAN-LABEL: func.func @matmul_peeled(
// PLAN:       tile.alloc @mem_acc_4 in acc size 8192 addr 0
// PLAN:       %c0_1 = tile.matmul {{.*}} -> !tile.tile<32x64xf32, acc, memref = <@mem_acc_4, offset = 0, size = 8192>>
// PLAN:       %c1 = tile.matmul_acc {{.*}} -> !tile.tile<32x64xf32, acc, memref = <@mem_acc_4, offset = 0, size = 8192>>

// PTO:      func.func @scale_rows(%x: !pto.ptr<f32>, %table: !pto.ptr<i32>, %acc: !pto.ptr<f32>, %amax: !pto.ptr<f32>, %n: index, %ROWS_DYN: index) attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
// PTO:      pto.make_tensor_view %x, shape = [%ROWS_DYN, %c64_index], strides = [%c64_index, %c1_index] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf32>
// PTO:      pto.make_tensor_view %acc, shape = [%ROWS_DYN, %c64_index], strides = [%c64_index, %c1_index] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf32>
// PTO:      %row = pto.load_scalar %table[%4] : !pto.ptr<i32> -> i32
// PTO:      %11 = arith.muli %c0, %c2_index : index
// PTO-NEXT: %12 = arith.addi %c0, %11 : index
// PTO-NEXT: pto.store_scalar %10, %amax[%12] : !pto.ptr<f32>, f32
// PTO:      func.func @matmul_peeled(%a: !pto.ptr<bf16>, %b: !pto.ptr<bf16>, %c: !pto.ptr<f32>, %M_DYN: index) attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
// PTO:      pto.make_tensor_view %c, shape = [%M_DYN, %c64_index], strides = [%c64_index, %c1_index] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf32>

// EXEC: {{^}}{{.*}}.mlir: logical and physical runs agree (seed 3){{$}}

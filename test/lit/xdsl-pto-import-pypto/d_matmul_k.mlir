// RUN: xdsl-pto import-pypto %examples/pypto/d_matmul_k.py -o %t.mlir
// RUN: filecheck %s --check-prefix=IMPORT < %t.mlir
// RUN: xdsl-opt -p 'pto-plan-memory{backend=a3}' %t.mlir -o %t.planned.mlir
// RUN: filecheck %s --check-prefix=PLAN < %t.planned.mlir
// RUN: xdsl-pto report - < %t.planned.mlir | filecheck %s --check-prefix=REPORT
// RUN: xdsl-opt -p 'convert-tile-to-pto{backend=a3}' %t.planned.mlir | filecheck %s --check-prefix=PTO

// The sample dump examples/pypto/d_matmul_k.py, imported, planned for a3 and
// lowered to PTO. The planned allocations and the bytes used per space are
// checked exactly; the reference compiler uses Mat 65536, Left 32768, Right 32768, Acc 65536 bytes (a3).

// IMPORT: attributes {tile.function_kind = "aic"}
// IMPORT: %acc__rv_v2 = scf.for %k__idx_v0 = %c0 to %c4 step %c1 iter_args(%acc__iter_v1 = %acc__ssa_v0) -> (!tile.tile<128x128xf32, acc>) {
// IMPORT: %k0__ssa_v0 = arith.muli %k__idx_v0, %c128 : index
// IMPORT: = arith.cmpi eq, %k__idx_v0, %c0 : index
// IMPORT: %acc__ssa_v3 = tile.matmul_acc %acc__iter_v1, %a_l0__ssa_v0, %b_l0__ssa_v0, %
// PLAN-LABEL: func.func @kernel(
// PLAN:      tile.alloc @mem_acc_0 in acc size 65536 addr 0
// PLAN-NEXT: tile.alloc @mem_mat_1 in mat size 32768 addr 0
// PLAN-NEXT: tile.alloc @mem_mat_2 in mat size 32768 addr 32768
// PLAN-NEXT: tile.alloc @mem_left_3 in left size 32768 addr 0
// PLAN-NEXT: tile.alloc @mem_right_4 in right size 32768 addr 0
// REPORT:      {{^}}<stdin>: target a3, planner pypto; sizes in bytes{{$}}
// REPORT-NEXT: {{^}}@kernel{{$}}
// REPORT-NEXT: {{^}}  space   used   LOAD  used/LOAD  capacity  roots before  roots after  carry moves{{$}}
// REPORT-NEXT: {{^}}  mat    65536  65536      1.000    524288             2            2            0{{$}}
// REPORT-NEXT: {{^}}  left   32768  32768      1.000     65536             1            1            0{{$}}
// REPORT-NEXT: {{^}}  right  32768  32768      1.000     65536             1            1            0{{$}}
// REPORT-NEXT: {{^}}  acc    65536  65536      1.000    131072             1            1            0{{$}}
// REPORT-EMPTY:
// PTO-LABEL: func.func @kernel(
// PTO-SAME: attributes {pto.kernel_kind = #pto.kernel_kind<cube>}
// PTO: pto.tmatmul
// PTO: pto.tmatmul.acc
// PTO-NOT: tile.

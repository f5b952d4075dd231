// RUN: xdsl-pto import-pypto %examples/pypto/c2_rmsnorm_256.py -o %t.mlir
// RUN: filecheck %s --check-prefix=IMPORT < %t.mlir
// RUN: xdsl-opt -p 'pto-plan-memory{backend=a3}' %t.mlir -o %t.planned.mlir
// RUN: filecheck %s --check-prefix=PLAN < %t.planned.mlir
// RUN: xdsl-pto report - < %t.planned.mlir | filecheck %s --check-prefix=REPORT
// RUN: xdsl-opt -p 'convert-tile-to-pto{backend=a3}' %t.planned.mlir | filecheck %s --check-prefix=PTO

// The sample dump examples/pypto/c2_rmsnorm_256.py, imported, planned for a3 and
// lowered to PTO. The planned allocations and the bytes used per space are
// checked exactly; the reference compiler uses Vec 99456 bytes (a3).

// IMPORT: %cst = arith.constant 3.906250e-03 : f32
// IMPORT: %mean_t__ssa_v0 = tile.muls %sq_sum_t__ssa_v0, %cst :
// IMPORT: %inv_rms__ssa_v0 = tile.reshape %inv_rms_t__ssa_v0 : (!tile.tile<1x32xf32, vec>) -> !tile.tile<32x1xf32, vec>
// PLAN-LABEL: func.func @kernel(
// PLAN:      tile.alloc @mem_vec_0 in vec size 32768 addr 0
// PLAN-NEXT: tile.alloc @mem_vec_1 in vec size 1024 addr 32768
// PLAN-NEXT: tile.alloc @mem_vec_2 in vec size 32768 addr 33792
// PLAN-NEXT: tile.alloc @mem_vec_3 in vec size 32768 addr 66560
// PLAN-NEXT: tile.alloc @mem_vec_4 in vec size 128 addr 99328
// REPORT:      {{^}}<stdin>: target a3, planner pypto; sizes in bytes{{$}}
// REPORT-NEXT: {{^}}@kernel{{$}}
// REPORT-NEXT: {{^}}  space   used   LOAD  used/LOAD  capacity  roots before  roots after  carry moves{{$}}
// REPORT-NEXT: {{^}}  vec    99456  99328      1.001    188416            10            5            0{{$}}
// REPORT-EMPTY:
// PTO-LABEL: func.func @kernel(
// PTO-SAME: attributes {pto.kernel_kind = #pto.kernel_kind<vector>}
// PTO-NOT: tile.

// RUN: xdsl-pto import-pypto %examples/pypto/b_softmax.py -o %t.mlir
// RUN: filecheck %s --check-prefix=IMPORT < %t.mlir
// RUN: xdsl-opt -p 'pto-plan-memory{backend=a3}' %t.mlir -o %t.planned.mlir
// RUN: filecheck %s --check-prefix=PLAN < %t.planned.mlir
// RUN: xdsl-pto report - < %t.planned.mlir | filecheck %s --check-prefix=REPORT
// RUN: xdsl-opt -p 'convert-tile-to-pto{backend=a3}' %t.planned.mlir | filecheck %s --check-prefix=PTO

// The sample dump examples/pypto/b_softmax.py, imported, planned for a3 and
// lowered to PTO. The planned allocations and the bytes used per space are
// checked exactly; the reference compiler uses Vec 65792 bytes (a3).

// IMPORT: %row_max__ssa_v0 = tile.row_max %tile_x__ssa_v0, %max_tmp__ssa_v0 :
// IMPORT: %result__ssa_v0 = tile.row_expand_div %exp_shifted__ssa_v0, %row_sum__ssa_v0 :
// PLAN-LABEL: func.func @kernel(
// PLAN:      tile.alloc @mem_vec_0 in vec size 32768 addr 0
// PLAN-NEXT: tile.alloc @mem_vec_1 in vec size 32768 addr 32768
// PLAN-NEXT: tile.alloc @mem_vec_2 in vec size 256 addr 65536
// REPORT:      {{^}}<stdin>: target a3, planner pypto; sizes in bytes{{$}}
// REPORT-NEXT: {{^}}@kernel{{$}}
// REPORT-NEXT: {{^}}  space   used   LOAD  used/LOAD  capacity  roots before  roots after  carry moves{{$}}
// REPORT-NEXT: {{^}}  vec    65792  65536      1.004    188416             8            3            0{{$}}
// REPORT-EMPTY:
// PTO-LABEL: func.func @kernel(
// PTO-SAME: attributes {pto.kernel_kind = #pto.kernel_kind<vector>}
// PTO-NOT: tile.

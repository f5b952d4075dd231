// RUN: xdsl-pto import-pypto %examples/pypto/f_pipeline.py -o %t.mlir
// RUN: filecheck %s --check-prefix=IMPORT < %t.mlir
// RUN: xdsl-opt -p 'pto-plan-memory{backend=a3}' %t.mlir -o %t.planned.mlir
// RUN: filecheck %s --check-prefix=PLAN < %t.planned.mlir
// RUN: xdsl-pto report - < %t.planned.mlir | filecheck %s --check-prefix=REPORT
// RUN: xdsl-opt -p 'convert-tile-to-pto{backend=a3}' %t.planned.mlir | filecheck %s --check-prefix=PTO

// The sample dump examples/pypto/f_pipeline.py, imported, planned for a3 and
// lowered to PTO. The planned allocations and the bytes used per space are
// checked exactly; the reference compiler uses Vec 65536 bytes (a3).

// IMPORT: scf.for %i__idx_v0 = %c0 to %c8 step %c2 {
// IMPORT: %ta__ssa_v0_1 = tile.load %a__ssa_v0[%{{[0-9]+}}, %c0] {tile.pipeline_membership = [array<i64: 0, 1>]} :
// PLAN-LABEL: func.func @kernel(
// PLAN:      tile.alloc @mem_vec_0 in vec size 16384 addr 0
// PLAN-NEXT: tile.alloc @mem_vec_1 in vec size 16384 addr 16384
// PLAN-NEXT: tile.alloc @mem_vec_2 in vec size 16384 addr 32768
// PLAN-NEXT: tile.alloc @mem_vec_3 in vec size 16384 addr 49152
// REPORT:      {{^}}<stdin>: target a3, planner pypto; sizes in bytes{{$}}
// REPORT-NEXT: {{^}}@kernel{{$}}
// REPORT-NEXT: {{^}}  space   used   LOAD  used/LOAD  capacity  roots before  roots after  carry moves{{$}}
// REPORT-NEXT: {{^}}  vec    65536  65536      1.000    188416             6            4            0{{$}}
// REPORT-EMPTY:
// PTO-LABEL: func.func @kernel(
// PTO-SAME: attributes {pto.kernel_kind = #pto.kernel_kind<vector>}
// PTO-NOT: tile.

// RUN: xdsl-pto import-pypto %examples/pypto/a_elementwise.py -o %t.mlir
// RUN: filecheck %s --check-prefix=IMPORT < %t.mlir
// RUN: xdsl-opt -p 'pto-plan-memory{backend=a3}' %t.mlir -o %t.planned.mlir
// RUN: filecheck %s --check-prefix=PLAN < %t.planned.mlir
// RUN: xdsl-pto report - < %t.planned.mlir | filecheck %s --check-prefix=REPORT
// RUN: xdsl-opt -p 'convert-tile-to-pto{backend=a3}' %t.planned.mlir | filecheck %s --check-prefix=PTO

// The sample dump examples/pypto/a_elementwise.py, imported, planned for a3 and
// lowered to PTO. The planned allocations and the bytes used per space are
// checked exactly; the reference compiler uses Vec 49152 bytes (a3).

// IMPORT: func.func @kernel(%input_a__ssa_v0: memref<64x64xf32>, %input_b__ssa_v0: memref<64x64xf32>, %output__ssa_v0: memref<64x64xf32> {tile.out}) attributes {tile.function_kind = "aiv"} {
// IMPORT: tile.store %tile_f__ssa_v0, %output__ssa_v0[%c0, %c0] :
// IMPORT: func.return
// PLAN-LABEL: func.func @kernel(
// PLAN:      tile.alloc @mem_vec_0 in vec size 16384 addr 0
// PLAN-NEXT: tile.alloc @mem_vec_1 in vec size 16384 addr 16384
// PLAN-NEXT: tile.alloc @mem_vec_2 in vec size 16384 addr 32768
// REPORT:      {{^}}<stdin>: target a3, planner pypto; sizes in bytes{{$}}
// REPORT-NEXT: {{^}}@kernel{{$}}
// REPORT-NEXT: {{^}}  space   used   LOAD  used/LOAD  capacity  roots before  roots after  carry moves{{$}}
// REPORT-NEXT: {{^}}  vec    49152  49152      1.000    188416             6            3            0{{$}}
// REPORT-EMPTY:
// PTO-LABEL: func.func @kernel(
// PTO-SAME: attributes {pto.kernel_kind = #pto.kernel_kind<vector>}
// PTO-NOT: tile.

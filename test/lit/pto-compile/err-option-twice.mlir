// An option given twice in one pass's options was accepted, the last one
// winning (issue 26): it is a pipeline error at the second one, as in MLIR
// (xdsl_pto/xdsl_patches.py, unique_pass_options). `-` and `_` in a key are
// one (xDSL reads slot-size as slot_size). The same key in two passes is fine.
// RUN: not xdsl-opt -p 'pto-compile{backend=a3 backend=a5}' %s 2>&1 | filecheck %s --check-prefix=TWICE
// TWICE: {{^}}xdsl-opt: error: invalid pass pipeline at column 24 of 'pto-compile{backend=a3 backend=a5}': option 'backend' is given twice; give each option once{{$}}
// TWICE-NOT: {{.}}
// RUN: not xdsl-opt -p 'lower-pipeline-to-slots{planner=ptoas backend=a3},pto-plan-memory{backend=a3 verify=true verify_stages verify}' %s 2>&1 | filecheck %s --check-prefix=FLAG
// FLAG: {{^}}xdsl-opt: error: invalid pass pipeline at column 104 of 'lower-pipeline-to-slots{planner=ptoas backend=a3},pto-plan-memory{backend=a3 verify=true verify_stages verify}': option 'verify' is given twice; give each option once{{$}}
// RUN: not xdsl-opt -p 'pto-plan-memory{verify-stages=true verify_stages=false}' %s 2>&1 | filecheck %s --check-prefix=DASH
// DASH: {{^}}xdsl-opt: error: invalid pass pipeline at column 36 of 'pto-plan-memory{verify-stages=true verify_stages=false}': option 'verify_stages' is given twice; give each option once{{$}}
// RUN: not xdsl-pto run %s --pipeline 'pto-plan-memory{backend=a3 backend=a3}' 2>&1 | filecheck %s --check-prefix=TOOL
// TOOL: option 'backend' is given twice; give each option once
// RUN: xdsl-opt -p 'lower-pipeline-to-slots{planner=ptoas backend=a3},pto-compile{backend=a3 planner=ptoas}' %s | filecheck %s
// CHECK: pto.tstore
func.func @k(%a: memref<16x16xf32>) {
  %c0 = arith.constant 0 : index
  %x = tile.load %a[%c0, %c0] : memref<16x16xf32> -> !tile.tile<16x16xf32, vec>
  tile.store %x, %a[%c0, %c0] : !tile.tile<16x16xf32, vec>, memref<16x16xf32>
  func.return
}

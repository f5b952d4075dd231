// The planner option: pypto (default), ptoas or dsa_rp; a module planned by
// one planner is refused by a pass of another.
// RUN: not xdsl-opt -p 'pto-plan-memory{planner=dsa_rp backend=a3},memory-reuse' %s 2>&1 | filecheck %s --check-prefix=DSA-REUSE
// RUN: not xdsl-opt -p 'pto-plan-memory{planner=dsa_rp backend=a3},pto-plan-memory{planner=pypto}' %s 2>&1 | filecheck %s --check-prefix=DSA-MIXED
// RUN: not xdsl-opt -p 'pto-plan-memory{backend=a3},pto-plan-memory{planner=dsa_rp}' %s 2>&1 | filecheck %s --check-prefix=DSA-ON-PYPTO
// RUN: not xdsl-opt -p 'pto-plan-memory{backend=a3},allocate-memory-addr{planner=dsa_rp}' %s 2>&1 | filecheck %s --check-prefix=DSA-ON-PYPTO-ADDR
// RUN: not xdsl-opt -p 'pto-plan-memory{planner=simple}' %s 2>&1 | filecheck %s --check-prefix=UNKNOWN
// RUN: not xdsl-opt -p 'pto-plan-memory{planner=ptoas},memory-reuse' %s 2>&1 | filecheck %s --check-prefix=REUSE
// RUN: not xdsl-opt -p 'pto-plan-memory{planner=ptoas},allocate-memory-addr' %s 2>&1 | filecheck %s --check-prefix=ADDR
// RUN: not xdsl-opt -p 'pto-plan-memory{planner=ptoas},pto-plan-memory{planner=pypto}' %s 2>&1 | filecheck %s --check-prefix=MIXED
// RUN: not xdsl-opt -p 'pto-plan-memory{backend=a3},convert-tile-to-pto{planner=ptoas}' %s 2>&1 | filecheck %s --check-prefix=ADDRESSED
// RUN: not xdsl-opt -p 'init-memref,memory-reuse{backend=a3},pto-plan-memory{planner=ptoas backend=a3}' %s 2>&1 | filecheck %s --check-prefix=REUSED
// RUN: not xdsl-opt -p 'pto-plan-memory{backend=a3},convert-tile-to-pto,convert-tile-to-pto' %s 2>&1 | filecheck %s --check-prefix=LOWERED
// RUN: sed 's/^func.func/builtin.module attributes {tile.memory_planner = "foo"} {\nfunc.func/; $a}' %s | not xdsl-opt -p 'pto-plan-memory{backend=a3}' 2>&1 | filecheck %s --check-prefix=UNKNOWN-RECORD
// DSA-REUSE: {{^}}{{.*}}err-planner.mlir: error: memory-reuse: the module is planned by planner=dsa_rp (tile.memory_planner), which keeps every allocation root for the DSA placement; memory-reuse belongs to planner=pypto{{$}}
// DSA-MIXED: {{^}}{{.*}}err-planner.mlir: error: pto-plan-memory: the module is planned by planner=dsa_rp (tile.memory_planner) but planner=pypto was asked for; plan the unplanned kernel with one planner{{$}}
// DSA-ON-PYPTO: {{^}}{{.*}}err-planner.mlir: error: pto-plan-memory: planner=dsa_rp takes an unplanned kernel or one planned under dsa_rp, but this module already has addresses from planner=pypto passes; plan the unplanned kernel with planner=dsa_rp{{$}}
// DSA-ON-PYPTO-ADDR: {{^}}{{.*}}err-planner.mlir: error: allocate-memory-addr: planner=dsa_rp takes an unplanned kernel or one planned under dsa_rp, but this module already has addresses from planner=pypto passes; plan the unplanned kernel with planner=dsa_rp{{$}}
// UNKNOWN: {{^}}{{.*}}err-planner.mlir: error: pto-plan-memory: unknown planner 'simple' (expected one of pypto, dsa_rp, ptoas){{$}}
// REUSE: {{^}}{{.*}}err-planner.mlir: error: memory-reuse: the module is planned by planner=ptoas (tile.memory_planner), which leaves sharing and addresses to ptoas; memory-reuse belongs to planner=pypto{{$}}
// ADDR: {{^}}{{.*}}err-planner.mlir: error: allocate-memory-addr: planner=ptoas leaves the addresses to ptoas; allocate-memory-addr belongs to planner=pypto or planner=dsa_rp{{$}}
// MIXED: {{^}}{{.*}}err-planner.mlir: error: pto-plan-memory: the module is planned by planner=ptoas (tile.memory_planner) but planner=pypto was asked for; plan the unplanned kernel with one planner{{$}}
// ADDRESSED: {{^}}{{.*}}err-planner.mlir: error: convert-tile-to-pto: planner=ptoas takes an unplanned kernel or one planned under ptoas, but this module already has MemRefs and addresses from planner=pypto passes; plan the unplanned kernel with planner=ptoas{{$}}
// REUSED: {{^}}{{.*}}err-planner.mlir: error: pto-plan-memory: planner=ptoas takes an unplanned kernel or one planned under ptoas, but this module already has MemRefs from planner=pypto passes; plan the unplanned kernel with planner=ptoas{{$}}
// LOWERED: {{^}}{{.*}}err-planner.mlir: error: convert-tile-to-pto: the module is already lowered to PTO (it has pto.make_tensor_view); give it the Tile kernel{{$}}
// UNKNOWN-RECORD: {{^}}<stdin>:[[# @LINE + 1]]:1: error: pto-plan-memory: tile.memory_planner = "foo" names no planner (expected one of pypto, dsa_rp, ptoas){{$}}
func.func @k(%a: memref<64x64xf32>, %o: memref<64x64xf32>) {
  %c0 = arith.constant 0 : index
  %x = tile.load %a[%c0, %c0] : memref<64x64xf32> -> !tile.tile<64x64xf32, vec>
  tile.store %x, %o[%c0, %c0] : !tile.tile<64x64xf32, vec>, memref<64x64xf32>
  func.return
}

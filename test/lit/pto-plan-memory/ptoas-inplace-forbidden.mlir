// RUN: xdsl-opt -p 'pto-plan-memory{planner=ptoas backend=a3}' %s -o %t.planned 2>&1 | filecheck %s
// RUN: filecheck %s --check-prefix=PLAN < %t.planned

// Under planner=ptoas a kernel that fits only if a result takes the bytes of
// an operand it reads for the last time gets that reuse from pto-plan-memory
// (ptoas-inplace-warning.mlir) -- unless the op's traits forbid it or one
// handle cannot serve both. Then nothing changes and the warning stays: ptoas
// will report a vec overflow.

// tile.ands is NotInplaceSafe (ptoas: "expects src and dst to use different
// storage"), seed 002's no-alias guard: no planner may share them (pypto and
// dsa_rp overflow too).
// CHECK: {{^}}{{.*}}ptoas-inplace-forbidden.mlir:[[# @LINE + 10]]:8: warning: pto-plan-memory: planner=ptoas: in 'ands_apart' the vec tiles live at this op need 262144 bytes apart, over the 188416 bytes vec has for tiles on a3; they fit (131072 bytes) only if the result takes the bytes of an operand read here for the last time -- %t over %x -- an in-place reuse ptoas's planner does not make, so ptoas will report a vec overflow; use planner=pypto or planner=dsa_rp{{$}}
// PLAN-LABEL: func.func @ands_apart
// PLAN:         tile.alloc @mem_vec_0 in vec size 131072
// PLAN-NEXT:    tile.alloc @mem_vec_1 in vec size 131072
// PLAN-NEXT:    %c0 = arith.constant 0 : index
// PLAN-NEXT:    %x = tile.load {{.*}} -> !tile.tile<128x256xi32, vec, memref = <@mem_vec_0, offset = 0, size = 131072>>
// PLAN-NEXT:    %t = tile.ands {{.*}} -> !tile.tile<128x256xi32, vec, memref = <@mem_vec_1, offset = 0, size = 131072>>
func.func @ands_apart(%in: memref<128x256xi32>, %out: memref<128x256xi32>, %s: i32) {
  %c0 = arith.constant 0 : index
  %x = tile.load %in[%c0, %c0] : memref<128x256xi32> -> !tile.tile<128x256xi32, vec>
  %t = tile.ands %x, %s : (!tile.tile<128x256xi32, vec>, i32) -> !tile.tile<128x256xi32, vec>
  tile.store %t, %out[%c0, %c0] : !tile.tile<128x256xi32, vec>, memref<128x256xi32>
  func.return
}

// A same-width tile.cast may run in place (CastNoAlias; planner=pypto shares
// the two), but f32 and i32 tiles are two !pto.tile_buf types: without
// addresses no one handle can be both, so the reuse is not made.
// CHECK: {{^}}{{.*}}ptoas-inplace-forbidden.mlir:[[# @LINE + 10]]:8: warning: pto-plan-memory: planner=ptoas: in 'cast_types' the vec tiles live at this op need 262144 bytes apart, {{.*}} -- %t over %x -- {{.*}}{{$}}
// PLAN-LABEL: func.func @cast_types
// PLAN:         tile.alloc @mem_vec_0 in vec size 131072
// PLAN-NEXT:    tile.alloc @mem_vec_1 in vec size 131072
// PLAN-NEXT:    %c0 = arith.constant 0 : index
// PLAN-NEXT:    %x = tile.load {{.*}} -> !tile.tile<128x256xf32, vec, memref = <@mem_vec_0, offset = 0, size = 131072>>
// PLAN-NEXT:    %t = tile.cast {{.*}} -> !tile.tile<128x256xi32, vec, memref = <@mem_vec_1, offset = 0, size = 131072>>
func.func @cast_types(%in: memref<128x256xf32>, %out: memref<128x256xi32>) {
  %c0 = arith.constant 0 : index
  %x = tile.load %in[%c0, %c0] : memref<128x256xf32> -> !tile.tile<128x256xf32, vec>
  %t = tile.cast %x {mode = "rint"} : (!tile.tile<128x256xf32, vec>) -> !tile.tile<128x256xi32, vec>
  tile.store %t, %out[%c0, %c0] : !tile.tile<128x256xi32, vec>, memref<128x256xi32>
  func.return
}
// CHECK-NOT: remark

// RUN: xdsl-opt -p 'pto-plan-memory{planner=ptoas backend=a3}' %s -o %t.planned 2>&1 | filecheck %s
// RUN: filecheck %s --check-prefix=PLAN < %t.planned
// RUN: xdsl-opt -p 'pto-plan-memory{planner=pypto backend=a3}' %s -o /dev/null 2>&1 | filecheck %s --allow-empty --check-prefix=PYPTO

// Under planner=ptoas, ptoas's own planner places the tiles, and it keeps an
// op's operands and result apart: a value's last read and the next value's
// write at one op do not share bytes (the *strict* lower bound, the
// reference's load.strict). Our planner lets them (the *touching* one,
// load.touch). A kernel that fits only through that in-place reuse -- two
// 128 KiB tiles on a3's 184 KiB Vec, as the reference's add_scalar kernel --
// gets it from pto-plan-memory: the result is put on its operand's buffer,
// where ptoas places the two as one tile (one pto.alloc_tile,
// pto-compile/ptoas-inplace-share.mlir), with a remark at the op. Where the
// reuse is not allowed the warning stays (ptoas-inplace-forbidden.mlir).
// planner=pypto makes the reuse itself: no diagnostic.

// CHECK: {{^}}{{.*}}ptoas-inplace-warning.mlir:[[# @LINE + 9]]:8: remark: pto-plan-memory: planner=ptoas: in 'add_scalar' %t takes the vec buffer of %x, which tile.adds reads here for the last time (131072 bytes): apart, the vec tiles would need 262144 bytes, over the 188416 bytes vec has for tiles on a3; ptoas places the two as one tile{{$}}
// PLAN-LABEL: func.func @add_scalar
// PLAN:         tile.alloc @mem_vec_0 in vec size 131072
// PLAN-NEXT:    %c0 = arith.constant 0 : index
// PLAN-NEXT:    %x = tile.load {{.*}} -> !tile.tile<128x256xf32, vec, memref = <@mem_vec_0, offset = 0, size = 131072>>
// PLAN-NEXT:    %t = tile.adds {{.*}} -> !tile.tile<128x256xf32, vec, memref = <@mem_vec_0, offset = 0, size = 131072>>
func.func @add_scalar(%in: memref<128x256xf32>, %out: memref<128x256xf32>, %s: f32) {
  %c0 = arith.constant 0 : index
  %x = tile.load %in[%c0, %c0] : memref<128x256xf32> -> !tile.tile<128x256xf32, vec>
  %t = tile.adds %x, %s : (!tile.tile<128x256xf32, vec>, f32) -> !tile.tile<128x256xf32, vec>
  tile.store %t, %out[%c0, %c0] : !tile.tile<128x256xf32, vec>, memref<128x256xf32>
  func.return
}

// Two 64 KiB tiles fit apart: no diagnostic, each keeps its buffer.
// CHECK-NOT: {{remark|warning}}
// PYPTO-NOT: {{remark|warning}}
// PLAN-LABEL: func.func @fits
// PLAN:         tile.alloc @mem_vec_0 in vec size 65536
// PLAN-NEXT:    tile.alloc @mem_vec_1 in vec size 65536
func.func @fits(%in: memref<64x256xf32>, %out: memref<64x256xf32>, %s: f32) {
  %c0 = arith.constant 0 : index
  %x = tile.load %in[%c0, %c0] : memref<64x256xf32> -> !tile.tile<64x256xf32, vec>
  %t = tile.adds %x, %s : (!tile.tile<64x256xf32, vec>, f32) -> !tile.tile<64x256xf32, vec>
  tile.store %t, %out[%c0, %c0] : !tile.tile<64x256xf32, vec>, memref<64x256xf32>
  func.return
}

// RUN: xdsl-opt -p 'pto-plan-memory{planner=ptoas backend=a3}' %s -o /dev/null 2>&1 | filecheck %s
// RUN: xdsl-opt -p 'pto-plan-memory{planner=pypto backend=a3}' %s -o /dev/null 2>&1 | filecheck %s --allow-empty --check-prefix=PYPTO

// Under planner=ptoas, ptoas's own planner places the tiles, and it keeps an
// op's operands and result apart: a value's last read and the next value's
// write at one op do not share bytes (the *strict* lower bound, the
// reference's load.strict). Our planner lets them (the *touching* one,
// load.touch). A kernel that fits only through that in-place reuse -- two
// 128 KiB tiles on a3's 184 KiB Vec, as the reference's add_scalar kernel --
// is told so with a warning naming the tiles, at the op; ptoas will report a
// vec overflow. planner=pypto makes the reuse itself: no warning.

// CHECK: {{^}}{{.*}}ptoas-inplace-warning.mlir:[[# @LINE + 5]]:8: warning: pto-plan-memory: planner=ptoas: in 'add_scalar' the vec tiles live at this op need 262144 bytes apart, over the 188416 bytes vec has for tiles on a3; they fit (131072 bytes) only if the result takes the bytes of an operand read here for the last time -- %t over %x -- an in-place reuse ptoas's planner does not make, so ptoas will report a vec overflow; use planner=pypto or planner=dsa_rp{{$}}
// PYPTO-NOT: warning
func.func @add_scalar(%in: memref<128x256xf32>, %out: memref<128x256xf32>, %s: f32) {
  %c0 = arith.constant 0 : index
  %x = tile.load %in[%c0, %c0] : memref<128x256xf32> -> !tile.tile<128x256xf32, vec>
  %t = tile.adds %x, %s : (!tile.tile<128x256xf32, vec>, f32) -> !tile.tile<128x256xf32, vec>
  tile.store %t, %out[%c0, %c0] : !tile.tile<128x256xf32, vec>, memref<128x256xf32>
  func.return
}

// Two 64 KiB tiles fit apart: no warning.
// CHECK-NOT: warning
func.func @fits(%in: memref<64x256xf32>, %out: memref<64x256xf32>, %s: f32) {
  %c0 = arith.constant 0 : index
  %x = tile.load %in[%c0, %c0] : memref<64x256xf32> -> !tile.tile<64x256xf32, vec>
  %t = tile.adds %x, %s : (!tile.tile<64x256xf32, vec>, f32) -> !tile.tile<64x256xf32, vec>
  tile.store %t, %out[%c0, %c0] : !tile.tile<64x256xf32, vec>, memref<64x256xf32>
  func.return
}

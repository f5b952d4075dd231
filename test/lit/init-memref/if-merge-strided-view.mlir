// RUN: xdsl-opt -p init-memref %s | filecheck %s
// RUN: xdsl-opt -p 'pto-plan-memory{backend=a3 verify=true}' %s | xdsl-pto run - | filecheck %s --check-prefix=EXEC

// The then-arm yields an 8x8 window of a 16x32 tile (eight 32-byte runs,
// 128 bytes apart: 928 bytes in all); the else-arm a dense load. Merging onto
// the window would make the else-arm's dense value land on the wrong bytes,
// so the result gets a dense root of its own and the then-arm copies into it.
// (Found by the fuzzer's differential run: rows 1..7 of the result read back
// wrong; the plan itself was valid.)
// CHECK:       %q = scf.if %cond -> (!tile.tile<8x8xf32, vec, memref = <@mem_vec_1, offset = 0, size = 256>>) {
// CHECK:         %v = tile.slice {{.*}} -> !tile.tile<8x8xf32, vec, memref = <@mem_vec_0, offset = 928, size = 928>>
// CHECK-NEXT:    %{{.*}} = tile.move %v {carry} : ({{.*}}) -> !tile.tile<8x8xf32, vec, memref = <@mem_vec_1, offset = 0, size = 256>>
// CHECK:       } else {
// CHECK-NEXT:    %y = tile.load {{.*}} -> !tile.tile<8x8xf32, vec, memref = <@mem_vec_1, offset = 0, size = 256>>
// EXEC: <stdin>: logical and physical runs agree (seed 0)
func.func @k(%in: memref<16x8xf32>, %out: memref<8x8xf32>, %cond: i1) {
  %c0 = arith.constant 0 : index
  %c7 = arith.constant 7 : index
  %c8 = arith.constant 8 : index
  %s = arith.constant -2.0 : f32
  %q = scf.if %cond -> (!tile.tile<8x8xf32, vec>) {
    %f = tile.full %s : (f32) -> !tile.tile<16x32xf32, vec>
    %v = tile.slice %f, %c7, %c8 : (!tile.tile<16x32xf32, vec>, index, index) -> !tile.tile<8x8xf32, vec>
    scf.yield %v : !tile.tile<8x8xf32, vec>
  } else {
    %y = tile.load %in[%c8, %c0] : memref<16x8xf32> -> !tile.tile<8x8xf32, vec>
    scf.yield %y : !tile.tile<8x8xf32, vec>
  }
  tile.store %q, %out[%c0, %c0] : !tile.tile<8x8xf32, vec>, memref<8x8xf32>
  func.return
}

// RUN: xdsl-opt -p init-memref %s | filecheck %s

// Regression (fixed): the then arm "computes" %s, but %s is only a view of %x, which is read
// again after the if. init-memref still picks %s's window (@mem_vec_0, %x's
// own buffer) as the if's canonical buffer and adds a carry move in the else
// arm that writes %z into %x's buffer: when %c is false, the
// `tile.store %x` after the if stores exp(%y). (materialize-semantic-
// aliases then even computes %z directly in %x's buffer.)
// A view of a value defined outside the if must not be the canonical buffer:
// the else arm's computed value (%z, @mem_vec_2) should be, with the then arm
// copying %s into it.
// CHECK-LABEL: func.func @if_view
// CHECK:         %r = scf.if %c -> (!tile.tile<16x64xf32, vec, memref = <@mem_vec_2, offset = 0, size = 4096>>) {
// CHECK-NEXT:      %s = tile.reshape %x : {{.*}} -> !tile.tile<16x64xf32, vec, memref = <@mem_vec_0, offset = 0, size = 4096>>
// CHECK-NEXT:      %[[MV:.+]] = tile.move %s {carry} : {{.*}} -> !tile.tile<16x64xf32, vec, memref = <@mem_vec_2, offset = 0, size = 4096>>
// CHECK-NEXT:      scf.yield %[[MV]]
// CHECK-NEXT:    } else {
// CHECK-NEXT:      %z = tile.exp %y : {{.*}} -> !tile.tile<16x64xf32, vec, memref = <@mem_vec_2, offset = 0, size = 4096>>
// CHECK-NEXT:      scf.yield %z
// CHECK-NEXT:    }
// CHECK-NEXT:    tile.store %x, {{.*}} : !tile.tile<32x32xf32, vec, memref = <@mem_vec_0, offset = 0, size = 4096>>, memref<32x32xf32>
func.func @if_view(%in: memref<32x32xf32>, %in2: memref<16x64xf32>, %out: memref<32x32xf32>, %out2: memref<16x64xf32>, %c: i1) {
  %c0 = arith.constant 0 : index
  %x = tile.load %in[%c0, %c0] : memref<32x32xf32> -> !tile.tile<32x32xf32, vec>
  %y = tile.load %in2[%c0, %c0] : memref<16x64xf32> -> !tile.tile<16x64xf32, vec>
  %r = scf.if %c -> (!tile.tile<16x64xf32, vec>) {
    %s = tile.reshape %x : (!tile.tile<32x32xf32, vec>) -> !tile.tile<16x64xf32, vec>
    scf.yield %s : !tile.tile<16x64xf32, vec>
  } else {
    %z = tile.exp %y : (!tile.tile<16x64xf32, vec>) -> !tile.tile<16x64xf32, vec>
    scf.yield %z : !tile.tile<16x64xf32, vec>
  }
  tile.store %x, %out[%c0, %c0] : !tile.tile<32x32xf32, vec>, memref<32x32xf32>
  tile.store %r, %out2[%c0, %c0] : !tile.tile<16x64xf32, vec>, memref<16x64xf32>
  func.return
}

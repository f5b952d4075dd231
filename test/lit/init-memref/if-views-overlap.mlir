// RUN: xdsl-opt -p init-memref %s | filecheck %s
// RUN: xdsl-opt -p 'pto-plan-memory{backend=a3 verify=true}' %s | xdsl-pto run - | filecheck %s --check-prefix=EXEC

// The arms yield two overlapping views of one outside tile: the then-arm's
// window [256, 512) of %x's root and the else-arm's [32, 288). Merging onto
// either would make the other arm copy a window onto bytes it is reading, so
// the result gets a fresh root and both arms copy into it. (Found by the
// differential run: the merged value read back bytes the copy had written.)
// CHECK:       tile.alloc @mem_vec_0 in vec size 512
// CHECK-NEXT:  tile.alloc @mem_vec_1 in vec size 256
// CHECK:       %q = scf.if %flag -> (!tile.tile<1x64xf32, vec, memref = <@mem_vec_1, offset = 0, size = 256>>) {
// CHECK-NEXT:    %{{.*}} = tile.move %v11 {carry} : (!tile.tile<1x64xf32, vec, memref = <@mem_vec_0, offset = 256, size = 256>>) -> !tile.tile<1x64xf32, vec, memref = <@mem_vec_1, offset = 0, size = 256>>
// CHECK:       } else {
// CHECK:         %v22 = tile.slice
// CHECK-NEXT:    %{{.*}} = tile.move %v22 {carry} : (!tile.tile<1x64xf32, vec, memref = <@mem_vec_0, offset = 32, size = 256>>) -> !tile.tile<1x64xf32, vec, memref = <@mem_vec_1, offset = 0, size = 256>>
// EXEC: <stdin>: logical and physical runs agree (seed 0)
func.func @k(%in0: memref<1x128xf32>, %flag: i1) {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %c64 = arith.constant 64 : index
  %x1 = tile.load %in0[%c0, %c0] : memref<1x128xf32> -> !tile.tile<1x128xf32, vec>
  %v11 = tile.slice %x1, %c0, %c64 : (!tile.tile<1x128xf32, vec>, index, index) -> !tile.tile<1x64xf32, vec>
  %q = scf.if %flag -> (!tile.tile<1x64xf32, vec>) {
    scf.yield %v11 : !tile.tile<1x64xf32, vec>
  } else {
    %v22 = tile.slice %x1, %c0, %c8 : (!tile.tile<1x128xf32, vec>, index, index) -> !tile.tile<1x64xf32, vec>
    scf.yield %v22 : !tile.tile<1x64xf32, vec>
  }
  tile.store %q, %in0[%c0, %c0] : !tile.tile<1x64xf32, vec>, memref<1x128xf32>
  func.return
}

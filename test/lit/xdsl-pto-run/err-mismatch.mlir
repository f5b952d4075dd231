// A hand-edited plan puts %b on %a's bytes while %a is still needed: the
// physical run stores other values than the logical one. Exit 1, and the
// report names the first differing element and the op that wrote its bytes.
// RUN: not xdsl-pto run %s 2>&1 | filecheck %s
// CHECK: {{.*}}err-mismatch.mlir: error: @plain: %out[0, 0] expected {{.*}} got {{.*}}; the stored bytes were last written by tile.add (%c) at {{.*}}err-mismatch.mlir:[[# @LINE + 9]]:8; first corrupted read: tile.add (%c) at {{.*}}err-mismatch.mlir:[[# @LINE + 9]]:8 read %a[0, 0] = {{.*}} where {{.*}} was expected; those bytes were last written by tile.load (%b) at {{.*}}err-mismatch.mlir:[[# @LINE + 8]]:8
// CHECK-NOT: Traceback
builtin.module attributes {pto.target_arch = "a3"} {
func.func @plain(%in_a: memref<16x16xf32>, %in_b: memref<16x16xf32>, %out: memref<16x16xf32>) {
  tile.alloc @mem_vec_0 in vec size 1024 addr 0
  tile.alloc @mem_vec_1 in vec size 1024 addr 0
  %c0 = arith.constant 0 : index
  %a = tile.load %in_a[%c0, %c0] : memref<16x16xf32> -> !tile.tile<16x16xf32, vec, memref = <@mem_vec_0, offset = 0, size = 1024>>
  %b = tile.load %in_b[%c0, %c0] : memref<16x16xf32> -> !tile.tile<16x16xf32, vec, memref = <@mem_vec_1, offset = 0, size = 1024>>
  %c = tile.add %a, %b : (!tile.tile<16x16xf32, vec, memref = <@mem_vec_0, offset = 0, size = 1024>>, !tile.tile<16x16xf32, vec, memref = <@mem_vec_1, offset = 0, size = 1024>>) -> !tile.tile<16x16xf32, vec, memref = <@mem_vec_0, offset = 0, size = 1024>>
  tile.store %c, %out[%c0, %c0] : !tile.tile<16x16xf32, vec, memref = <@mem_vec_0, offset = 0, size = 1024>>, memref<16x16xf32>
  func.return
}
}

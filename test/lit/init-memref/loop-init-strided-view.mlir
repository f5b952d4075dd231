// RUN: xdsl-opt -p init-memref %s | filecheck %s
// RUN: xdsl-opt -p 'pto-plan-memory{backend=a3 verify=true}' %s | xdsl-pto run - | filecheck %s --check-prefix=EXEC

// A loop carry seeded by a column window (columns 8..23 of a 16x32 tile:
// sixteen 64-byte runs spread over 1984 bytes). The carried buffer must be
// dense like every value the body yields back into it, so the init is first
// copied into a root of its own. (Found by the fuzzer: the iter_arg kept the
// 1984-byte window while the yielded value got a dense one, and scf.yield no
// longer verified.)
// CHECK:       tile.alloc @mem_vec_0 in vec size 2048
// CHECK-NEXT:  tile.alloc @mem_vec_1 in vec size 1024
// CHECK:       %v = tile.slice {{.*}} -> !tile.tile<16x16xf32, vec, memref = <@mem_vec_0, offset = 32, size = 1984>>
// CHECK-NEXT:  %[[COPY:.+]] = tile.move %v : ({{.*}}size = 1984>>) -> !tile.tile<16x16xf32, vec, memref = <@mem_vec_1, offset = 0, size = 1024>>
// CHECK-NEXT:  %r = scf.for {{.*}} iter_args(%acc = %[[COPY]]) -> (!tile.tile<16x16xf32, vec, memref = <@mem_vec_1, offset = 0, size = 1024>>)
// EXEC: <stdin>: logical and physical runs agree (seed 0)
func.func @k(%in: memref<16x32xf32>, %out: memref<16x16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c8 = arith.constant 8 : index
  %x = tile.load %in[%c0, %c0] : memref<16x32xf32> -> !tile.tile<16x32xf32, vec>
  %v = tile.slice %x, %c0, %c8 : (!tile.tile<16x32xf32, vec>, index, index) -> !tile.tile<16x16xf32, vec>
  %r = scf.for %i = %c0 to %c2 step %c1 iter_args(%acc = %v) -> (!tile.tile<16x16xf32, vec>) {
    %n = tile.maximum %acc, %acc : (!tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec>) -> !tile.tile<16x16xf32, vec>
    scf.yield %n : !tile.tile<16x16xf32, vec>
  }
  tile.store %r, %out[%c0, %c0] : !tile.tile<16x16xf32, vec>, memref<16x16xf32>
  func.return
}

// RUN: xdsl-opt -p 'pto-plan-memory{backend=a3 verify=true}' %s | filecheck %s

// Liveness is path-sensitive: the then-arm's loop updates %x in place while
// the else-arm's loop carries %v, a view of %x. Only one arm runs, so %v
// (read only in the else arm) is not live where the then-arm writes %t: the
// plan shares the bytes and the validator accepts it. (Found by the fuzzer
// once the validator stopped treating a loop's yielded value as its
// iter_arg's data.)
// CHECK: %t = tile.muls %acc, %s : ({{.*}}<@mem_vec_0, offset = 0, size = 64>>, f32) -> !tile.tile<16x1xf32, vec, memref = <@mem_vec_0, offset = 0, size = 64>>
// CHECK: %r2 = scf.for {{.*}} iter_args(%acc2 = %v) -> (!tile.tile<8x1xf32, vec, memref = <@mem_vec_0, offset = 4, size = 32>>)
func.func @k(%in: memref<16x1xf32>, %c: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %s = arith.constant 0.5 : f32
  %x = tile.load %in[%c0, %c0] : memref<16x1xf32> -> !tile.tile<16x1xf32, vec>
  %v = tile.slice %x, %c1, %c0 : (!tile.tile<16x1xf32, vec>, index, index) -> !tile.tile<8x1xf32, vec>
  scf.if %c {
    %r = scf.for %i = %c0 to %c1 step %c1 iter_args(%acc = %x) -> (!tile.tile<16x1xf32, vec>) {
      %t = tile.muls %acc, %s : (!tile.tile<16x1xf32, vec>, f32) -> !tile.tile<16x1xf32, vec>
      scf.yield %t : !tile.tile<16x1xf32, vec>
    }
  } else {
    %r2 = scf.for %j = %c0 to %c1 step %c1 iter_args(%acc2 = %v) -> (!tile.tile<8x1xf32, vec>) {
      scf.yield %acc2 : !tile.tile<8x1xf32, vec>
    }
  }
  func.return
}

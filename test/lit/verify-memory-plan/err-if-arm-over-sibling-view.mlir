// RUN: not xdsl-opt -p 'verify-memory-plan{backend=a3}' %s 2>&1 | filecheck %s

// A wrong plan (what materialize-semantic-aliases made before it kept a
// retarget inside the merged window): the else arm's prelu result %t29 sits
// on %x1's root over %v4, a view of %x1 stored after the if. The validator
// once put both arms' yields in one 'same data' class with the if result,
// which made %t29 and %v4 the same data and hid the overlap. (Found by the
// target-rules fuzz preset.)
// CHECK: {{^}}{{.*}}err-if-arm-over-sibling-view.mlir:[[# @LINE + 19]]:14: error: verify-memory-plan: %v4 [32, 64) and %t29 [0, 64) overlap in vec and are both live where %t29 is defined{{$}}
builtin.module attributes {pto.target_arch = "a3"} {
  func.func @fuzz_548(%in0: memref<2x16xf32>, %out3: memref<1x8xf32>) attributes {tile.split_mode = 1 : i64} {
    tile.alloc @mem_vec_0 in vec size 64 addr 0
    tile.alloc @mem_vec_1 in vec size 64 addr 64
    tile.alloc @mem_vec_2 in vec size 64 addr 128
    %c0 = arith.constant 0 : index
    %c8 = arith.constant 8 : index
    %s4 = arith.constant 3.000000e+00 : f32
    %c2 = arith.constant 2 : index
    %x1 = tile.load %in0[%c0, %c0] : memref<2x16xf32> -> !tile.tile<1x16xf32, vec, memref = <@mem_vec_0, offset = 0, size = 64>>
    %v4 = tile.slice %x1, %c0, %c8 : (!tile.tile<1x16xf32, vec, memref = <@mem_vec_0, offset = 0, size = 64>>, index, index) -> !tile.tile<1x8xf32, vec, memref = <@mem_vec_0, offset = 32, size = 32>>
    %t19 = tile.fmods %x1, %s4 : (!tile.tile<1x16xf32, vec, memref = <@mem_vec_0, offset = 0, size = 64>>, f32) -> !tile.tile<1x16xf32, vec, memref = <@mem_vec_1, offset = 0, size = 64>>
    %cond20 = arith.cmpi sgt, %c0, %c2 : index
    %q24 = scf.if %cond20 -> (!tile.tile<1x8xf32, vec, memref = <@mem_vec_0, offset = 0, size = 32>>) {
      %v26 = tile.slice %x1, %c0, %c0 : (!tile.tile<1x16xf32, vec, memref = <@mem_vec_0, offset = 0, size = 64>>, index, index) -> !tile.tile<1x8xf32, vec, memref = <@mem_vec_0, offset = 0, size = 32>>
      scf.yield %v26 : !tile.tile<1x8xf32, vec, memref = <@mem_vec_0, offset = 0, size = 32>>
    } else {
      %tmp28 = tile.create : !tile.tile<1x16xf32, vec, memref = <@mem_vec_2, offset = 0, size = 64>>
      %t29 = tile.prelu %t19, %t19, %tmp28 : (!tile.tile<1x16xf32, vec, memref = <@mem_vec_1, offset = 0, size = 64>>, !tile.tile<1x16xf32, vec, memref = <@mem_vec_1, offset = 0, size = 64>>, !tile.tile<1x16xf32, vec, memref = <@mem_vec_2, offset = 0, size = 64>>) -> !tile.tile<1x16xf32, vec, memref = <@mem_vec_0, offset = 0, size = 64>>
      %v31 = tile.slice %t29, %c0, %c0 : (!tile.tile<1x16xf32, vec, memref = <@mem_vec_0, offset = 0, size = 64>>, index, index) -> !tile.tile<1x8xf32, vec, memref = <@mem_vec_0, offset = 0, size = 32>>
      scf.yield %v31 : !tile.tile<1x8xf32, vec, memref = <@mem_vec_0, offset = 0, size = 32>>
    }
    tile.store %v4, %out3[%c0, %c0] : !tile.tile<1x8xf32, vec, memref = <@mem_vec_0, offset = 32, size = 32>>, memref<1x8xf32>
    func.return
  }
}

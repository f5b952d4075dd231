// RUN: xdsl-opt -p 'lower-pipeline-loops,pto-plan-memory{backend=a3 verify=true}' %s 2>&1 | filecheck %s

// Sparse stage ids (seed 001/002: "the dense stage ordinal, so sparse stage IDs
// like {0, 2} can't collide"): stages 0 and 2 of one group are ordinals 0 and
// 1, so at depth 2 they stay apart; 2 mod 2 == 0 mod 2 would have merged them.
// CHECK-NOT:   remark
// CHECK-LABEL: func.func @sparse
// CHECK-NEXT:    tile.alloc @mem_vec_0 in vec size 65536 addr 0
// CHECK-NEXT:    tile.alloc @mem_vec_1 in vec size 65536 addr 65536
// CHECK-NOT:     tile.alloc
// CHECK:         %a0 = tile.load {{.*}} memref = <@mem_vec_0, offset = 0, size = 65536>>
// CHECK:         %a2 = tile.load {{.*}} memref = <@mem_vec_1, offset = 0, size = 65536>>
func.func @sparse(%in: memref<128x128xf32>, %out: memref<128x128xf32>) {
  %c0 = arith.constant 0 : index
  %a0 = tile.load %in[%c0, %c0] {tile.pipeline_membership = [array<i64: 0, 0>]} : memref<128x128xf32> -> !tile.tile<128x128xf32, vec>
  tile.store %a0, %out[%c0, %c0] : !tile.tile<128x128xf32, vec>, memref<128x128xf32>
  %a2 = tile.load %in[%c0, %c0] {tile.pipeline_membership = [array<i64: 0, 2>]} : memref<128x128xf32> -> !tile.tile<128x128xf32, vec>
  tile.store %a2, %out[%c0, %c0] : !tile.tile<128x128xf32, vec>, memref<128x128xf32>
  func.return
}

// Nested pipelines (stage=2 inside stage=2): each inner tile carries one
// (group, stage) pair per enclosing replicated loop, so the four clones of
// one outer iteration get four buffers.
// CHECK-LABEL: func.func @nested
// CHECK-NEXT:    tile.alloc @mem_vec_0 in vec size 16384 addr 0
// CHECK-NEXT:    tile.alloc @mem_vec_2 in vec size 16384 addr 16384
// CHECK-NEXT:    tile.alloc @mem_vec_4 in vec size 16384 addr 32768
// CHECK-NEXT:    tile.alloc @mem_vec_6 in vec size 16384 addr 49152
// CHECK-NOT:     tile.alloc
func.func @nested(%in: memref<64x64xf32>, %out: memref<64x64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.for %i = %c0 to %c4 step %c1 {
    scf.for %j = %c0 to %c4 step %c1 {
      %x = tile.load %in[%c0, %c0] : memref<64x64xf32> -> !tile.tile<64x64xf32, vec>
      %y = tile.exp %x : (!tile.tile<64x64xf32, vec>) -> !tile.tile<64x64xf32, vec>
      tile.store %y, %out[%c0, %c0] : !tile.tile<64x64xf32, vec>, memref<64x64xf32>
    } {tile.pipeline_stages = 2 : i64}
  } {tile.pipeline_stages = 2 : i64}
  func.return
}

// RUN: xdsl-opt -p 'pto-plan-memory{backend=a3 verify=true}' %s 2>/dev/null | filecheck %s
// RUN: xdsl-opt -p 'pto-plan-memory{backend=a3}' %s 2>&1 >/dev/null | filecheck %s --check-prefix=HINT

// Cross-group shed (seed 001/002, "Pipeline-stage guard", MaxRelief). Two
// pipeline groups, tagged by hand as lower-pipeline-loops would: group 0 has
// two 64 KiB stages, group 1 two 48 KiB stages; %keep (64 KiB) is live
// throughout. Both groups can afford depth 2 on their own (188416 / 65536 = 2,
// 188416 / 49152 = 3), but together they need 64 + 2 x 64 = 196608 bytes.
// Shedding group 0 to depth 1 leaves 64 + 64 + 48 = 180224 bytes (fits);
// shedding group 1 would leave 196608 (still over). MaxRelief sheds group 0:
// %a0 and %a1 share; %b0 joins them (another group), %b1 stays apart from %b0.

// CHECK:      tile.alloc @mem_vec_0 in vec size 65536 addr 0
// CHECK-NEXT: tile.alloc @mem_vec_1 in vec size 65536 addr 65536
// CHECK-NEXT: tile.alloc @mem_vec_4 in vec size 49152 addr 131072
// CHECK-NOT:  tile.alloc
// CHECK:      %keep = tile.load {{.*}} memref = <@mem_vec_0, offset = 0, size = 65536>>
// CHECK:      %a0 = tile.load {{.*}} memref = <@mem_vec_1, offset = 0, size = 65536>>
// CHECK:      %a1 = tile.load {{.*}} memref = <@mem_vec_1, offset = 0, size = 65536>>
// CHECK:      %b0 = tile.load {{.*}} memref = <@mem_vec_1, offset = 0, size = 49152>>
// CHECK:      %b1 = tile.load {{.*}} memref = <@mem_vec_4, offset = 0, size = 49152>>

// HINT: pipeline-shed.mlir:[[# @LINE + 5]]:9: remark: PH-MR-001: pipeline group 0 gets 1 of the 2 requested stage buffers in vec (one stage needs 65536 bytes, vec holds 188416); the other vec buffers leave too little room for 2 stages: free vec space elsewhere, or lower stage= to 1
// HINT-NOT: remark
func.func @shed(%in: memref<128x128xf32>, %small: memref<96x128xf32>, %out: memref<128x128xf32>, %sout: memref<96x128xf32>) {
  %c0 = arith.constant 0 : index
  %keep = tile.load %in[%c0, %c0] : memref<128x128xf32> -> !tile.tile<128x128xf32, vec>
  %a0 = tile.load %in[%c0, %c0] {tile.pipeline_membership = [array<i64: 0, 0>]} : memref<128x128xf32> -> !tile.tile<128x128xf32, vec>
  tile.store %a0, %out[%c0, %c0] : !tile.tile<128x128xf32, vec>, memref<128x128xf32>
  %a1 = tile.load %in[%c0, %c0] {tile.pipeline_membership = [array<i64: 0, 1>]} : memref<128x128xf32> -> !tile.tile<128x128xf32, vec>
  tile.store %a1, %out[%c0, %c0] : !tile.tile<128x128xf32, vec>, memref<128x128xf32>
  %b0 = tile.load %small[%c0, %c0] {tile.pipeline_membership = [array<i64: 1, 0>]} : memref<96x128xf32> -> !tile.tile<96x128xf32, vec>
  tile.store %b0, %sout[%c0, %c0] : !tile.tile<96x128xf32, vec>, memref<96x128xf32>
  %b1 = tile.load %small[%c0, %c0] {tile.pipeline_membership = [array<i64: 1, 1>]} : memref<96x128xf32> -> !tile.tile<96x128xf32, vec>
  tile.store %b1, %sout[%c0, %c0] : !tile.tile<96x128xf32, vec>, memref<96x128xf32>
  tile.store %keep, %out[%c0, %c0] : !tile.tile<128x128xf32, vec>, memref<128x128xf32>
  func.return
}

// RUN: xdsl-opt -p 'pto-plan-memory{backend=a3}' %s | filecheck %s
// RUN: xdsl-opt -p 'pto-plan-memory{backend=a3},convert-tile-to-pto' %s | filecheck %s --check-prefix=PTO

// tile.extract reads its Mat source and writes a fresh buffer: the source's
// lifetime ends at the extract, so B, loaded after A's only extract, reuses
// A's Mat bytes (one Mat root at address 0). Each extract's result is a root
// of its own in left/right.

// CHECK:      tile.alloc @mem_mat_0 in mat size 16384 addr 0
// CHECK-NEXT: tile.alloc @mem_left_1 in left size 8192 addr 0
// CHECK-NEXT: tile.alloc @mem_right_3 in right size 8192 addr 0
// CHECK-NEXT: tile.alloc @mem_acc_4 in acc size 16384 addr 0
// CHECK-NOT:  tile.alloc
// CHECK:      %am = tile.load {{.*}} -> !tile.tile<64x128xf16, mat, memref = <@mem_mat_0, offset = 0, size = 16384>>
// CHECK-NEXT: %l = tile.extract %am, %c0, %c64 : ({{.*}}) -> !tile.tile<64x64xf16, left, memref = <@mem_left_1, offset = 0, size = 8192>>
// CHECK-NEXT: %bm = tile.load {{.*}} -> !tile.tile<128x64xf16, mat, memref = <@mem_mat_0, offset = 0, size = 16384>>
// CHECK-NEXT: %r = tile.extract %bm, %c64, %c0 : ({{.*}}) -> !tile.tile<64x64xf16, right, memref = <@mem_right_3, offset = 0, size = 8192>>

// Two tile_buf types at one address: two alloc_tiles with the same addr.
// PTO:      %am = pto.alloc_tile addr = %c0_i64 : !pto.tile_buf<loc=mat, dtype=f16, rows=64, cols=128, {{.*}}>
// PTO-NEXT: %l = pto.alloc_tile addr = %c0_i64 : !pto.tile_buf<loc=left, {{.*}}>
// PTO-NEXT: %bm = pto.alloc_tile addr = %c0_i64 : !pto.tile_buf<loc=mat, dtype=f16, rows=128, cols=64, {{.*}}>
// PTO-NEXT: %r = pto.alloc_tile addr = %c0_i64 : !pto.tile_buf<loc=right, {{.*}}>
// PTO:      pto.tload ins(%{{[0-9]+}} : !pto.partition_tensor_view<64x128xf16>) outs(%am : {{.*}})
// PTO-NEXT: pto.textract ins(%am, %c0, %c64 : {{.*}}, index, index) outs(%l : {{.*}})
// PTO-NEXT: %{{[0-9]+}} = pto.partition_view
// PTO-NEXT: pto.tload ins(%{{[0-9]+}} : !pto.partition_tensor_view<128x64xf16>) outs(%bm : {{.*}})
// PTO-NEXT: pto.textract ins(%bm, %c64, %c0 : {{.*}}, index, index) outs(%r : {{.*}})
func.func @extract_reuse(%a: memref<64x128xf16>, %b: memref<128x64xf16>, %c: memref<64x64xf32>) {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %am = tile.load %a[%c0, %c0] : memref<64x128xf16> -> !tile.tile<64x128xf16, mat>
  %l = tile.extract %am, %c0, %c64 : (!tile.tile<64x128xf16, mat>, index, index) -> !tile.tile<64x64xf16, left>
  %bm = tile.load %b[%c0, %c0] : memref<128x64xf16> -> !tile.tile<128x64xf16, mat>
  %r = tile.extract %bm, %c64, %c0 : (!tile.tile<128x64xf16, mat>, index, index) -> !tile.tile<64x64xf16, right>
  %acc = tile.matmul %l, %r : (!tile.tile<64x64xf16, left>, !tile.tile<64x64xf16, right>) -> !tile.tile<64x64xf32, acc>
  tile.store %acc, %c[%c0, %c0] : !tile.tile<64x64xf32, acc>, memref<64x64xf32>
  func.return
}

// RUN: xdsl-opt -p 'pto-plan-memory{backend=a3},convert-tile-to-pto' %s 2>&1 | filecheck %s

// Regression (fixed): any scf.if with a tile result crashes the lowering with a Python
// traceback (IndexError: tuple index out of range in rebuild_if):
// `op.detach_region(op.true_region)` removes the first region, after which
// `op.false_region` (region index 1) no longer exists.
// Expected: the if keeps its condition and both arms, loses its tile result
// (both arms write the planned buffer, %e's handle), and the store after it
// reads that handle.
// CHECK-NOT:  Traceback
// CHECK:      %x = pto.alloc_tile addr = %c0_i64 : !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=32,
// CHECK-NEXT: %e = pto.alloc_tile addr = %c4096_i64 : !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=32,
// CHECK:      scf.if %c {
// CHECK-NEXT:   pto.texp ins(%x : {{.*}}) outs(%e : {{.*}})
// CHECK-NEXT: } else {
// CHECK-NEXT:   pto.tlog ins(%x : {{.*}}) outs(%e : {{.*}})
// CHECK-NEXT: }
// CHECK-NEXT: %[[P:[0-9]+]] = pto.partition_view
// CHECK-NEXT: pto.tstore ins(%e : {{.*}}) outs(%[[P]] : !pto.partition_tensor_view<32x32xf32>)
// CHECK-NOT:  Traceback
func.func @sel(%in: memref<32x32xf32>, %out: memref<32x32xf32>, %c: i1) {
  %c0 = arith.constant 0 : index
  %x = tile.load %in[%c0, %c0] : memref<32x32xf32> -> !tile.tile<32x32xf32, vec>
  %r = scf.if %c -> (!tile.tile<32x32xf32, vec>) {
    %e = tile.exp %x : (!tile.tile<32x32xf32, vec>) -> !tile.tile<32x32xf32, vec>
    scf.yield %e : !tile.tile<32x32xf32, vec>
  } else {
    %l = tile.log %x : (!tile.tile<32x32xf32, vec>) -> !tile.tile<32x32xf32, vec>
    scf.yield %l : !tile.tile<32x32xf32, vec>
  }
  tile.store %r, %out[%c0, %c0] : !tile.tile<32x32xf32, vec>, memref<32x32xf32>
  func.return
}

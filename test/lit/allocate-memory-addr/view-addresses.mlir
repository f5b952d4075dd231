// RUN: xdsl-opt -p init-memref,allocate-memory-addr %s | filecheck %s
// RUN: xdsl-opt -p 'init-memref,allocate-memory-addr,convert-tile-to-pto{backend=a3}' %s | filecheck %s --check-prefix=PTO

// Addresses live on the roots; a view keeps its byte offset relative to its
// root, so its address is the root's address plus that offset. %x's root is
// placed after the 256-byte column vector (at 256); the row window at row 32
// of the 64x64 f32 %x is 32 * 256 = 8192 bytes in, i.e. at 256 + 8192 = 8448,
// and a reshape of that window is at the same address.
// CHECK-LABEL: func.func @view_addr
// CHECK-NEXT:    tile.alloc @mem_vec_0 in vec size 256 addr 0{{$}}
// CHECK-NEXT:    tile.alloc @mem_vec_1 in vec size 16384 addr 256{{$}}
// CHECK-NOT:     tile.alloc
// CHECK:         %low = tile.slice {{.*}} -> !tile.tile<32x64xf32, vec, memref = <@mem_vec_1, offset = 8192, size = 8192>>
// CHECK-NEXT:    %flat = tile.reshape {{.*}} -> !tile.tile<64x32xf32, vec, memref = <@mem_vec_1, offset = 8192, size = 8192>>

// PTO:      %v = pto.alloc_tile addr = %c0_i64 : !pto.tile_buf<loc=vec, dtype=f32, rows=64, cols=1,
// PTO-NEXT: %x = pto.alloc_tile addr = %c256_i64 : !pto.tile_buf<loc=vec, dtype=f32, rows=64, cols=64,
// PTO-NEXT: %low = pto.alloc_tile addr = %c8448_i64 : !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=64,
// PTO-NEXT: %flat = pto.alloc_tile addr = %c8448_i64 : !pto.tile_buf<loc=vec, dtype=f32, rows=64, cols=32,
func.func @view_addr(%a: memref<64x1xf32>, %o: memref<64x64xf32>, %h: memref<32x64xf32>) {
  %c0 = arith.constant 0 : index
  %c32 = arith.constant 32 : index
  %v = tile.load %a[%c0, %c0] : memref<64x1xf32> -> !tile.tile<64x1xf32, vec>
  %x = tile.load %o[%c0, %c0] : memref<64x64xf32> -> !tile.tile<64x64xf32, vec>
  %low = tile.slice %x, %c32, %c0 : (!tile.tile<64x64xf32, vec>, index, index) -> !tile.tile<32x64xf32, vec>
  %flat = tile.reshape %low : (!tile.tile<32x64xf32, vec>) -> !tile.tile<64x32xf32, vec>
  tile.store %low, %h[%c0, %c0] : !tile.tile<32x64xf32, vec>, memref<32x64xf32>
  tile.store %v, %a[%c0, %c0] : !tile.tile<64x1xf32, vec>, memref<64x1xf32>
  tile.store %x, %o[%c0, %c0] : !tile.tile<64x64xf32, vec>, memref<64x64xf32>
  func.return
}

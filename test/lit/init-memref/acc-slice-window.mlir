// RUN: xdsl-opt -p 'init-memref{backend=a3}' %s | filecheck %s
// RUN: xdsl-opt -p 'pto-plan-memory{backend=a3 verify=true}' %s | filecheck %s --check-prefix=PLAN
// RUN: xdsl-pto run %s | filecheck %s --check-prefix=DIFF
// RUN: xdsl-opt -p 'pto-plan-memory{backend=a3 planner=ptoas},convert-tile-to-pto' %s | filecheck %s --check-prefix=PTOAS

// An Acc (column-major) slice's MemRef window is its linear bytes in the root
// (the reference's InitMemRef: row * row_stride + col, the slice's own size),
// not the hull of a strided column-major window: rows 16..31 of a 32x128 i32
// Acc tile are offset 8192, size 8192 (the hull was offset 64, size 16320);
// columns 64..127 of it are offset 256, size 16128 (the linear hull; where
// the bytes really are is the lowering's and the interpreter's business:
// byte 8192 of the column-major root). The validator derives the same
// windows, and the physical run -- which places each slice where the cube
// stores it -- agrees with the logical one.

// CHECK:      %top = tile.slice %acc, %c0, %c0 : {{.*}} -> !tile.tile<16x128xi32, acc, memref = <@mem_acc_4, offset = 0, size = 8192>>
// CHECK-NEXT: %bottom = tile.slice %acc, %c16, %c0 : {{.*}} -> !tile.tile<16x128xi32, acc, memref = <@mem_acc_4, offset = 8192, size = 8192>>
// CHECK-NEXT: %right = tile.slice %acc, %c0, %c64 : {{.*}} -> !tile.tile<32x64xi32, acc, memref = <@mem_acc_4, offset = 256, size = 16128>>
// PLAN:       %bottom = tile.slice {{.*}} memref = <@mem_acc_4, offset = 8192, size = 8192>>
// DIFF: acc-slice-window.mlir: logical and physical runs agree (seed 0)
// PTOAS:      %bottom = pto.subview %acc[%c16, %c0] sizes [16, 128] : !pto.tile_buf<loc=acc, dtype=i32, rows=32, cols=128, {{.*}}> -> !pto.tile_buf<loc=acc, dtype=i32, rows=16, cols=128, {{.*}}>
func.func @k(%l: memref<32x128xi8>, %r: memref<128x128xi8>, %o: memref<32x128xi32>) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %a = tile.load %l[%c0, %c0] : memref<32x128xi8> -> !tile.tile<32x128xi8, mat>
  %b = tile.load %r[%c0, %c0] : memref<128x128xi8> -> !tile.tile<128x128xi8, mat>
  %al = tile.move %a : (!tile.tile<32x128xi8, mat>) -> !tile.tile<32x128xi8, left>
  %bl = tile.move %b : (!tile.tile<128x128xi8, mat>) -> !tile.tile<128x128xi8, right>
  %acc = tile.matmul %al, %bl : (!tile.tile<32x128xi8, left>, !tile.tile<128x128xi8, right>) -> !tile.tile<32x128xi32, acc>
  %top = tile.slice %acc, %c0, %c0 : (!tile.tile<32x128xi32, acc>, index, index) -> !tile.tile<16x128xi32, acc>
  %bottom = tile.slice %acc, %c16, %c0 : (!tile.tile<32x128xi32, acc>, index, index) -> !tile.tile<16x128xi32, acc>
  %right = tile.slice %acc, %c0, %c64 : (!tile.tile<32x128xi32, acc>, index, index) -> !tile.tile<32x64xi32, acc>
  tile.store %bottom, %o[%c0, %c0] : !tile.tile<16x128xi32, acc>, memref<32x128xi32>
  tile.store %top, %o[%c16, %c0] : !tile.tile<16x128xi32, acc>, memref<32x128xi32>
  tile.store %right, %o[%c0, %c64] : !tile.tile<32x64xi32, acc>, memref<32x128xi32>
  func.return
}

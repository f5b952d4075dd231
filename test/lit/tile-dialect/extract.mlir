// RUN: xdsl-opt %s | filecheck %s
// RUN: xdsl-opt %s | xdsl-opt | filecheck %s

// tile.extract prints back in the function-style form: source, row offset,
// column offset, then the operand types and the result type (the window's
// shape, element type and space: left or right from Mat, vec from Vec). Offsets may be constants or
// runtime index values (a K-loop's induction variable); a window may be the
// whole source or share an edge with it.

// CHECK-LABEL: func.func @extracts
// CHECK:      %l = tile.extract %am, %c0, %c64 : (!tile.tile<64x128xf16, mat>, index, index) -> !tile.tile<64x64xf16, left>
// CHECK-NEXT: %r = tile.extract %bm, %c64, %c0 : (!tile.tile<128x64xf16, mat>, index, index) -> !tile.tile<64x64xf16, right>
// CHECK-NEXT: %whole = tile.extract %bm, %c0, %c0 : (!tile.tile<128x64xf16, mat>, index, index) -> !tile.tile<128x64xf16, right>
// CHECK-NEXT: %f = tile.extract %fm, %c64, %c0 {note = "kept"} : (!tile.tile<128x64xf32, mat>, index, index) -> !tile.tile<64x64xf32, left>
// CHECK:      %k = tile.extract %am, %c0, %ko : (!tile.tile<64x128xf16, mat>, index, index) -> !tile.tile<64x64xf16, left>
// CHECK-NEXT: %kr = tile.extract %bm, %ko, %c0 : (!tile.tile<128x64xf16, mat>, index, index) -> !tile.tile<64x64xf16, right>
// CHECK-NEXT: %vm = tile.load %v[%c0, %c0] : memref<16x128xf32> -> !tile.tile<16x128xf32, vec>
// CHECK-NEXT: %vrow = tile.extract %vm, %i, %c64 : (!tile.tile<16x128xf32, vec>, index, index) -> !tile.tile<1x64xf32, vec>
func.func @extracts(%a: memref<64x128xf16>, %b: memref<128x64xf16>, %fa: memref<128x64xf32>, %v: memref<16x128xf32>, %i: index) {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %am = tile.load %a[%c0, %c0] : memref<64x128xf16> -> !tile.tile<64x128xf16, mat>
  %bm = tile.load %b[%c0, %c0] : memref<128x64xf16> -> !tile.tile<128x64xf16, mat>
  %fm = tile.load %fa[%c0, %c0] : memref<128x64xf32> -> !tile.tile<128x64xf32, mat>
  %l = tile.extract %am, %c0, %c64 : (!tile.tile<64x128xf16, mat>, index, index) -> !tile.tile<64x64xf16, left>
  %r = tile.extract %bm, %c64, %c0 : (!tile.tile<128x64xf16, mat>, index, index) -> !tile.tile<64x64xf16, right>
  %whole = tile.extract %bm, %c0, %c0 : (!tile.tile<128x64xf16, mat>, index, index) -> !tile.tile<128x64xf16, right>
  %f = tile.extract %fm, %c64, %c0 {note = "kept"} : (!tile.tile<128x64xf32, mat>, index, index) -> !tile.tile<64x64xf32, left>
  %ko = arith.muli %i, %c64 : index
  %k = tile.extract %am, %c0, %ko : (!tile.tile<64x128xf16, mat>, index, index) -> !tile.tile<64x64xf16, left>
  %kr = tile.extract %bm, %ko, %c0 : (!tile.tile<128x64xf16, mat>, index, index) -> !tile.tile<64x64xf16, right>
  %vm = tile.load %v[%c0, %c0] : memref<16x128xf32> -> !tile.tile<16x128xf32, vec>
  %vrow = tile.extract %vm, %i, %c64 : (!tile.tile<16x128xf32, vec>, index, index) -> !tile.tile<1x64xf32, vec>
  func.return
}

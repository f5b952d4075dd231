// RUN: xdsl-opt --split-input-file --verify-diagnostics %s | filecheck %s

// tile.load ... valid [%r, %c] (issue 24: a runtime valid shape): one
// extent per tile dimension, each a constant the result type states (or
// '?') or a runtime value whose result extent is '?'; a '?' result needs
// the operands.

func.func @count(%a: memref<16x256xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %x = tile.load %a[%c0, %c0] valid [%n] : memref<16x256xf32> -> !tile.tile<8x256xf32, vec, valid = ?x256>
  func.return
}
// CHECK: load-valid-invalid.mlir:10:8: error: 'tile.load' op expected 2 valid extents for a rank-2 tile, got 1

// -----

func.func @static_result(%a: memref<16x256xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c256 = arith.constant 256 : index
  %x = tile.load %a[%c0, %c0] valid [%n, %c256] : memref<16x256xf32> -> !tile.tile<8x256xf32, vec>
  func.return
}
// CHECK: load-valid-invalid.mlir:20:8: error: 'tile.load' op valid extent 0 is a runtime value: the result's must be '?', got 8

// -----

func.func @constant_differs(%a: memref<16x256xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c128 = arith.constant 128 : index
  %x = tile.load %a[%c0, %c0] valid [%n, %c128] : memref<16x256xf32> -> !tile.tile<8x256xf32, vec, valid = ?x256>
  func.return
}
// CHECK: load-valid-invalid.mlir:30:8: error: 'tile.load' op valid extent 1 is 128: the result's must be 128 or '?', got 256

// -----

func.func @past_the_tile(%a: memref<16x256xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c300 = arith.constant 300 : index
  %x = tile.load %a[%c0, %c0] valid [%n, %c300] : memref<16x256xf32> -> !tile.tile<8x256xf32, vec, valid = ?x?>
  func.return
}
// CHECK: load-valid-invalid.mlir:40:8: error: 'tile.load' op valid extent 300 on axis 1 is outside [0, 256]

// -----

func.func @no_operands(%a: memref<16x256xf32>) {
  %c0 = arith.constant 0 : index
  %x = tile.load %a[%c0, %c0] : memref<16x256xf32> -> !tile.tile<8x256xf32, vec, valid = ?x256>
  func.return
}
// CHECK: load-valid-invalid.mlir:49:8: error: 'tile.load' op a result with a runtime valid extent ('?') needs the load's valid operands

// -----

// The valid window (rows 12..12+%n, the '?' counting 0 here) must lie in
// the tensor where the offsets are constants; the 8-row tile may pass its end.
func.func @window(%a: memref<16x256xf32>, %n: index) {
  %c12 = arith.constant 12 : index
  %c0 = arith.constant 0 : index
  %c256 = arith.constant 256 : index
  %x = tile.load %a[%c12, %c0] valid [%n, %c256] : memref<16x256xf32> -> !tile.tile<8x256xf32, vec, valid = ?x256>
  %c6 = arith.constant 6 : index
  %y = tile.load %a[%c12, %c0] valid [%c6, %c256] : memref<16x256xf32> -> !tile.tile<8x256xf32, vec, valid = 6x256>
  func.return
}
// CHECK: load-valid-invalid.mlir:64:8: error: 'tile.load' op window [12, 18) on axis 0 is outside the tensor's 16 elements

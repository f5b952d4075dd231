// RUN: xdsl-opt --parsing-diagnostics %s | filecheck %s

// tile.extract takes exactly three operands: the source and the row and
// column offsets (the window's shape is the result type's).

func.func @two_operands(%in: memref<64x128xf16>) {
  %c0 = arith.constant 0 : index
  %x = tile.load %in[%c0, %c0] : memref<64x128xf16> -> !tile.tile<64x128xf16, mat>
  // CHECK: extract-invalid-parse.mlir:[[# @LINE + 2]]:21
  // CHECK: 'tile.extract' expects 3 operands, got 2
  %l = tile.extract %x, %c0 : (!tile.tile<64x128xf16, mat>, index) -> !tile.tile<64x64xf16, left>
  func.return
}

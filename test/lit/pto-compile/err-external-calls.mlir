// RUN: not xdsl-opt -p 'pto-compile{backend=a3}' %s 2>&1 | filecheck %s
// RUN: not xdsl-opt -p 'pto-compile{backend=a3 planner=ptoas}' %s 2>&1 | filecheck %s
// RUN: not xdsl-opt -p 'convert-tile-to-pto{backend=a3}' %s 2>&1 | filecheck %s --check-prefix=LOWER

// A declaration beside a kernel is left alone (declaration.mlir), but a
// kernel calling it, or a declaration of a tile, is refused at its op (a
// fresh-user breaker found the first failing on a type mismatch the user
// never wrote, the second leaving !tile.tile in the PTO module).

func.func private @ext(memref<64x64xf32>)

func.func @copy(%in: memref<64x64xf32>, %out: memref<64x64xf32>) {
  %c0 = arith.constant 0 : index
  %x = tile.load %in[%c0, %c0] : memref<64x64xf32> -> !tile.tile<64x64xf32, vec>
  tile.store %x, %out[%c0, %c0] : !tile.tile<64x64xf32, vec>, memref<64x64xf32>
  func.call @ext(%out) : (memref<64x64xf32>) -> ()
  func.return
}
// CHECK: err-external-calls.mlir:16:3: error: pto-plan-memory: @copy calls the declaration @ext, which has no body here: a PTO kernel calls no external function (define it in the module, or inline it)
// LOWER: err-external-calls.mlir:16:3: error: convert-tile-to-pto: @copy calls the declaration @ext, which has no body here: a PTO kernel calls no external function (define it in the module, or inline it)


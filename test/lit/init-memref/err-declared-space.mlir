// The tiles of one declared allocation share its memory space
// (pypto-docs/31-init_memref.md, "Rejected bindings").
// RUN: not xdsl-opt -p init-memref %s 2>&1 | filecheck %s
// CHECK: err-declared-space.mlir:[[# @LINE + 5]]:8: error: init-memref: %m is bound to @buf in mat, but %v puts @buf in vec; the tiles of one declared allocation share a memory space
// CHECK-NOT: error
func.func @two_spaces(%a: memref<64x64xf16>) {
  %c0 = arith.constant 0 : index
  %v = tile.load %a[%c0, %c0] : memref<64x64xf16> -> !tile.tile<64x64xf16, vec, alloc = <@buf>>
  %m = tile.load %a[%c0, %c0] : memref<64x64xf16> -> !tile.tile<64x64xf16, mat, alloc = <@buf>>
  func.return
}

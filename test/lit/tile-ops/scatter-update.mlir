// RUN: xdsl-opt %s | xdsl-opt | filecheck %s --check-prefix=RT
// RUN: xdsl-opt -p 'pto-plan-memory{backend=a3 verify=true}' %s | filecheck %s --check-prefix=PLAN
// RUN: not xdsl-opt -p 'pto-plan-memory{backend=a3},convert-tile-to-pto' %s 2>&1 | filecheck %s --check-prefix=UPD

// RT: %su = tile.scatter_update %d, %ri, %src : (!tile.tile<16x64xf32, vec>, !tile.tile<1x8xi32, vec>, !tile.tile<8x64xf32, vec>) -> !tile.tile<16x64xf32, vec>
// In place (rw(0)): the result is the input's buffer.
// PLAN: %d = tile.load {{.*}} -> !tile.tile<16x64xf32, vec, memref = <@[[R:mem_vec_[0-9]+]], offset = 0, size = 4096>>
// PLAN: %su = tile.scatter_update {{.*}} -> !tile.tile<16x64xf32, vec, memref = <@[[R]], offset = 0, size = 4096>>

// scatter_update has no PTO op (the reference expands it before codegen):
// it plans, and the lowering refuses it with a located error.
// UPD: scatter-update.mlir:[[# @LINE + 6]]:9: error: convert-tile-to-pto: no PTO lowering for 'tile.scatter_update' yet
func.func @scatter_update(%a: memref<16x64xf32>, %as: memref<8x64xf32>, %ai: memref<1x8xi32>, %o: memref<16x64xf32>) {
  %c0 = arith.constant 0 : index
  %d = tile.load %a[%c0, %c0] : memref<16x64xf32> -> !tile.tile<16x64xf32, vec>
  %src = tile.load %as[%c0, %c0] : memref<8x64xf32> -> !tile.tile<8x64xf32, vec>
  %ri = tile.load %ai[%c0, %c0] : memref<1x8xi32> -> !tile.tile<1x8xi32, vec>
  %su = tile.scatter_update %d, %ri, %src : (!tile.tile<16x64xf32, vec>, !tile.tile<1x8xi32, vec>, !tile.tile<8x64xf32, vec>) -> !tile.tile<16x64xf32, vec>
  tile.store %su, %o[%c0, %c0] : !tile.tile<16x64xf32, vec>, memref<16x64xf32>
  func.return
}

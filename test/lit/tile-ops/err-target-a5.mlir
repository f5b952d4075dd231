// RUN: xdsl-opt -p 'pto-plan-memory{backend=a5},convert-tile-to-pto' --split-input-file --verify-diagnostics %s | filecheck %s
// RUN: xdsl-opt -p 'pto-plan-memory{backend=a3},convert-tile-to-pto' %s | filecheck %s --check-prefix=A3

// What a5 refuses of an op the verifier and a3 take: A5 TPART* runs with
// each source smaller than the result in its rows or in its columns, not
// both (pto-isa; ptoas does not check it). a3 lowers the same kernel.

// A3: pto.tpartadd ins(%x, %q
func.func @part_add_both_smaller(%a: memref<16x64xf32>) {
  %c0 = arith.constant 0 : index
  %x = tile.load %a[%c0, %c0] : memref<16x64xf32> -> !tile.tile<16x64xf32, vec>
  %q = tile.load %a[%c0, %c0] : memref<16x64xf32> -> !tile.tile<16x64xf32, vec, valid = 8x32>
  %r = tile.part_add %x, %q : (!tile.tile<16x64xf32, vec>, !tile.tile<16x64xf32, vec, valid = 8x32>) -> !tile.tile<16x64xf32, vec>
// CHECK: err-target-a5.mlir:[[# @LINE - 1]]:8: error: convert-tile-to-pto: tile.part_add on a5: pto-isa runs a partial op on a5 only with each source smaller than the result in its rows or its columns, not both (ptoas does not check it); a source has valid shape [8, 32] for a result of [16, 64]
  tile.store %r, %a[%c0, %c0] : !tile.tile<16x64xf32, vec>, memref<16x64xf32>
  func.return
}

// A flag (a unit attribute) given a value is refused naming the attribute
// and saying how to write it; an attribute of another kind names itself.
// RUN: not xdsl-opt %s --split-input-file 2>&1 | filecheck %s

func.func @ci(%out: memref<1x64xi32>) {
  %c0 = arith.constant 0 : index
  %s = arith.constant 3 : i32
  // CHECK: unit-attr-value.mlir:[[# @LINE + 1]]:8: error: 'tile.ci' op attribute 'descending' is a flag: write {descending} (or leave it out), not {descending = true}
  %y = tile.ci %s {descending = true} : (i32) -> !tile.tile<1x64xi32, vec>
  tile.store %y, %out[%c0, %c0] : !tile.tile<1x64xi32, vec>, memref<1x64xi32>
  func.return
}

// RUN: xdsl-opt -p 'pto-plan-memory{backend=a3 verify=true}' %s | filecheck %s

// An scf.if with no else region (and no results) is no merge: the validator
// skips its missing arm. (Found by the fuzzer: the validator crashed on it.)
// CHECK: scf.if %cond {
// CHECK:   tile.store %a, %out[%c0, %c0]
// CHECK: }
func.func @k(%in: memref<64x16xf16>, %out: memref<64x16xf16>, %cond: i1) {
  %c0 = arith.constant 0 : index
  %a = tile.load %in[%c0, %c0] : memref<64x16xf16> -> !tile.tile<64x16xf16, vec>
  scf.if %cond {
    tile.store %a, %out[%c0, %c0] : !tile.tile<64x16xf16, vec>, memref<64x16xf16>
  }
  func.return
}

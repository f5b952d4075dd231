// RUN: not xdsl-opt -p 'init-memref,materialize-semantic-aliases,memory-reuse{backend=a3}' %s 2>&1 | filecheck %s --check-prefix=A3
// RUN: xdsl-opt -p 'init-memref,materialize-semantic-aliases,memory-reuse{backend=a5}' %s | filecheck %s --check-prefix=A5

// On A2/A3 an op's tmp scratch must not overlap a source it still reads
// (seed 002, no-alias table): tile.rem / tile.rems (dividend, and divisor
// for rem), including an overlapping subview; tile.sels (mask and src). The
// planner never overlaps two operands of one op, so only the author can: it
// is refused. A5 does not read the tmp; the same kernel plans there.

// The divisor counts for tile.rem: a tmp on the divisor's lower half.
// A3: {{^}}{{.*}}err-rem-tmp-divisor.mlir:[[# @LINE + 7]]:8: error: memory-reuse: tile.rem writes its tmp %t while it still reads %y, and their bytes overlap in @mem_vec_1; on a3 they must be disjoint -- pass a tmp of its own{{$}}
// A5-LABEL: func.func @rem_tmp_in_divisor
func.func @rem_tmp_in_divisor(%a: memref<16x64xf32>, %b: memref<16x64xf32>, %o: memref<16x64xf32>) {
  %c0 = arith.constant 0 : index
  %x = tile.load %a[%c0, %c0] : memref<16x64xf32> -> !tile.tile<16x64xf32, vec>
  %y = tile.load %b[%c0, %c0] : memref<16x64xf32> -> !tile.tile<16x64xf32, vec>
  %t = tile.reshape %y : (!tile.tile<16x64xf32, vec>) -> !tile.tile<64x16xf32, vec>
  %r = tile.rem %x, %y, %t : (!tile.tile<16x64xf32, vec>, !tile.tile<16x64xf32, vec>, !tile.tile<64x16xf32, vec>) -> !tile.tile<16x64xf32, vec>
  tile.store %r, %o[%c0, %c0] : !tile.tile<16x64xf32, vec>, memref<16x64xf32>
  func.return
}

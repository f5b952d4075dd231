// RUN: not xdsl-opt -p 'init-memref,materialize-semantic-aliases,memory-reuse{backend=a3}' %s 2>&1 | filecheck %s --check-prefix=A3
// RUN: xdsl-opt -p 'init-memref,materialize-semantic-aliases,memory-reuse{backend=a5}' %s | filecheck %s --check-prefix=A5

// On A2/A3 an op's tmp scratch must not overlap a source it still reads
// (seed 002, no-alias table): tile.rem / tile.rems (dividend, and divisor
// for rem), including an overlapping subview; tile.sels (mask and src). The
// planner never overlaps two operands of one op, so only the author can: it
// is refused. A5 does not read the tmp; the same kernel plans there.

// A3: {{^}}{{.*}}err-rems-tmp-dividend.mlir:[[# @LINE + 6]]:8: error: memory-reuse: tile.rems writes its tmp %x while it still reads %x, and their bytes overlap in @mem_vec_0; on a3 they must be disjoint -- pass a tmp of its own{{$}}
// A5-LABEL: func.func @rems_tmp_is_dividend
func.func @rems_tmp_is_dividend(%a: memref<16x64xf32>, %o: memref<16x64xf32>) {
  %c0 = arith.constant 0 : index
  %two = arith.constant 2.0 : f32
  %x = tile.load %a[%c0, %c0] : memref<16x64xf32> -> !tile.tile<16x64xf32, vec>
  %r = tile.rems %x, %two, %x : (!tile.tile<16x64xf32, vec>, f32, !tile.tile<16x64xf32, vec>) -> !tile.tile<16x64xf32, vec>
  tile.store %r, %o[%c0, %c0] : !tile.tile<16x64xf32, vec>, memref<16x64xf32>
  func.return
}

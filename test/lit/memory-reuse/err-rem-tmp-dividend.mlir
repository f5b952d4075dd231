// RUN: not xdsl-opt -p 'init-memref,materialize-semantic-aliases,memory-reuse{backend=a3}' %s 2>&1 | filecheck %s --check-prefix=A3
// RUN: xdsl-opt -p 'init-memref,materialize-semantic-aliases,memory-reuse{backend=a5}' %s | filecheck %s --check-prefix=A5
// RUN: not xdsl-opt -p 'init-memref,materialize-semantic-aliases,memory-reuse' %s 2>&1 | filecheck %s --check-prefix=ANY

// On A2/A3 an op's tmp scratch must not overlap a source it still reads
// (seed 002, no-alias table): tile.rem / tile.rems (dividend, and divisor
// for rem), including an overlapping subview; tile.sels (mask and src). The
// planner never overlaps two operands of one op, so only the author can: it
// is refused. A5 does not read the tmp; the same kernel plans there.
// Without a backend every target's rule binds.

// A3: {{^}}{{.*}}err-rem-tmp-dividend.mlir:[[# @LINE + 12]]:8: error: memory-reuse: tile.rem writes its tmp %t while it still reads %s, and their bytes overlap in @mem_vec_0; on a3 they must be disjoint -- pass a tmp of its own{{$}}
// ANY: {{^}}{{.*}}err-rem-tmp-dividend.mlir:[[# @LINE + 11]]:8: error: memory-reuse: tile.rem writes its tmp %t while it still reads %s, and their bytes overlap in @mem_vec_0; on a2/a3 (no backend given) they must be disjoint -- pass a tmp of its own{{$}}
// A5-LABEL: func.func @rem_tmp_in_dividend
// A5:         %t = tile.slice {{.*}} -> !tile.tile<32x64xf32, vec, memref = <@mem_vec_0, offset = 0, size = 8192>>
// A5-NEXT:    %s = tile.slice {{.*}} -> !tile.tile<32x64xf32, vec, memref = <@mem_vec_0, offset = 4096, size = 8192>>
func.func @rem_tmp_in_dividend(%a: memref<64x64xf32>, %b: memref<32x64xf32>, %o: memref<32x64xf32>) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %x = tile.load %a[%c0, %c0] : memref<64x64xf32> -> !tile.tile<64x64xf32, vec>
  %d = tile.load %b[%c0, %c0] : memref<32x64xf32> -> !tile.tile<32x64xf32, vec>
  %t = tile.slice %x, %c0, %c0 : (!tile.tile<64x64xf32, vec>, index, index) -> !tile.tile<32x64xf32, vec>
  %s = tile.slice %x, %c16, %c0 : (!tile.tile<64x64xf32, vec>, index, index) -> !tile.tile<32x64xf32, vec>
  %r = tile.rem %s, %d, %t : (!tile.tile<32x64xf32, vec>, !tile.tile<32x64xf32, vec>, !tile.tile<32x64xf32, vec>) -> !tile.tile<32x64xf32, vec>
  tile.store %r, %o[%c0, %c0] : !tile.tile<32x64xf32, vec>, memref<32x64xf32>
  func.return
}

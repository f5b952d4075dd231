// RUN: not xdsl-opt -p 'init-memref,materialize-semantic-aliases,memory-reuse{backend=a3}' %s 2>&1 | filecheck %s --check-prefix=A3
// RUN: xdsl-opt -p 'init-memref,materialize-semantic-aliases,memory-reuse{backend=a5}' %s | filecheck %s --check-prefix=A5

// On A2/A3 TXOR / TXORS write their tmp while they still read the sources
// (semantics sheet, "xor tmp"): the tmp must overlap no source. The planner
// never overlaps two operands of one op, so only the author can -- here a
// reshape of the source passed as tmp --, and that is refused. A5 does not
// read the tmp: the same kernel plans there.

// A3: {{^}}{{.*}}err-xor-tmp-source.mlir:[[# @LINE + 7]]:8: error: memory-reuse: tile.xors writes its tmp %t while it still reads %x, and their bytes overlap in @mem_vec_0; on a3 they must be disjoint -- pass a tmp of its own{{$}}
// A5-LABEL: func.func @xors_tmp_is_source
// A5:         %t = tile.reshape %x {{.*}} memref = <@mem_vec_0, offset = 0, size = 4096>>
func.func @xors_tmp_is_source(%a: memref<16x128xi16>, %s: i32, %o: memref<16x128xi16>) {
  %c0 = arith.constant 0 : index
  %x = tile.load %a[%c0, %c0] : memref<16x128xi16> -> !tile.tile<16x128xi16, vec>
  %t = tile.reshape %x : (!tile.tile<16x128xi16, vec>) -> !tile.tile<16x128xi16, vec>
  %w = tile.xors %x, %s, %t : (!tile.tile<16x128xi16, vec>, i32, !tile.tile<16x128xi16, vec>) -> !tile.tile<16x128xi16, vec>
  tile.store %w, %o[%c0, %c0] : !tile.tile<16x128xi16, vec>, memref<16x128xi16>
  func.return
}

// planner=ptoas: a window that an scf.if merges must be one handle, but a
// slice of a boxed Mat tile is no pto.subview of it: refused with the way out
// (copy the arm's slice into a tile of its own), not lowered to two buffers.
// RUN: not xdsl-opt -p 'pto-plan-memory{planner=ptoas backend=a3},convert-tile-to-pto' %s 2>&1 | filecheck %s
// CHECK: {{^}}{{.*}}err-ptoas-carried-window.mlir:[[# @LINE + 5]]:8: error: convert-tile-to-pto: under planner=ptoas the tile this scf.if carries needs one handle for all its parts, but %r has one of its own: its window (bytes [0, 8192) of @mem_mat_0) is no pto.subview or pto.treshape of that root's tile (a boxed layout, or not whole rows or columns) -- copy it into a tile of its own (tile.move) first, or use planner=pypto{{$}}
func.func @matmerge(%a: memref<64x128xf16>, %o: memref<64x64xf16>, %c: i1) {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %x = tile.load %a[%c0, %c0] : memref<64x128xf16> -> !tile.tile<64x128xf16, mat>
  %r = scf.if %c -> (!tile.tile<64x64xf16, mat>) {
    %first = tile.slice %x, %c0, %c0 : (!tile.tile<64x128xf16, mat>, index, index) -> !tile.tile<64x64xf16, mat>
    scf.yield %first : !tile.tile<64x64xf16, mat>
  } else {
    %second = tile.slice %x, %c0, %c64 : (!tile.tile<64x128xf16, mat>, index, index) -> !tile.tile<64x64xf16, mat>
    scf.yield %second : !tile.tile<64x64xf16, mat>
  }
  tile.store %r, %o[%c0, %c0] : !tile.tile<64x64xf16, mat>, memref<64x64xf16>
  func.return
}

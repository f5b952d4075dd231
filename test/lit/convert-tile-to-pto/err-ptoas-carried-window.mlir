// planner=ptoas: an scf.if merging two slices of a boxed Mat tile. The
// merge needs a Mat -> Mat copy of the else arm's slice (init-memref's carry
// move), which ptoas (v0.48) has no tmov for on any target: refused there,
// before the window is found to be no pto.subview of its root either.
// RUN: not xdsl-opt -p 'pto-plan-memory{planner=ptoas backend=a3},convert-tile-to-pto' %s 2>&1 | filecheck %s
// CHECK: {{^}}{{.*}}err-ptoas-carried-window.mlir:[[# @LINE + 10]]:5: error: convert-tile-to-pto: tile.move on a3: ptoas (v0.48) has no mat -> mat tmov, and this loop carry or if merge needs one (the compiler's copy into the carried buffer): carry or merge a Mat value that is one buffer on every path, or use a space with a copy route{{$}}
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

// RUN: xdsl-opt -p 'pto-plan-memory{backend=a5 planner=ptoas},convert-tile-to-pto' --split-input-file --verify-diagnostics %s | filecheck %s
// RUN: xdsl-opt -p 'pto-plan-memory{backend=a5 planner=pypto},convert-tile-to-pto' %S/../tile-ops/Inputs/fp4-view.mlir | filecheck %s --check-prefix=BAKED
// RUN: xdsl-opt -p 'pto-plan-memory{backend=a5 planner=dsa_rp},convert-tile-to-pto' %S/../tile-ops/Inputs/fp4-view.mlir | filecheck %s --check-prefix=BAKED

// Under planner=ptoas a view of a tile is pto.treshape of its handle, and
// ptoas v0.48 takes no packed fp4 tile (!pto.f4E2M1x2) there on either side
// ("'pto.treshape' op dst: dtype '!pto.f4E2M1x2' is not supported by this
// op yet"; pto.bitcast refuses the type too). The lowering refuses the view,
// located, instead of writing a module ptoas refuses. Under pypto / dsa_rp
// the view is an alloc_tile at its source's address, which ptoas takes.

// BAKED: %x = pto.alloc_tile addr = [[A:%c[0-9]+_i64]] : !pto.tile_buf<loc=vec, dtype=ui8, rows=16, cols=32, v_row=16, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>{{$}}
// BAKED: %f = pto.alloc_tile addr = [[A]] : !pto.tile_buf<loc=vec, dtype=!pto.f4E2M1x2, rows=16, cols=32, v_row=16, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>{{$}}

// Bytes read as fp4 (the README's example).
func.func @to_fp4(%a: memref<16x32xui8>, %out: memref<16x64xbf16>) {
  %c0 = arith.constant 0 : index
  %x = tile.load %a[%c0, %c0] : memref<16x32xui8> -> !tile.tile<16x32xui8, vec>
  %f = tile.reinterpret_view %x : (!tile.tile<16x32xui8, vec>) -> !tile.tile<16x64xf4E2M1FN, vec>
// CHECK: err-fp4-treshape.mlir:[[# @LINE - 1]]:8: error: convert-tile-to-pto: tile.reinterpret_view on a5: a view of a tile with no address of its own (planner=ptoas, or a tpop tile) is a pto.treshape, and ptoas (v0.48) takes no !pto.f4E2M1x2 tile in pto.treshape (the result here: "dtype '!pto.f4E2M1x2' is not supported by this op yet"); plan with planner=pypto or dsa_rp (the view is then an alloc_tile at its source's address), or load the data in the element type it is read as
  %y = tile.cast %f {mode = "none"} : (!tile.tile<16x64xf4E2M1FN, vec>) -> !tile.tile<16x64xbf16, vec>
  tile.store %y, %out[%c0, %c0] : !tile.tile<16x64xbf16, vec>, memref<16x64xbf16>
  func.return
}

// -----

// fp4 read as bytes: the source side.
func.func @from_fp4(%a: memref<16x64xbf16>, %out: memref<16x32xui8>) {
  %c0 = arith.constant 0 : index
  %x = tile.load %a[%c0, %c0] : memref<16x64xbf16> -> !tile.tile<16x64xbf16, vec>
  %f = tile.cast %x {mode = "round"} : (!tile.tile<16x64xbf16, vec>) -> !tile.tile<16x64xf4E2M1FN, vec>
  %b = tile.reinterpret_view %f : (!tile.tile<16x64xf4E2M1FN, vec>) -> !tile.tile<16x32xui8, vec>
// CHECK: err-fp4-treshape.mlir:[[# @LINE - 1]]:8: error: convert-tile-to-pto: tile.reinterpret_view on a5: a view of a tile with no address of its own (planner=ptoas, or a tpop tile) is a pto.treshape, and ptoas (v0.48) takes no !pto.f4E2M1x2 tile in pto.treshape (the source here: "dtype '!pto.f4E2M1x2' is not supported by this op yet"); plan with planner=pypto or dsa_rp (the view is then an alloc_tile at its source's address), or load the data in the element type it is read as
  tile.store %b, %out[%c0, %c0] : !tile.tile<16x32xui8, vec>, memref<16x32xui8>
  func.return
}

// -----

// A reshape of an fp4 tile is a pto.treshape as well.
func.func @reshape_fp4(%a: memref<16x64xf4E2M1FN>, %out: memref<8x128xbf16>) {
  %c0 = arith.constant 0 : index
  %x = tile.load %a[%c0, %c0] : memref<16x64xf4E2M1FN> -> !tile.tile<16x64xf4E2M1FN, vec>
  %r = tile.reshape %x : (!tile.tile<16x64xf4E2M1FN, vec>) -> !tile.tile<8x128xf4E2M1FN, vec>
// CHECK: err-fp4-treshape.mlir:[[# @LINE - 1]]:8: error: convert-tile-to-pto: tile.reshape on a5: a view of a tile with no address of its own (planner=ptoas, or a tpop tile) is a pto.treshape, and ptoas (v0.48) takes no !pto.f4E2M1x2 tile in pto.treshape (the source here: "dtype '!pto.f4E2M1x2' is not supported by this op yet"); plan with planner=pypto or dsa_rp (the view is then an alloc_tile at its source's address), or load the data in the element type it is read as
  %y = tile.cast %r {mode = "none"} : (!tile.tile<8x128xf4E2M1FN, vec>) -> !tile.tile<8x128xbf16, vec>
  tile.store %y, %out[%c0, %c0] : !tile.tile<8x128xbf16, vec>, memref<8x128xbf16>
  func.return
}

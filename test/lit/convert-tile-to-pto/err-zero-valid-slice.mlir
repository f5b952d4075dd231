// RUN: not xdsl-opt -p 'pto-plan-memory{backend=a3},convert-tile-to-pto' %s 2>&1 | filecheck %s

// A slice of a tile whose valid shape has a 0 (an idle lane's pop) would be
// a pto.subview with a runtime valid shape: ptoas (v0.48) takes a constant
// valid extent only as a static result type ("expects result valid_shape[0]
// to match inferred/explicit valid_row"), and a static 0 does not compile.
// CHECK: {{^}}{{.*}}err-zero-valid-slice.mlir:[[# @LINE + 7]]:9: error: convert-tile-to-pto: this slice's valid shape has a 0 (an idle lane's tile), which ptoas (v0.48) cannot give a pto.subview: a constant valid extent must be a static result type, and a static 0 valid shape does not compile; slice the tile where its valid shape is known, or use the whole tile{{$}}
func.func @idle(%y: memref<8x64xf32> {tile.out}) {
  %none = arith.constant 0 : i32
  tile.aiv_initialize_pipe %none, %none {dir_mask = 1 : i64, slot_size = 4096 : i64}
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %p = tile.tpop_from_aic {split = 0 : i64} : !tile.tile<16x64xf32, vec, valid = 0x0>
  %lo = tile.slice %p, %c8, %c0 : (!tile.tile<16x64xf32, vec, valid = 0x0>, index, index) -> !tile.tile<8x64xf32, vec, valid = 0x0>
  %e = tile.exp %lo : (!tile.tile<8x64xf32, vec, valid = 0x0>) -> !tile.tile<8x64xf32, vec, valid = 0x0>
  tile.store %e, %y[%c0, %c0] : !tile.tile<8x64xf32, vec, valid = 0x0>, memref<8x64xf32>
  func.return
}

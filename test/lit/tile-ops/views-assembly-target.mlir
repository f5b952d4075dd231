// RUN: xdsl-opt --split-input-file --verify-diagnostics -p 'pto-plan-memory{backend=a3},convert-tile-to-pto' %s | filecheck %s --check-prefix=A3
// RUN: xdsl-opt --split-input-file --verify-diagnostics -p 'pto-plan-memory{backend=a5},convert-tile-to-pto' %s | filecheck %s --check-prefix=A5

// What convert-tile-to-pto refuses of issue 23's views / assembly / cross-core
// ops, per target (forms tried on ptoas v0.48).

// An assemble into part of a row: a5 copies into the column window; ptoas
// refuses that tmov on a3.
// A3: views-assembly-target.mlir:[[# @LINE + 9]]:8: error: convert-tile-to-pto: tile.assemble on a3: the window is 32 of the target's 64 columns; ptoas (v0.48) copies into a window of a2 / a3 tiles only when it is whole rows (expects A2/A3 non-mat tmov to use matching src/dst shapes)
// A5: %a_window = pto.subview %z[%c0, %c32] sizes [16, 32] : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0> -> [[W:!pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=32, v_row=16, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>]]
// A5-NEXT: pto.tmov ins(%x : [[W]]) outs(%a_window : [[W]])
func.func @assemble_columns(%g: memref<16x32xf32>, %o: memref<16x64xf32>) {
  %c0 = arith.constant 0 : index
  %c32 = arith.constant 32 : index
  %zero = arith.constant 0.0 : f32
  %x = tile.load %g[%c0, %c0] : memref<16x32xf32> -> !tile.tile<16x32xf32, vec>
  %z = tile.full %zero : (f32) -> !tile.tile<16x64xf32, vec>
  %a = tile.assemble %z, %x, %c0, %c32 : (!tile.tile<16x64xf32, vec>, !tile.tile<16x32xf32, vec>, index, index) -> !tile.tile<16x64xf32, vec>
  tile.store %a, %o[%c0, %c0] : !tile.tile<16x64xf32, vec>, memref<16x64xf32>
  func.return
}

// -----

// A concat whose valid widths do not fill the result: pto-isa's a5 TCONCAT
// writes exactly their sum.
// A3: pto.tconcat ins(%p, %x :
// A5: views-assembly-target.mlir:[[# @LINE + 5]]:8: error: convert-tile-to-pto: tile.concat on a5: pto-isa takes a concat on a5 only when the valid widths add up to the result's (48 + 64 != 128)
func.func @concat_partial(%g: memref<16x64xf32>, %o: memref<16x128xf32>) {
  %c0 = arith.constant 0 : index
  %p = tile.load %g[%c0, %c0] : memref<16x64xf32> -> !tile.tile<16x64xf32, vec, valid = 16x48>
  %x = tile.load %g[%c0, %c0] : memref<16x64xf32> -> !tile.tile<16x64xf32, vec>
  %c = tile.concat %p, %x : (!tile.tile<16x64xf32, vec, valid = 16x48>, !tile.tile<16x64xf32, vec>) -> !tile.tile<16x128xf32, vec>
  tile.store %c, %o[%c0, %c0] : !tile.tile<16x128xf32, vec>, memref<16x128xf32>
  func.return
}

// -----

// pto.set_validshape changes the source's handle: the source is not read after it.
// A3: views-assembly-target.mlir:[[# @LINE + 9]]:8: error: convert-tile-to-pto: tile.set_validshape changes the valid shape of its source's PTO handle in place, but tile.add reads the source after it; read the set_validshape's result instead, or copy the source with tile.move first
// A5: views-assembly-target.mlir:[[# @LINE + 8]]:8: error: convert-tile-to-pto: tile.set_validshape changes
func.func @read_after(%g: memref<16x64xf32>, %o: memref<16x64xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c5 = arith.constant 5 : index
  %x = tile.load %g[%c0, %c0] : memref<16x64xf32> -> !tile.tile<16x64xf32, vec>
  %y = tile.exp %x : (!tile.tile<16x64xf32, vec>) -> !tile.tile<16x64xf32, vec>
  %v = tile.set_validshape %y, %c5, %n : (!tile.tile<16x64xf32, vec>, index, index) -> !tile.tile<16x64xf32, vec, valid = 5x?>
  %f = tile.fillpad %v : (!tile.tile<16x64xf32, vec, valid = 5x?>) -> !tile.tile<16x64xf32, vec, pad = 3>
  %s = tile.add %f, %y : (!tile.tile<16x64xf32, vec, pad = 3>, !tile.tile<16x64xf32, vec>) -> !tile.tile<16x64xf32, vec>
  tile.store %s, %o[%c0, %c0] : !tile.tile<16x64xf32, vec>, memref<16x64xf32>
  func.return
}

// -----

// A set_validshape in an scf.if branch: reading the source after the if is
// reading the changed handle.
// A3: views-assembly-target.mlir:[[# @LINE + 11]]:8: error: convert-tile-to-pto: tile.set_validshape changes the valid shape of its source's PTO handle in place, but tile.exp reads the source after it; read the set_validshape's result instead, or copy the source with tile.move first
// A5: views-assembly-target.mlir:[[# @LINE + 10]]:8: error: convert-tile-to-pto: tile.set_validshape changes
func.func @read_after_if(%g: memref<16x64xf32>, %o: memref<16x64xf32>, %c: i1) {
  %c0 = arith.constant 0 : index
  %c5 = arith.constant 5 : index
  %c64 = arith.constant 64 : index
  %x = tile.load %g[%c0, %c0] : memref<16x64xf32> -> !tile.tile<16x64xf32, vec>
  scf.if %c {
    %v = tile.set_validshape %x, %c5, %c64 : (!tile.tile<16x64xf32, vec>, index, index) -> !tile.tile<16x64xf32, vec, valid = 5x64>
    tile.store %v, %o[%c0, %c0] : !tile.tile<16x64xf32, vec, valid = 5x64>, memref<16x64xf32>
  }
  %e = tile.exp %x : (!tile.tile<16x64xf32, vec>) -> !tile.tile<16x64xf32, vec>
  tile.store %e, %o[%c0, %c0] : !tile.tile<16x64xf32, vec>, memref<16x64xf32>
  func.return
}

// -----

// A loop between the source and its set_validshape: the next iteration
// would see the changed handle.
// A3: views-assembly-target.mlir:[[# @LINE + 9]]:10: error: convert-tile-to-pto: tile.set_validshape changes the valid shape of its source's PTO handle in place, which needs a source written by an op into a buffer of its own; this source is defined in another block that holds the set_validshape inside a loop or not at all (each iteration would see the changed handle; scf.if branches are the only regions allowed between them); copy it with tile.move first
// A5: views-assembly-target.mlir:[[# @LINE + 8]]:10: error: convert-tile-to-pto: tile.set_validshape changes
func.func @in_loop(%g: memref<16x64xf32>, %o: memref<16x64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  %c64 = arith.constant 64 : index
  %x = tile.load %g[%c0, %c0] : memref<16x64xf32> -> !tile.tile<16x64xf32, vec>
  scf.for %i = %c0 to %c5 step %c1 {
    %v = tile.set_validshape %x, %c5, %c64 : (!tile.tile<16x64xf32, vec>, index, index) -> !tile.tile<16x64xf32, vec, valid = 5x64>
    tile.store %v, %o[%c0, %c0] : !tile.tile<16x64xf32, vec, valid = 5x64>, memref<16x64xf32>
  }
  func.return
}

// -----

// aiv_shard has no PTO op: it needs the kernel split in two.
// A3: views-assembly-target.mlir:[[# @LINE + 6]]:8: error: convert-tile-to-pto: tile.aiv_shard has no PTO op: it is a tile.tpush_to_aiv in the producing core's function and a tile.tpop_from_aic in the consuming core's, which needs the kernel split into an aic and an aiv function joined by a pipe initialized with dir_mask 1 or 3 (tile.aic_initialize_pipe / tile.aiv_initialize_pipe); this function is one kernel: run expand-mixed-kernel before pto-plan-memory (pto-compile does), which makes that split and its ring, or write the push / pop pair yourself
// A5: views-assembly-target.mlir:[[# @LINE + 5]]:8: error: convert-tile-to-pto: tile.aiv_shard has no PTO op

func.func @shard(%o: memref<16x32xf32>) {
  %c0 = arith.constant 0 : index
  %a = tile.create : !tile.tile<32x32xf32, acc>
  %h = tile.aiv_shard %a {split = 1 : i64} : (!tile.tile<32x32xf32, acc>) -> !tile.tile<16x32xf32, vec>
  tile.store %h, %o[%c0, %c0] : !tile.tile<16x32xf32, vec>, memref<16x32xf32>
  func.return
}

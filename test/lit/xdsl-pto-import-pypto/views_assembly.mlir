// RUN: xdsl-pto import-pypto %S/Inputs/views_assembly.py | filecheck %s
// RUN: xdsl-pto import-pypto %S/Inputs/views_assembly.py | xdsl-pto run - --seed 2 | filecheck %s --check-prefix=EXEC
// RUN: xdsl-pto import-pypto %S/Inputs/views_assembly.py | xdsl-opt -p 'pto-compile{backend=a3}' | filecheck %s --check-prefix=PTO

// Issue 23's views and assembly from a pypto dump: set_validshape with a
// runtime extent (the TileView's valid_shape names the scalar: '?'), concat,
// and assemble with its [row, col] offset (an rw op: its result rebinds the
// target's name).

// CHECK:      %v = tile.set_validshape %y, %c5, %valid_len : (!tile.tile<16x64xf32, vec>, index, index) -> !tile.tile<16x64xf32, vec, valid = 5x?>
// CHECK-NEXT: %f = tile.fillpad %v : (!tile.tile<16x64xf32, vec, valid = 5x?>) -> !tile.tile<16x64xf32, vec, pad = 3>
// CHECK-NEXT: %c = tile.concat %f, %x : (!tile.tile<16x64xf32, vec, pad = 3>, !tile.tile<16x64xf32, vec>) -> !tile.tile<16x128xf32, vec>
// CHECK:      %z_1 = tile.assemble %z, %c, %c16, %c0 : (!tile.tile<32x128xf32, vec>, !tile.tile<16x128xf32, vec>, index, index) -> !tile.tile<32x128xf32, vec>

// EXEC: <stdin>: logical and physical runs agree (seed 2)

// PTO: pto.set_validshape %y, %c5, %valid_len : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=?, v_col=?,
// PTO: pto.tconcat ins(%f, %x :
// PTO: %z_window = pto.subview %z[%c16, %c0] sizes [16, 128]

// RUN: xdsl-pto import-pypto %S/Inputs/carry_forms.py -o %t.mlir
// RUN: filecheck %s < %t.mlir
// RUN: xdsl-pto run %t.mlir --seed 3 | filecheck %s --check-prefix=EXEC
// RUN: xdsl-opt -p 'pto-compile{backend=a3 verify=true}' %t.mlir | filecheck %s --check-prefix=PTO

// Forms of the pypto-lib model kernels (issue 24) around carries and
// returns:
// * pl.tile.write on a tile defined before the loop or if it is in
//   (topk_select, greedy_sample): the reference writes the tile's buffer in
//   place; the importer carries the tile out of every loop and if around
//   the write (an extra iter_arg / result, the else arm yielding it as it
//   was), and the name stands for the carried result after it;
// * a float scalar comparison (arith.cmpf, ordered as Python's);
// * a yield whose fully valid tile differs from the annotation only in its
//   pad (greedy_sample: a phi of pad=min fed by an unpadded tile) is a
//   same-shape tile.reshape view with the annotation's type;
// * a tuple return with a scalar beside the tensors (qk_norm): the scalar is
//   dropped, as the reference's kernel has no output for it.

// CHECK:      %best = tile.full %cst : (f32) -> !tile.tile<1x64xf32, vec>
// CHECK-NEXT: %best_1 = scf.for %r = %c0 to %c4 step %c1 iter_args(%best_2 = %best) -> (!tile.tile<1x64xf32, vec>) {
// CHECK-NEXT:   %row = tile.load %x[%r, %c0] : memref<4x64xf32> -> !tile.tile<1x64xf32, vec>
// CHECK-NEXT:   %best_3 = scf.for %c = %c0 to %c2 step %c1 iter_args(%best_4 = %best_2) -> (!tile.tile<1x64xf32, vec>) {
// CHECK-NEXT:     %v = tile.read %row, %c0, %c : (!tile.tile<1x64xf32, vec>, index, index) -> f32
// CHECK-NEXT:     %0 = arith.cmpf ogt, %v, %cst_1 : f32
// CHECK-NEXT:     %best_5 = scf.if %0 -> (!tile.tile<1x64xf32, vec>) {
// CHECK-NEXT:       %best_6 = tile.write %best_4, %c0, %c, %v : (!tile.tile<1x64xf32, vec>, index, index, f32) -> !tile.tile<1x64xf32, vec>
// CHECK-NEXT:       scf.yield %best_6 : !tile.tile<1x64xf32, vec>
// CHECK-NEXT:     } else {
// CHECK-NEXT:       scf.yield %best_4 : !tile.tile<1x64xf32, vec>
// CHECK-NEXT:     }
// CHECK-NEXT:     scf.yield %best_5 : !tile.tile<1x64xf32, vec>
// CHECK-NEXT:   }
// CHECK-NEXT:   %1 = arith.addi %r, %c8 : index
// CHECK-NEXT:   %best_7 = tile.write %best_3, %c0, %1, %cst_2 : (!tile.tile<1x64xf32, vec>, index, index, f32) -> !tile.tile<1x64xf32, vec>
// CHECK-NEXT:   scf.yield %best_7 : !tile.tile<1x64xf32, vec>
// CHECK-NEXT: }
// CHECK-NEXT: %2 = arith.cmpi eq, %c3, %c3 : index
// CHECK-NEXT: %best_8 = scf.if %2 -> (!tile.tile<1x64xf32, vec>) {
// CHECK-NEXT:   %best_9 = tile.write %best_1, %c0, %c63, %cst_3 : (!tile.tile<1x64xf32, vec>, index, index, f32) -> !tile.tile<1x64xf32, vec>
// CHECK-NEXT:   scf.yield %best_9 : !tile.tile<1x64xf32, vec>
// CHECK-NEXT: } else {
// CHECK-NEXT:   scf.yield %best_1 : !tile.tile<1x64xf32, vec>
// CHECK-NEXT: }
// CHECK-NEXT: %padded = tile.fillpad %best_8 : (!tile.tile<1x64xf32, vec>) -> !tile.tile<1x64xf32, vec, pad = 3>
// CHECK:      %p = scf.if %3 -> (!tile.tile<1x64xf32, vec, pad = 3>) {
// CHECK-NEXT:   scf.yield %padded : !tile.tile<1x64xf32, vec, pad = 3>
// CHECK-NEXT: } else {
// CHECK-NEXT:   %4 = tile.reshape %best_8 : (!tile.tile<1x64xf32, vec>) -> !tile.tile<1x64xf32, vec, pad = 3>
// CHECK-NEXT:   scf.yield %4 : !tile.tile<1x64xf32, vec, pad = 3>
// CHECK-NEXT: }
// CHECK-NEXT: tile.store %best_8, %out[%c0, %c0] : !tile.tile<1x64xf32, vec>, memref<1x64xf32>
// CHECK-NEXT: tile.store %p, %pairs[%c0, %c0] : !tile.tile<1x64xf32, vec, pad = 3>, memref<1x64xf32>
// CHECK-NEXT: func.return

// An if whose branches end the function has nothing after it to carry a
// write to: the arm updates the tile for itself.
// CHECK-LABEL: func.func @tail_write(
// CHECK:      scf.if %0 {
// CHECK-NEXT:   %t_1 = tile.write %t, %c0, %c0, %cst : (!tile.tile<1x64xf32, vec>, index, index, f32) -> !tile.tile<1x64xf32, vec>
// CHECK-NEXT:   tile.store %t_1, %out[%c0, %c0] : !tile.tile<1x64xf32, vec>, memref<1x64xf32>
// CHECK-NEXT: } else {
// CHECK-NEXT:   tile.store %t, %out[%c0, %c0] : !tile.tile<1x64xf32, vec>, memref<1x64xf32>
// CHECK-NEXT: }
// CHECK-NEXT: func.return

// EXEC: {{^.*}}.mlir: logical and physical runs agree (seed 3){{$}}

// The lowered kernel (ptoas v0.48 takes it: test/ptoas) has its two tensors and no scalar output.
// PTO: func.func @best_of(%x: !pto.ptr<f32>, %out: !pto.ptr<f32>, %pairs: !pto.ptr<f32>) attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {

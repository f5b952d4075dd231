// An Acc (L0C) tile occupies its rows padded to the target's L0C row
// alignment: 32 rows for an i32 accumulator on A2/A3 (16 on A5), 16 rows for
// any other (pypto-docs/15-auto_tile_matmul_l0.md, "One physical-size
// contract"). init-memref sizes the root by that footprint, so a root placed
// after it never sits in the padding; the tile's own MemRef keeps its bytes.
// (Cube tiles have whole 16-row fractal boxes: ptoas refuses fewer.)
// RUN: xdsl-opt -p 'init-memref{backend=a3}' %s | filecheck %s --check-prefix=A3
// RUN: xdsl-opt -p 'init-memref{backend=a5}' %s | filecheck %s --check-prefix=A5
// RUN: xdsl-opt -p 'init-memref' %s | filecheck %s --check-prefix=A3
// RUN: xdsl-opt -p 'pto-plan-memory{backend=a3 verify=true},convert-tile-to-pto' %s | filecheck %s --check-prefix=PTO
// RUN: xdsl-pto run %s | filecheck %s --check-prefix=DIFF
// The backend is recorded, so the validator checks the plan by a5's rule.
// RUN: xdsl-opt -p 'init-memref{backend=a5},materialize-semantic-aliases,memory-reuse,allocate-memory-addr' %s | xdsl-pto validate - | filecheck %s --check-prefix=VALID5
// VALID5: <stdin>: plan valid: @k (10 tile values)
// A3: tile.alloc @mem_acc_4 in acc size 65536
// A3: tile.alloc @mem_acc_9 in acc size 4096
// A3: %i = tile.matmul {{.*}} -> !tile.tile<16x512xi32, acc, memref = <@mem_acc_4, offset = 0, size = 32768>>
// A3: %f = tile.matmul {{.*}} -> !tile.tile<16x64xf32, acc, memref = <@mem_acc_9, offset = 0, size = 4096>>
// A5: builtin.module attributes {pto.target_arch = "a5"
// A5: tile.alloc @mem_acc_4 in acc size 32768
// A5: tile.alloc @mem_acc_9 in acc size 4096
// Both accumulators are live together: %f starts after %i's padded 64 KiB.
// PTO: %i = pto.alloc_tile addr = %c0_i64 : !pto.tile_buf<loc=acc, dtype=i32, rows=16, cols=512,
// PTO: %f = pto.alloc_tile addr = %c65536_i64 : !pto.tile_buf<loc=acc, dtype=f32, rows=16, cols=64,
// DIFF: {{.*}}acc-row-padding.mlir: logical and physical runs agree (seed 0)
func.func @k(%a: memref<16x64xi8>, %b: memref<64x512xi8>, %x: memref<16x64xf16>, %y: memref<64x64xf16>, %c: memref<16x512xi32>, %d: memref<16x64xf32>) {
  %c0 = arith.constant 0 : index
  %a_l1 = tile.load %a[%c0, %c0] : memref<16x64xi8> -> !tile.tile<16x64xi8, mat>
  %b_l1 = tile.load %b[%c0, %c0] : memref<64x512xi8> -> !tile.tile<64x512xi8, mat>
  %a_l0 = tile.move %a_l1 : (!tile.tile<16x64xi8, mat>) -> !tile.tile<16x64xi8, left>
  %b_l0 = tile.move %b_l1 : (!tile.tile<64x512xi8, mat>) -> !tile.tile<64x512xi8, right>
  %i = tile.matmul %a_l0, %b_l0 : (!tile.tile<16x64xi8, left>, !tile.tile<64x512xi8, right>) -> !tile.tile<16x512xi32, acc>
  %x_l1 = tile.load %x[%c0, %c0] : memref<16x64xf16> -> !tile.tile<16x64xf16, mat>
  %y_l1 = tile.load %y[%c0, %c0] : memref<64x64xf16> -> !tile.tile<64x64xf16, mat>
  %x_l0 = tile.move %x_l1 : (!tile.tile<16x64xf16, mat>) -> !tile.tile<16x64xf16, left>
  %y_l0 = tile.move %y_l1 : (!tile.tile<64x64xf16, mat>) -> !tile.tile<64x64xf16, right>
  %f = tile.matmul %x_l0, %y_l0 : (!tile.tile<16x64xf16, left>, !tile.tile<64x64xf16, right>) -> !tile.tile<16x64xf32, acc>
  tile.store %i, %c[%c0, %c0] : !tile.tile<16x512xi32, acc>, memref<16x512xi32>
  tile.store %f, %d[%c0, %c0] : !tile.tile<16x64xf32, acc>, memref<16x64xf32>
  func.return
}

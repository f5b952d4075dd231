// RUN: xdsl-pto run %s | filecheck %s
// RUN: not xdsl-pto run %s --pipeline 'expand-mixed-kernel,pto-plan-memory{backend=a3}' 2>&1 | filecheck %s --check-prefix=CUT

// The interpreter runs a mixed kernel whole (the default pipeline plans it
// unsplit); a --pipeline that cuts it is refused: the run does not model
// the tiles the two cores hand each other.
// CHECK: run.mlir: logical and physical runs agree (seed 0)
// CUT: run.mlir: error: the pipeline 'expand-mixed-kernel,pto-plan-memory{backend=a3}' cut the mixed kernel @both into a cube and a vector function (expand-mixed-kernel); the run does not model the tiles the two cores hand each other, so it checks the mixed kernel planned whole: leave expand-mixed-kernel out

func.func @both(%x: memref<64x32xf16>, %w: memref<32x32xf16>, %out: memref<64x32xf32> {tile.out}) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c16 = arith.constant 16 : index
  %wm = tile.load %w[%c0, %c0] : memref<32x32xf16> -> !tile.tile<32x32xf16, mat>
  %wr = tile.move %wm : (!tile.tile<32x32xf16, mat>) -> !tile.tile<32x32xf16, right>
  scf.for %i = %c0 to %c2 step %c1 {
    %row = arith.muli %i, %c16 : index
    %xv = tile.load %x[%row, %c0] : memref<64x32xf16> -> !tile.tile<16x32xf16, vec>
    %xs = tile.add %xv, %xv : (!tile.tile<16x32xf16, vec>, !tile.tile<16x32xf16, vec>) -> !tile.tile<16x32xf16, vec>
    %g = tile.aic_gather %xs {split = 1 : i64} : (!tile.tile<16x32xf16, vec>) -> !tile.tile<32x32xf16, mat>
    %gl = tile.move %g : (!tile.tile<32x32xf16, mat>) -> !tile.tile<32x32xf16, left>
    %acc = tile.matmul %gl, %wr : (!tile.tile<32x32xf16, left>, !tile.tile<32x32xf16, right>) -> !tile.tile<32x32xf32, acc>
    %h = tile.aiv_shard %acc {split = 1 : i64} : (!tile.tile<32x32xf32, acc>) -> !tile.tile<16x32xf32, vec>
    tile.store %h, %out[%row, %c0] : !tile.tile<16x32xf32, vec>, memref<64x32xf32>
  }
  func.return
}

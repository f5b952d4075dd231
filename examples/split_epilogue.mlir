// The vector (AIV) half of a mixed matmul kernel: the cube core pushes four
// 64x128 f32 result blocks; each lane pops one, adds a bias block loaded
// from GM, clamps it to [0, 6] with two compare-and-select steps, narrows
// it to f16 and stores it. The kernel splits the pushed tiles between its
// two lanes (tile.split_mode = 1, up-down).
//
// It exercises the target-aware rules of memory-reuse (README, "Target-aware
// sharing rules and hazards"):
// * %acc is a tpop result: it lives in pipe storage, no tile.alloc;
// * on a2/a3 the add, which reads the tpop value, may not write over the
//   loaded bias %b (Ascend910 load + tpop hazard), though %b dies there;
// * each sels tmp is a written workspace inside a loop: a buffer of its own;
// * the f32 -> f16 cast may not run in place on a2/a3, may on a5.
//
//   xdsl-opt -p 'pto-compile{backend=a3 verify=true}' examples/split_epilogue.mlir
//   xdsl-pto run examples/split_epilogue.mlir --pipeline 'pto-plan-memory{backend=a3}'
func.func @epilogue(%bias: memref<64x128xf32>, %out: memref<256x128xf16>) attributes {tile.split_mode = 1 : i64} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c64 = arith.constant 64 : index
  %zero = arith.constant 0.0 : f32
  %six = arith.constant 6.0 : f32
  scf.for %i = %c0 to %c4 step %c1 {
    %row = arith.muli %i, %c64 : index
    %acc = tile.tpop_from_aic {split = 1 : i64} : !tile.tile<64x128xf32, vec>
    %b = tile.load %bias[%c0, %c0] : memref<64x128xf32> -> !tile.tile<64x128xf32, vec>
    %x = tile.add %b, %acc : (!tile.tile<64x128xf32, vec>, !tile.tile<64x128xf32, vec>) -> !tile.tile<64x128xf32, vec>
    %neg = tile.cmps %x, %zero {cmp_mode = "lt"} : (!tile.tile<64x128xf32, vec>, f32) -> !tile.tile<64x128xi8, vec>
    %t0 = tile.create : !tile.tile<64x128xf32, vec>
    %r = tile.sels %neg, %x, %t0, %zero : (!tile.tile<64x128xi8, vec>, !tile.tile<64x128xf32, vec>, !tile.tile<64x128xf32, vec>, f32) -> !tile.tile<64x128xf32, vec>
    %big = tile.cmps %r, %six {cmp_mode = "gt"} : (!tile.tile<64x128xf32, vec>, f32) -> !tile.tile<64x128xi8, vec>
    %t1 = tile.create : !tile.tile<64x128xf32, vec>
    %c = tile.sels %big, %r, %t1, %six : (!tile.tile<64x128xi8, vec>, !tile.tile<64x128xf32, vec>, !tile.tile<64x128xf32, vec>, f32) -> !tile.tile<64x128xf32, vec>
    %h = tile.cast %c {mode = "rint"} : (!tile.tile<64x128xf32, vec>) -> !tile.tile<64x128xf16, vec>
    tile.store %h, %out[%row, %c0] : !tile.tile<64x128xf16, vec>, memref<256x128xf16>
  }
  func.return
}

// The vector (AIV) half of a mixed matmul kernel, with the cube (AIC) half
// that feeds it: the cube core computes four 128x128 f32 result blocks and
// pushes each through a cross-core pipe; the vector kernel splits each pushed
// block between its two lanes (tile.split_mode = 1, up-down), so each lane
// pops a 64x128 f32 half, adds a bias block loaded from GM, clamps it to
// [0, 6] with two compare-and-select steps, narrows it to f16 and stores it.
//
// It exercises the target-aware rules of memory-reuse (README, "Target-aware
// sharing rules and hazards"):
// * %acc is a tpop result: it lives in pipe storage, no tile.alloc;
// * on a2/a3 the add, which reads the tpop value, may not write over the
//   loaded bias %b (Ascend910 load + tpop hazard), though %b dies there;
// * each sels tmp is a written workspace inside a loop: a buffer of its own;
// * the f32 -> f16 cast may not run in place on a2/a3, may on a5.
//
// The pipe is set up as ptoas needs it: the vector kernel reserves the ring
// (one 32 KiB slot) in its Vec, the cube kernel imports it, both initialize
// the pipe (dir_mask = 1: cube to vector) with the same shape and name the GM
// slot buffer %gm_pipe; every popped tile is freed.
//
//   xdsl-opt -p 'pto-compile{backend=a3 verify=true}' examples/split_epilogue.mlir
//   xdsl-pto run examples/split_epilogue.mlir --pipeline 'pto-plan-memory{backend=a3}'
func.func @epilogue(%bias: memref<64x128xf32>, %out: memref<256x128xf16>, %gm_pipe: memref<1xf32> {tile.out}) attributes {tile.function_kind = "aiv", tile.split_mode = 1 : i64} {
  %ring = tile.reserve_buffer "epilogue_c2v" size 32768 in vec
  %none = arith.constant 0 : i32
  tile.aiv_initialize_pipe %ring, %none gm_slot_buffer(%gm_pipe : memref<1xf32>) {dir_mask = 1 : i64, slot_size = 32768 : i64, slot_num = 1 : i64}
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
    tile.tfree_to_aic %acc {split = 1 : i64} : !tile.tile<64x128xf32, vec>
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

// The cube half: C_i = A_i x B for four 128-row blocks A_i of A[512, 64]
// (f16) and B[64, 128] (f16), each pushed to the vector core as it is done.
func.func @producer(%a: memref<512x64xf16>, %b: memref<64x128xf16>, %gm_pipe: memref<1xf32> {tile.out}) attributes {tile.function_kind = "aic"} {
  %ring = tile.import_peer_buffer "epilogue_c2v" from @epilogue
  %none = arith.constant 0 : i32
  tile.aic_initialize_pipe %ring, %none gm_slot_buffer(%gm_pipe : memref<1xf32>) {dir_mask = 1 : i64, slot_size = 32768 : i64, slot_num = 1 : i64}
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c128 = arith.constant 128 : index
  %b_mat = tile.load %b[%c0, %c0] : memref<64x128xf16> -> !tile.tile<64x128xf16, mat>
  %b_r = tile.move %b_mat : (!tile.tile<64x128xf16, mat>) -> !tile.tile<64x128xf16, right>
  scf.for %i = %c0 to %c4 step %c1 {
    %row = arith.muli %i, %c128 : index
    %a_mat = tile.load %a[%row, %c0] : memref<512x64xf16> -> !tile.tile<128x64xf16, mat>
    %a_l = tile.move %a_mat : (!tile.tile<128x64xf16, mat>) -> !tile.tile<128x64xf16, left>
    %c = tile.matmul %a_l, %b_r : (!tile.tile<128x64xf16, left>, !tile.tile<64x128xf16, right>) -> !tile.tile<128x128xf32, acc>
    tile.tpush_to_aiv %c {split = 1 : i64} : !tile.tile<128x128xf32, acc>
  }
  func.return
}

func.func @split_epilogue(%a: memref<512x64xf16>, %b: memref<64x128xf16>, %bias: memref<64x128xf32>, %out: memref<256x128xf16> {tile.out}, %gm_pipe: memref<1xf32> {tile.out}) attributes {tile.function_kind = "group"} {
  func.call @producer(%a, %b, %gm_pipe) : (memref<512x64xf16>, memref<64x128xf16>, memref<1xf32>) -> ()
  func.call @epilogue(%bias, %out, %gm_pipe) : (memref<64x128xf32>, memref<256x128xf16>, memref<1xf32>) -> ()
  func.return
}

// RUN: xdsl-opt --split-input-file --verify-diagnostics %s | filecheck %s

// Each chunk holds one invalid cross-core op (tpop_from_aic/aiv, tpush_to_aic/aiv);
// the verifier names the op's location and the rule broken.

// tpop_from_aic pops into a vector kernel's vec.
func.func @case0() {
  %p = tile.tpop_from_aic {split = 0 : i64} : !tile.tile<16x64xf32, mat>
  func.return
}
// CHECK: cross-core-ops-invalid.mlir:8:8: error: 'tile.tpop_from_aic' op result must be in memory space vec, got mat

// -----

// tpop_from_aiv pops into a cube kernel's mat.
func.func @case1() {
  %p = tile.tpop_from_aiv {split = 0 : i64} : !tile.tile<16x64xf32, vec>
  func.return
}
// CHECK: cross-core-ops-invalid.mlir:17:8: error: 'tile.tpop_from_aiv' op result must be in memory space mat, got vec

// -----

// split is required.
func.func @case2() {
  %p = tile.tpop_from_aic {id = 1 : i64} : !tile.tile<16x64xf32, vec>
  func.return
}
// CHECK: cross-core-ops-invalid.mlir:26:8: error: 'tile.tpop_from_aic' op needs a 'split' attribute (an i64 in 0..4, pto-isa TileSplitAxis)

// -----

// split is a TileSplitAxis code, 0..4.
func.func @case3() {
  %p = tile.tpop_from_aic {split = 5 : i64} : !tile.tile<16x64xf32, vec>
  func.return
}
// CHECK: cross-core-ops-invalid.mlir:35:8: error: 'tile.tpop_from_aic' op split must be an i64 in 0..4 (pto-isa TileSplitAxis), got 5 : i64

// -----

// split is an i64.
func.func @case4() {
  %p = tile.tpop_from_aiv {split = 1 : i32} : !tile.tile<16x16xf16, mat>
  func.return
}
// CHECK: cross-core-ops-invalid.mlir:44:8: error: 'tile.tpop_from_aiv' op split must be an i64 in 0..4 (pto-isa TileSplitAxis), got 1 : i32

// -----

// A pipe id is not negative.
func.func @case5() {
  %p = tile.tpop_from_aic {id = -1 : i64, split = 0 : i64} : !tile.tile<16x64xf32, vec>
  func.return
}
// CHECK: cross-core-ops-invalid.mlir:53:8: error: 'tile.tpop_from_aic' op id must be a non-negative i64, got -1 : i64

// -----

// A vector kernel pushes a vec tile to the cube.
func.func @case6() {
  %m = tile.create : !tile.tile<16x16xf16, mat>
  tile.tpush_to_aic %m {split = 0 : i64} : !tile.tile<16x16xf16, mat>
  func.return
}
// CHECK: cross-core-ops-invalid.mlir:63:3: error: 'tile.tpush_to_aic' op tile must be in vec, got mat

// -----

// A cube kernel pushes an Acc tile to the vector core (ptoas's only producer pipe).
func.func @case7() {
  %v = tile.create : !tile.tile<16x64xf32, vec>
  tile.tpush_to_aiv %v {split = 0 : i64} : !tile.tile<16x64xf32, vec>
  func.return
}
// CHECK: cross-core-ops-invalid.mlir:73:3: error: 'tile.tpush_to_aiv' op tile must be in acc (the cube pushes to the vector core from L0C only), got vec

// -----

// A push names its split too.
func.func @case8() {
  %a = tile.create : !tile.tile<16x16xf32, acc>
  tile.tpush_to_aiv %a : !tile.tile<16x16xf32, acc>
  func.return
}
// CHECK: cross-core-ops-invalid.mlir:83:3: error: 'tile.tpush_to_aiv' op needs a 'split' attribute (an i64 in 0..4, pto-isa TileSplitAxis)

// -----

// A push's pipe id is an i64.
func.func @case9() {
  %v = tile.create : !tile.tile<16x64xf32, vec>
  tile.tpush_to_aic %v {id = "a", split = 0 : i64} : !tile.tile<16x64xf32, vec>
  func.return
}
// CHECK: cross-core-ops-invalid.mlir:93:3: error: 'tile.tpush_to_aic' op id must be a non-negative i64, got "a"

// RUN: xdsl-opt --split-input-file --verify-diagnostics %s | filecheck %s

// One invalid use of each sort / gather / scatter op per chunk; the verifier
// names the op's location and the rule broken (reference/tile-op-semantics.md
// sections 6-7, ptoas v0.48's checks). The expected lines are at the end.

// sort32 sorts whole blocks of 32 columns.
func.func @sort32() {
  %x = tile.create : !tile.tile<1x48xf32, vec, valid = 1x40>
  %i = tile.create : !tile.tile<1x48xui32, vec, valid = 1x40>
  %p = tile.sort32 %x, %i : (!tile.tile<1x48xf32, vec, valid = 1x40>, !tile.tile<1x48xui32, vec, valid = 1x40>) -> !tile.tile<1x96xf32, vec, valid = 1x80>
  func.return
}

// -----

// A constant block length is a positive multiple of 64.
func.func @mrgsort_format1() {
  %bl = arith.constant 100 : i32
  %x = tile.create : !tile.tile<1x1024xf32, vec>
  %m = tile.mrgsort_format1 %x, %bl : (!tile.tile<1x1024xf32, vec>, i32) -> !tile.tile<1x1024xf32, vec>
  func.return
}

// -----

// ptoas takes no index block length.
func.func @mrgsort_format1_index() {
  %bl = arith.constant 64 : index
  %x = tile.create : !tile.tile<1x1024xf32, vec>
  %m = tile.mrgsort_format1 %x, %bl : (!tile.tile<1x1024xf32, vec>, index) -> !tile.tile<1x1024xf32, vec>
  func.return
}

// -----

// The merged lists must fit in the result.
func.func @mrgsort_format2() {
  %a = tile.create : !tile.tile<1x64xf32, vec>
  %t = tile.create : !tile.tile<1x96xf32, vec>
  %m = tile.mrgsort_format2 %a, %a, %t : (!tile.tile<1x64xf32, vec>, !tile.tile<1x64xf32, vec>, !tile.tile<1x96xf32, vec>) -> !tile.tile<1x96xf32, vec>
  func.return
}

// -----

// An index-form gather's tmp has the indices' element type.
func.func @gather() {
  %x = tile.create : !tile.tile<16x64xf32, vec>
  %i = tile.create : !tile.tile<16x64xi32, vec>
  %t = tile.create : !tile.tile<16x64xf32, vec>
  %g = tile.gather %x, %i, %t : (!tile.tile<16x64xf32, vec>, !tile.tile<16x64xi32, vec>, !tile.tile<16x64xf32, vec>) -> !tile.tile<16x64xf32, vec>
  func.return
}

// -----

// bf16 is gathered by no target.
func.func @gather_bf16() {
  %x = tile.create : !tile.tile<16x64xbf16, vec>
  %i = tile.create : !tile.tile<16x64xi32, vec>
  %t = tile.create : !tile.tile<16x64xi32, vec>
  %g = tile.gather %x, %i, %t : (!tile.tile<16x64xbf16, vec>, !tile.tile<16x64xi32, vec>, !tile.tile<16x64xi32, vec>) -> !tile.tile<16x64xbf16, vec>
  func.return
}

// -----

// gatherb's result has 32 / size elements per offset.
func.func @gatherb() {
  %x = tile.create : !tile.tile<16x64xf32, vec>
  %o = tile.create : !tile.tile<16x8xui32, vec>
  %g = tile.gatherb %x, %o : (!tile.tile<16x64xf32, vec>, !tile.tile<16x8xui32, vec>) -> !tile.tile<16x32xf32, vec>
  func.return
}

// -----

// gather_mask's result has the pattern's share of the columns.
func.func @gather_mask() {
  %x = tile.create : !tile.tile<16x64xf32, vec>
  %g = tile.gather_mask %x {mask_pattern = "P0101"} : (!tile.tile<16x64xf32, vec>) -> !tile.tile<16x64xf32, vec>
  func.return
}

// -----

// An unknown pattern.
func.func @gather_mask_pattern() {
  %x = tile.create : !tile.tile<16x64xf32, vec>
  %g = tile.gather_mask %x {mask_pattern = "P0011"} : (!tile.tile<16x64xf32, vec>) -> !tile.tile<16x32xf32, vec>
  func.return
}

// -----

// ptoas compares only eq and gt.
func.func @gather_compare() {
  %k = arith.constant 1.0 : f32
  %x = tile.create : !tile.tile<16x64xf32, vec>
  %t = tile.create : !tile.tile<32x256xui8, vec>
  %d, %n = tile.gather_compare %x, %k, %t {cmp_mode = "lt"} : (!tile.tile<16x64xf32, vec>, f32, !tile.tile<32x256xui8, vec>) -> (!tile.tile<16x64xi32, vec>, !tile.tile<1x16xi32, vec>)
  func.return
}

// -----

// mgather needs its mode.
func.func @mgather(%g: memref<1024x64xf32>) {
  %i = tile.create : !tile.tile<1x16xi32, vec>
  %r = tile.mgather %g, %i : (memref<1024x64xf32>, !tile.tile<1x16xi32, vec>) -> !tile.tile<16x64xf32, vec>
  func.return
}

// -----

// A row-mode index has one entry per result row.
func.func @mgather_index(%g: memref<1024x64xf32>) {
  %i = tile.create : !tile.tile<1x8xi32, vec>
  %r = tile.mgather %g, %i {coalesce = "row"} : (memref<1024x64xf32>, !tile.tile<1x8xi32, vec>) -> !tile.tile<16x64xf32, vec>
  func.return
}

// -----

// gather_row's window lies in its destination.
func.func @gather_row(%g: memref<1024x64xf32>) {
  %c0 = arith.constant 0 : index
  %c14 = arith.constant 14 : index
  %d = tile.create : !tile.tile<16x64xf32, vec>
  %r = tile.gather_row %d, %g, %c14, %c0, %c0, %c0 {window = array<i64: 4, 64>} : (!tile.tile<16x64xf32, vec>, memref<1024x64xf32>, index, index, index, index) -> !tile.tile<16x64xf32, vec>
  func.return
}

// -----

// 4-byte data scatter by 32-bit indices.
func.func @scatter() {
  %d = tile.create : !tile.tile<16x64xf32, vec>
  %s = tile.create : !tile.tile<16x64xf32, vec>
  %i = tile.create : !tile.tile<16x64xi16, vec>
  %r = tile.scatter %d, %s, %i : (!tile.tile<16x64xf32, vec>, !tile.tile<16x64xf32, vec>, !tile.tile<16x64xi16, vec>) -> !tile.tile<16x64xf32, vec>
  func.return
}

// -----

// scatter_mask's source is the wide tile (ptoas v0.48).
func.func @scatter_mask() {
  %d = tile.create : !tile.tile<16x64xf32, vec>
  %s = tile.create : !tile.tile<16x32xf32, vec>
  %r = tile.scatter_mask %d, %s {mask_pattern = "P0101"} : (!tile.tile<16x64xf32, vec>, !tile.tile<16x32xf32, vec>) -> !tile.tile<16x64xf32, vec>
  func.return
}

// -----

// scatter_update's source has one row per index.
func.func @scatter_update() {
  %d = tile.create : !tile.tile<16x64xf32, vec>
  %i = tile.create : !tile.tile<1x8xi32, vec>
  %s = tile.create : !tile.tile<16x64xf32, vec>
  %r = tile.scatter_update %d, %i, %s : (!tile.tile<16x64xf32, vec>, !tile.tile<1x8xi32, vec>, !tile.tile<16x64xf32, vec>) -> !tile.tile<16x64xf32, vec>
  func.return
}

// -----

// mscatter's indices are signless i32.
func.func @mscatter(%g: memref<256x64xf32>) {
  %s = tile.create : !tile.tile<8x64xf32, vec>
  %i = tile.create : !tile.tile<8x64xui32, vec>
  tile.mscatter %s, %i, %g : (!tile.tile<8x64xf32, vec>, !tile.tile<8x64xui32, vec>, memref<256x64xf32>)
  func.return
}

// -----

// scatter_update of 2-byte data indexes 16-bit flat positions: at most 32768 elements.
func.func @scatter_update_wide() {
  %d = tile.create : !tile.tile<1024x64xf16, vec>
  %i = tile.create : !tile.tile<1x16xi16, vec>
  %s = tile.create : !tile.tile<16x64xf16, vec>
  %r = tile.scatter_update %d, %i, %s : (!tile.tile<1024x64xf16, vec>, !tile.tile<1x16xi16, vec>, !tile.tile<16x64xf16, vec>) -> !tile.tile<1024x64xf16, vec>
  func.return
}

// CHECK: sort-gather-invalid.mlir:11:8: error: 'tile.sort32' op src valid columns must be a multiple of 32 (whole blocks), got 40
// CHECK: sort-gather-invalid.mlir:21:8: error: 'tile.mrgsort_format1' op block_len must be positive and a multiple of 64, got 100
// CHECK: sort-gather-invalid.mlir:31:8: error: 'tile.mrgsort_format1' op block_len must be a signless integer (ptoas takes no index there), got index
// CHECK: sort-gather-invalid.mlir:41:8: error: 'tile.mrgsort_format2' op result valid columns (96) must hold every list's records (128 columns)
// CHECK: sort-gather-invalid.mlir:52:8: error: 'tile.gather' op tmp must have the indices' element type i32 and valid shape [16, 64], got f32 valid [16, 64]
// CHECK: sort-gather-invalid.mlir:63:8: error: 'tile.gather' op ptoas (v0.48) takes f32, f16, i16, i32 elements on a2/a3 and f32, f16, i8, i16, i32 on a5, not bf16
// CHECK: sort-gather-invalid.mlir:73:8: error: 'tile.gatherb' op result must be [16, 64] valid [16, 64] (8 elements per 32-byte block), got [16, 32] valid [16, 32]
// CHECK: sort-gather-invalid.mlir:82:8: error: 'tile.gather_mask' op result must be [16, 32] valid [16, 32], got [16, 64] valid [16, 64]
// CHECK: sort-gather-invalid.mlir:91:8: error: 'tile.gather_mask' op mask_pattern must be one of P0101, P1010, P0001, P0010, P0100, P1000, P1111 (a string), got "P0011"
// CHECK: sort-gather-invalid.mlir:102:12: error: 'tile.gather_compare' op cmp_mode must be "eq" or "gt" (ptoas takes no other), got "lt"
// CHECK: sort-gather-invalid.mlir:111:8: error: 'tile.mgather' op coalesce must be "row" or "elem" (ptoas requires it), got none
// CHECK: sort-gather-invalid.mlir:120:8: error: 'tile.mgather' op row mode takes a [1, 16] row_major (or [16, 1] col_major) index, got [1, 8] row_major
// CHECK: sort-gather-invalid.mlir:131:8: error: 'tile.gather_row' op window [4, 64] at [14, 0] exceeds dst's shape [16, 64]
// CHECK: sort-gather-invalid.mlir:142:8: error: 'tile.scatter' op indexes element type must be one of i32, ui32, got i16
// CHECK: sort-gather-invalid.mlir:152:8: error: 'tile.scatter_mask' op src valid shape must be [16, 128] (dst's valid rows, its valid columns times P0101's stride 2; ptoas v0.48's rule), got [16, 32]
// CHECK: sort-gather-invalid.mlir:163:8: error: 'tile.scatter_update' op src must be [8, 64] of f32 (one row per index), got [16, 64] of f32
// CHECK: sort-gather-invalid.mlir:173:3: error: 'tile.mscatter' op idx element type must be one of i32, got ui32
// CHECK: sort-gather-invalid.mlir:184:8: error: 'tile.scatter_update' op input has 65536 elements; with f16 data the flat index is 16-bit (tile.scatter's rule), so at most 32768

// RUN: xdsl-opt --split-input-file --verify-diagnostics %s | filecheck %s

// The written-parameter check (tile-op-semantics.md section 11, "Param
// directions"): a function that states its directions (tile.out / tile.inout
// on an argument) must declare every GM parameter it writes one of the two.
// The error is at the first op that writes an input.

func.func @store_into_input(%x: memref<16x64xf32>, %y: memref<16x64xf32> {tile.out}) {
  %c0 = arith.constant 0 : index
  %t = tile.load %x[%c0, %c0] : memref<16x64xf32> -> !tile.tile<16x64xf32, vec>
  tile.store %t, %y[%c0, %c0] : !tile.tile<16x64xf32, vec>, memref<16x64xf32>
  tile.store %t, %x[%c0, %c0] : !tile.tile<16x64xf32, vec>, memref<16x64xf32>
  func.return
}
// CHECK: param-directions.mlir:12:3: error: 'tile.store' writes parameter 'x' of @store_into_input, which is declared an input: a parameter the kernel writes must be pl.Out (tile.out, written only) or pl.InOut (tile.inout, read and written)

// -----

// An mscatter writes its GM operand (its WritesGm trait); so does a store in
// a loop, and the first writer in program order is the one named.
func.func @scatter_into_input(%src: memref<8x64xf32>, %idx: memref<8x64xi32>, %g: memref<256x64xf32>, %o: memref<8x64xf32> {tile.inout}) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %s = tile.load %src[%c0, %c0] : memref<8x64xf32> -> !tile.tile<8x64xf32, vec>
  %i = tile.load %idx[%c0, %c0] : memref<8x64xi32> -> !tile.tile<8x64xi32, vec>
  scf.for %k = %c0 to %c2 step %c1 {
    tile.mscatter %s, %i, %g : (!tile.tile<8x64xf32, vec>, !tile.tile<8x64xi32, vec>, memref<256x64xf32>)
  }
  tile.store %s, %src[%c0, %c0] : !tile.tile<8x64xf32, vec>, memref<8x64xf32>
  func.return
}
// CHECK: param-directions.mlir:28:5: error: 'tile.mscatter' writes parameter 'g' of @scatter_into_input, which is declared an input: a parameter the kernel writes must be pl.Out (tile.out, written only) or pl.InOut (tile.inout, read and written)

// -----

// A scalar GM write (pl.tensor.write) is memref.store: written, by its write
// effect.
func.func @scalar_write_into_input(%s: memref<4xi32>, %o: memref<4xi32> {tile.out}) {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1 : i32
  memref.store %one, %o[%c0] : memref<4xi32>
  memref.store %one, %s[%c0] : memref<4xi32>
  func.return
}
// CHECK: param-directions.mlir:43:3: error: 'memref.store' writes parameter 's' of @scalar_write_into_input, which is declared an input: a parameter the kernel writes must be pl.Out (tile.out, written only) or pl.InOut (tile.inout, read and written)

// -----

// Accepted: every written parameter is declared (an atomic store into an
// Out is still a write); a function that states no direction at all is not
// checked (hand-written Tile IR need not state them); nor is one whose only
// marked argument is a pipe's GM spill buffer, as expand-mixed-kernel
// leaves the halves of such a kernel.
func.func @declared(%x: memref<16x64xf32>, %y: memref<16x64xf32> {tile.out}, %z: memref<16x64xf32> {tile.inout}) {
  %c0 = arith.constant 0 : index
  %t = tile.load %x[%c0, %c0] : memref<16x64xf32> -> !tile.tile<16x64xf32, vec>
  tile.store %t, %y[%c0, %c0] {atomic = "add"} : !tile.tile<16x64xf32, vec>, memref<16x64xf32>
  tile.store %t, %z[%c0, %c0] : !tile.tile<16x64xf32, vec>, memref<16x64xf32>
  func.return
}
func.func @unstated(%x: memref<16x64xf32>, %y: memref<16x64xf32>) {
  %c0 = arith.constant 0 : index
  %t = tile.load %x[%c0, %c0] : memref<16x64xf32> -> !tile.tile<16x64xf32, vec>
  tile.store %t, %y[%c0, %c0] : !tile.tile<16x64xf32, vec>, memref<16x64xf32>
  func.return
}
func.func @pipe_only(%x: memref<16x64xf32>, %y: memref<16x64xf32>, %gm_pipe: memref<1xf32> {tile.out}) attributes {tile.function_kind = "aiv"} {
  %res = tile.reserve_buffer "c2v" size 4096 in vec
  %zero = arith.constant 0 : i32
  tile.aiv_initialize_pipe %res, %zero gm_slot_buffer(%gm_pipe : memref<1xf32>) {dir_mask = 1 : i64, slot_num = 1 : i64, slot_size = 4096 : i64}
  %c0 = arith.constant 0 : index
  %t = tile.load %x[%c0, %c0] : memref<16x64xf32> -> !tile.tile<16x64xf32, vec>
  tile.store %t, %y[%c0, %c0] : !tile.tile<16x64xf32, vec>, memref<16x64xf32>
  func.return
}
// CHECK: func.func @declared(%x: memref<16x64xf32>, %y: memref<16x64xf32> {tile.out}, %z: memref<16x64xf32> {tile.inout}) {
// CHECK: func.func @unstated(%x: memref<16x64xf32>, %y: memref<16x64xf32>) {
// CHECK: func.func @pipe_only(%x: memref<16x64xf32>, %y: memref<16x64xf32>, %gm_pipe: memref<1xf32> {tile.out}) attributes {tile.function_kind = "aiv"} {

// RUN: xdsl-opt -p init-memref,materialize-semantic-aliases %s | filecheck %s
// RUN: xdsl-opt -p 'pto-plan-memory{backend=a3 verify=true}' %s | xdsl-pto run - | filecheck %s --check-prefix=EXEC

// Where the peel retarget (seed 000 step 2) must NOT apply, the arm keeps its
// copy into the merged buffer. Both cases were found by the fuzzer's
// differential run while the rule was being written.

// %x is read again after the enclosing if: the seed %a may not take its bytes.
// CHECK-LABEL: func.func @read_after_outer_if
// CHECK:         } else {
// CHECK-NEXT:      %{{.*}} = tile.move %x {carry}
func.func @read_after_outer_if(%in: memref<2x32xf32>, %out: memref<1x32xf32>, %c: i1, %d: i1) {
  %c0 = arith.constant 0 : index
  %x = tile.load %in[%c0, %c0] : memref<2x32xf32> -> !tile.tile<1x32xf32, vec>
  scf.if %c {
    %q = scf.if %d -> (!tile.tile<1x32xf32, vec>) {
      %a = tile.abs %x : (!tile.tile<1x32xf32, vec>) -> !tile.tile<1x32xf32, vec>
      scf.yield %a : !tile.tile<1x32xf32, vec>
    } else {
      scf.yield %x : !tile.tile<1x32xf32, vec>
    }
  }
  tile.store %x, %out[%c0, %c0] : !tile.tile<1x32xf32, vec>, memref<1x32xf32>
  func.return
}

// The continuation arm yields a strided window (rows 11..26, columns 0..31 of
// a 32x64 tile): never a merged buffer, so both arms copy.
// CHECK-LABEL: func.func @strided_continuation
// CHECK:         %q = scf.if %c -> (!tile.tile<16x32xf32, vec, memref = <@mem_vec_{{[0-9]+}}, offset = 0, size = 2048>>) {
// CHECK:           tile.move %v {carry}
// CHECK:         } else {
// CHECK:           tile.move %w {carry}
func.func @strided_continuation(%in0: memref<32x64xf32>, %in1: memref<32x64xf32>, %out: memref<16x32xf32>, %c: i1) {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %c11 = arith.constant 11 : index
  %x = tile.load %in0[%c0, %c0] : memref<32x64xf32> -> !tile.tile<32x64xf32, vec>
  %y = tile.load %in1[%c0, %c0] : memref<32x64xf32> -> !tile.tile<32x64xf32, vec>
  %q = scf.if %c -> (!tile.tile<16x32xf32, vec>) {
    %v = tile.slice %y, %c8, %c8 : (!tile.tile<32x64xf32, vec>, index, index) -> !tile.tile<16x32xf32, vec>
    scf.yield %v : !tile.tile<16x32xf32, vec>
  } else {
    %w = tile.slice %x, %c11, %c0 : (!tile.tile<32x64xf32, vec>, index, index) -> !tile.tile<16x32xf32, vec>
    scf.yield %w : !tile.tile<16x32xf32, vec>
  }
  tile.store %q, %out[%c0, %c0] : !tile.tile<16x32xf32, vec>, memref<16x32xf32>
  func.return
}
// EXEC: <stdin>: logical and physical runs agree (seed 0)

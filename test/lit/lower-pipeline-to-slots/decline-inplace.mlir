// RUN: xdsl-opt --disable-verify -p 'lower-pipeline-to-slots{planner=ptoas}' %s 2>%t.err | filecheck %s
// RUN: filecheck %s --check-prefix=REMARK --input-file=%t.err
// RUN: not xdsl-opt -p 'lower-pipeline-to-slots{planner=ptoas}' %s 2>&1 | filecheck %s --check-prefix=VERIFY

// In-place gate (seed 004, "Eligibility"): an in-place result (a Reuses(i)
// op: tile.matmul_acc, on its accumulator) is its operand's buffer. The one
// in-place op works on an Acc accumulator, and tile.load writes only vec or
// mat (third RUN), so no load of a verified kernel reaches this gate; with
// --disable-verify a load into acc does. Its in-place update declines the
// loop; yielding the updated value is a phi through that alias (the phi gate
// comes first).

// VERIFY: error: 'tile.load' op cannot load from GM into memory space acc (only vec or mat)

// CHECK-LABEL: func.func @update(
// CHECK:         } {tile.pipeline_stages = 2 : i64}
// REMARK: decline-inplace.mlir:[[# @LINE + 6]]:3: remark: lower-pipeline-to-slots: this stage=2 pipeline loop stays replicated: %acc is consumed by tile.matmul_acc, which updates its buffer in place{{$}}
func.func @update(%a: memref<64x16xf16>, %o: memref<64x16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %false = arith.constant false
  scf.for %i = %c0 to %c4 step %c1 {
    %acc = tile.load %o[%i, %c0] : memref<64x16xf32> -> !tile.tile<16x16xf32, acc>
    %m = tile.load %a[%i, %c0] : memref<64x16xf16> -> !tile.tile<16x16xf16, mat>
    %l = tile.move %m : (!tile.tile<16x16xf16, mat>) -> !tile.tile<16x16xf16, left>
    %r = tile.move %m : (!tile.tile<16x16xf16, mat>) -> !tile.tile<16x16xf16, right>
    %u = tile.matmul_acc %acc, %l, %r, %false : (!tile.tile<16x16xf32, acc>, !tile.tile<16x16xf16, left>, !tile.tile<16x16xf16, right>, i1) -> !tile.tile<16x16xf32, acc>
    tile.store %u, %o[%i, %c0] : !tile.tile<16x16xf32, acc>, memref<64x16xf32>
  } {tile.pipeline_stages = 2 : i64}
  func.return
}

// CHECK-LABEL: func.func @update_yielded(
// CHECK:         } {tile.pipeline_stages = 2 : i64}
// REMARK: decline-inplace.mlir:[[# @LINE + 7]]:10: remark: lower-pipeline-to-slots: this stage=2 pipeline loop stays replicated: %acc is carried into a phi (scf.for yields %u, which shares its buffer through tile.matmul_acc){{$}}
func.func @update_yielded(%a: memref<64x16xf16>, %o: memref<64x16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %false = arith.constant false
  %init = tile.load %o[%c0, %c0] : memref<64x16xf32> -> !tile.tile<16x16xf32, acc>
  %res = scf.for %i = %c0 to %c4 step %c1 iter_args(%carried = %init) -> (!tile.tile<16x16xf32, acc>) {
    %acc = tile.load %o[%i, %c0] : memref<64x16xf32> -> !tile.tile<16x16xf32, acc>
    %m = tile.load %a[%i, %c0] : memref<64x16xf16> -> !tile.tile<16x16xf16, mat>
    %l = tile.move %m : (!tile.tile<16x16xf16, mat>) -> !tile.tile<16x16xf16, left>
    %r = tile.move %m : (!tile.tile<16x16xf16, mat>) -> !tile.tile<16x16xf16, right>
    %u = tile.matmul_acc %acc, %l, %r, %false : (!tile.tile<16x16xf32, acc>, !tile.tile<16x16xf16, left>, !tile.tile<16x16xf16, right>, i1) -> !tile.tile<16x16xf32, acc>
    scf.yield %u : !tile.tile<16x16xf32, acc>
  } {tile.pipeline_stages = 2 : i64}
  tile.store %res, %o[%c0, %c0] : !tile.tile<16x16xf32, acc>, memref<64x16xf32>
  func.return
}

// RUN: xdsl-opt -p 'lower-pipeline-loops,pto-plan-memory{backend=a3 verify=true}' %s | filecheck %s

// The lowered kernel goes through the whole planning pipeline, with the
// independent verify-memory-plan check at the end. (How memory-reuse uses the
// stage tags is tested with memory-reuse; here only the loop structure this
// pass produced and that every allocation got an address are checked.)
// CHECK-LABEL: func.func @pipelined_exp(
// CHECK-NOT:     tile.alloc {{.*}} size {{[0-9]+}}{{$}}
// CHECK:         %main_end = arith.addi %c0, %0 : index
// CHECK-NEXT:    scf.for %i = %c0 to %main_end step %c2 {
// CHECK:         } {tile.pipeline_stages = 1 : i64}
// CHECK-NEXT:    %rem = arith.subi %n, %main_end : index
// CHECK-NEXT:    %rem_is1 = arith.cmpi eq, %rem, %c1_1 : index
// CHECK-NEXT:    scf.if %rem_is1 {
!T = !tile.tile<16x64xf32, vec>
func.func @pipelined_exp(%in: memref<256x64xf32>, %out: memref<256x64xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  scf.for %i = %c0 to %n step %c1 {
    %r = arith.muli %i, %c16 : index
    %x = tile.load %in[%r, %c0] : memref<256x64xf32> -> !T
    %e = tile.exp %x : (!T) -> !T
    %y = tile.add %e, %x : (!T, !T) -> !T
    tile.store %y, %out[%r, %c0] : !T, memref<256x64xf32>
  } {tile.pipeline_stages = 2 : i64}
  func.return
}

// RUN: xdsl-opt -p init-memref %s | filecheck %s
// RUN: xdsl-opt -p 'pto-plan-memory{backend=a3 verify=true}' %s | filecheck %s --check-prefix=PLAN

// A tpop result and its views live in reserved pipe storage (seed 002): no
// MemRef, no tile.alloc. Used as a loop init, a pipe value is first copied
// into a buffer of its own (the loop writes the carried buffer); yielded
// into an if merge, it is written back by the carry move. The planned
// module passes verify-memory-plan.

// CHECK-LABEL: func.func @tpop_init
// CHECK-NEXT:    tile.alloc @mem_vec_0 in vec size 16384
// CHECK-NEXT:    tile.alloc @mem_vec_1 in vec size 16384
// CHECK-NOT:     tile.alloc
// CHECK:         %p = tile.tpop_from_aic {split = 1 : i64} : !tile.tile<64x64xf32, vec>{{$}}
// CHECK-NEXT:    %v = tile.reshape %p : (!tile.tile<64x64xf32, vec>) -> !tile.tile<32x128xf32, vec>{{$}}
// CHECK-NEXT:    %[[COPY:.+]] = tile.move %p : (!tile.tile<64x64xf32, vec>) -> !tile.tile<64x64xf32, vec, memref = <@mem_vec_0, offset = 0, size = 16384>>
// CHECK-NEXT:    %r = scf.for {{.*}} iter_args(%acc = %[[COPY]]) -> (!tile.tile<64x64xf32, vec, memref = <@mem_vec_0, offset = 0, size = 16384>>) {
// CHECK:         %q = tile.tpop_from_aic {split = 1 : i64} : !tile.tile<64x64xf32, vec>{{$}}
// CHECK-NEXT:    %[[MV:.+]] = tile.move %q {carry} : (!tile.tile<64x64xf32, vec>) -> !tile.tile<64x64xf32, vec, memref = <@mem_vec_0, offset = 0, size = 16384>>
// CHECK-NEXT:    scf.yield %[[MV]]
// CHECK:         tile.tpush_to_aic %v {split = 1 : i64} : !tile.tile<32x128xf32, vec>{{$}}

// PLAN-LABEL: func.func @tpop_init
// PLAN-NEXT:    tile.alloc @mem_vec_0 in vec size 16384 addr 0
// PLAN-NOT:     tile.alloc
// PLAN:         %n = tile.add %acc, %p : (!tile.tile<64x64xf32, vec, memref = <@mem_vec_0, offset = 0, size = 16384>>, !tile.tile<64x64xf32, vec>) -> !tile.tile<64x64xf32, vec, memref = <@mem_vec_0, offset = 0, size = 16384>>

func.func @tpop_init(%out: memref<64x64xf32>) attributes {tile.split_mode = 1 : i64} {
  %pipe = arith.constant 0 : i32
  tile.aiv_initialize_pipe %pipe, %pipe {dir_mask = 3 : i64, slot_size = 16384 : i64}
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %p = tile.tpop_from_aic {split = 1 : i64} : !tile.tile<64x64xf32, vec>
  %v = tile.reshape %p : (!tile.tile<64x64xf32, vec>) -> !tile.tile<32x128xf32, vec>
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %p) -> (!tile.tile<64x64xf32, vec>) {
    %n = tile.add %acc, %p : (!tile.tile<64x64xf32, vec>, !tile.tile<64x64xf32, vec>) -> !tile.tile<64x64xf32, vec>
    scf.yield %n : !tile.tile<64x64xf32, vec>
  }
  %b = arith.constant true
  %s = scf.if %b -> (!tile.tile<64x64xf32, vec>) {
    %q = tile.tpop_from_aic {split = 1 : i64} : !tile.tile<64x64xf32, vec>
    scf.yield %q : !tile.tile<64x64xf32, vec>
  } else {
    scf.yield %r : !tile.tile<64x64xf32, vec>
  }
  tile.store %s, %out[%c0, %c0] : !tile.tile<64x64xf32, vec>, memref<64x64xf32>
  tile.tpush_to_aic %v {split = 1 : i64} : !tile.tile<32x128xf32, vec>
  func.return
}

// RUN: xdsl-opt -p 'pto-plan-memory{backend=a3 verify=true}' %s | filecheck %s

// An scf.for that takes a tpop value and a load as inits only passes them on:
// it is not a writer for the load + tpop hazard, and its load-carrying result
// on the load's buffer is no violation. (Found by a fresh-user breaker: the
// validator refused this plan.)
// CHECK-LABEL: func.func @for_two_carries
// CHECK:         %x = tile.load {{.*}} -> !tile.tile<16x16xf32, vec, memref = <@[[X:mem_vec_[0-9]+]], offset = 0, size = 1024>>
// CHECK:         %r, %r_1 = scf.for {{.*}} -> (!tile.tile<16x16xf32, vec, memref = <@{{mem_vec_[0-9]+}}, offset = 0, size = 1024>>, !tile.tile<16x16xf32, vec, memref = <@[[X]], offset = 0, size = 1024>>)

func.func @for_two_carries(%a: memref<16x16xf32>, %out: memref<16x16xf32>, %out2: memref<16x16xf32>) attributes {tile.split_mode = 1 : i64} {
  %pipe = arith.constant 0 : i32
  tile.aiv_initialize_pipe %pipe, %pipe {dir_mask = 3 : i64, slot_size = 1024 : i64}
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %x = tile.load %a[%c0, %c0] : memref<16x16xf32> -> !tile.tile<16x16xf32, vec>
  %p = tile.tpop_from_aic {split = 1 : i64} : !tile.tile<16x16xf32, vec>
  %r:2 = scf.for %i = %c0 to %c4 step %c1 iter_args(%u = %p, %v = %x) -> (!tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec>) {
    %u2 = tile.exp %u : (!tile.tile<16x16xf32, vec>) -> !tile.tile<16x16xf32, vec>
    %v2 = tile.exp %v : (!tile.tile<16x16xf32, vec>) -> !tile.tile<16x16xf32, vec>
    scf.yield %u2, %v2 : !tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec>
  }
  tile.store %r#0, %out[%c0, %c0] : !tile.tile<16x16xf32, vec>, memref<16x16xf32>
  tile.store %r#1, %out2[%c0, %c0] : !tile.tile<16x16xf32, vec>, memref<16x16xf32>
  func.return
}

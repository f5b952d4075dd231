// RUN: xdsl-opt -p 'pto-plan-memory{backend=a3 verify=true},convert-tile-to-pto' %s | filecheck %s
// RUN: xdsl-opt -p 'pto-plan-memory{backend=a3 verify=true},convert-tile-to-pto,verify-memory-plan{backend=a3}' %s | filecheck %s --check-prefix=PROOF
// RUN: xdsl-opt -p 'pto-plan-memory{backend=a3 planner=dsa_rp},convert-tile-to-pto' %s | filecheck %s --check-prefix=DSA
// RUN: xdsl-pto run %s | filecheck %s --check-prefix=DIFF

// A runtime slot (slot = iv) under the planners that bake addresses: each
// tile's address is computed from its declaration's baked base at the top of
// the loop that selects the slot, base + (iv mod F) * slot bytes, and given
// to pto.alloc_tile addr (ptoas v0.48 takes it at --pto-level=level3; every
// lowered module of this test goes through it in test/ptoas). A view keeps its
// offset within the slot; an in-place update shares the handle. A loop whose
// start may be negative takes the floor remainder (as the planner and the
// interpreter count slots); an i32 counter is cast to index. verify-memory-plan
// checks each of the F addresses of the lowered handles, and the physical run
// (each slot at its address) agrees with the logical one.

// CHECK-LABEL: func.func @rotate(
// CHECK:         %acc0 = pto.alloc_tile addr = %c0_i64 : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=64, {{.*}}>
// CHECK:         scf.for %i = %c0 to %c4 step %c1 {
// CHECK-NEXT:      %slot = arith.remsi %i, %c2_index : index
// CHECK-NEXT:      %slot_i64 = arith.index_cast %slot : index to i64
// CHECK-NEXT:      %slot_off = arith.muli %slot_i64, %c4096_i64 : i64
// CHECK-NEXT:      %slot_addr = arith.addi %c2048_i64, %slot_off : i64
// CHECK-NEXT:      %r = pto.alloc_tile addr = %slot_addr : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, {{.*}}>
// CHECK-NEXT:      %slot_addr_1 = arith.addi %c4096_i64, %slot_off : i64
// CHECK-NEXT:      %lo = pto.alloc_tile addr = %slot_addr_1 : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=64, {{.*}}>
// CHECK-NEXT:      %{{[0-9]+}} = pto.partition_view
// CHECK-NEXT:      pto.tload ins({{.*}}) outs(%r : {{.*}})
// CHECK-NEXT:      pto.tmuls ins(%r, %two : {{.*}}) outs(%r : {{.*}})
// CHECK-NEXT:      pto.tadd ins(%acc0, %lo : {{.*}}) outs(%acc0 : {{.*}})
// CHECK-NEXT:    }
// PROOF: func.func @rotate(
// PROOF: pto.alloc_tile addr = %slot_addr
// DSA-LABEL: func.func @rotate(
// DSA:           %slot_addr = arith.addi %c{{[0-9]+}}_i64, %slot_off : i64
// DIFF: runtime-slot.mlir: logical and physical runs agree (seed 0; inputs a caller could give, searched: @runtime_start: %e = 1, %s = 0 (5 runs))
func.func @rotate(%a: memref<64x64xf32>, %o: memref<8x64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %two = arith.constant 2.0 : f32
  %acc0 = tile.load %a[%c0, %c0] : memref<64x64xf32> -> !tile.tile<8x64xf32, vec>
  %sum = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %acc0) -> (!tile.tile<8x64xf32, vec>) {
    %r = tile.load %a[%i, %c0] : memref<64x64xf32> -> !tile.tile<16x64xf32, vec, alloc = <@rot, slots = 2, slot = iv>>
    %d = tile.muls %r, %two : (!tile.tile<16x64xf32, vec, alloc = <@rot, slots = 2, slot = iv>>, f32) -> !tile.tile<16x64xf32, vec, alloc = <@rot, slots = 2, slot = iv>>
    %lo = tile.slice %d, %c8, %c0 : (!tile.tile<16x64xf32, vec, alloc = <@rot, slots = 2, slot = iv>>, index, index) -> !tile.tile<8x64xf32, vec, alloc = <@rot, slots = 2, slot = iv>>
    %next = tile.add %acc, %lo : (!tile.tile<8x64xf32, vec>, !tile.tile<8x64xf32, vec, alloc = <@rot, slots = 2, slot = iv>>) -> !tile.tile<8x64xf32, vec>
    scf.yield %next : !tile.tile<8x64xf32, vec>
  }
  tile.store %sum, %o[%c0, %c0] : !tile.tile<8x64xf32, vec>, memref<8x64xf32>
  func.return
}

// CHECK-LABEL: func.func @runtime_start(
// CHECK:         scf.for %i = %s to %e step %c1 {
// CHECK-NEXT:      %[[R:[0-9]+]] = arith.remsi %i, %c3_index : index
// CHECK-NEXT:      %[[U:[0-9]+]] = arith.addi %[[R]], %c3_index : index
// CHECK-NEXT:      %slot = arith.remsi %[[U]], %c3_index : index
// CHECK-NEXT:      %slot_i64 = arith.index_cast %slot : index to i64
// CHECK-NEXT:      %slot_off = arith.muli %slot_i64, %c4096_i64 : i64
// CHECK-NEXT:      %slot_addr = arith.addi %c0_i64, %slot_off : i64
// CHECK-NEXT:      %r = pto.alloc_tile addr = %slot_addr : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, {{.*}}>
func.func @runtime_start(%a: memref<64x64xf32>, %o: memref<64x64xf32>, %s: index, %e: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %s to %e step %c1 {
    %r = tile.load %a[%c0, %c0] : memref<64x64xf32> -> !tile.tile<16x64xf32, vec, alloc = <@ring, slots = 3, slot = iv>>
    tile.store %r, %o[%c0, %c0] : !tile.tile<16x64xf32, vec, alloc = <@ring, slots = 3, slot = iv>>, memref<64x64xf32>
  }
  func.return
}

// CHECK-LABEL: func.func @i32_counter(
// CHECK:         scf.for %i = %c0_i32 to %c4_i32 step %c1_i32 : i32 {
// CHECK-NEXT:      %[[C:[0-9]+]] = arith.index_cast %i : i32 to index
// CHECK-NEXT:      %slot = arith.remsi %[[C]], %c2_index : index
func.func @i32_counter(%a: memref<64x64xf32>, %o: memref<64x64xf32>) {
  %c0 = arith.constant 0 : index
  %c0_i32 = arith.constant 0 : i32
  %c1_i32 = arith.constant 1 : i32
  %c4_i32 = arith.constant 4 : i32
  scf.for %i = %c0_i32 to %c4_i32 step %c1_i32 : i32 {
    %r = tile.load %a[%c0, %c0] : memref<64x64xf32> -> !tile.tile<16x64xf32, vec, alloc = <@ring, slots = 2, slot = iv>>
    tile.store %r, %o[%c0, %c0] : !tile.tile<16x64xf32, vec, alloc = <@ring, slots = 2, slot = iv>>, memref<64x64xf32>
  }
  func.return
}

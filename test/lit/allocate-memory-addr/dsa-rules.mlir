// RUN: xdsl-opt -p 'pto-plan-memory{planner=dsa_rp backend=a3 verify=true}' %s | filecheck %s
// RUN: xdsl-opt -p 'init-memref{planner=dsa_rp},materialize-semantic-aliases,allocate-memory-addr{backend=a3}' %s | filecheck %s
// Planned twice: the second run keeps the plan.
// RUN: xdsl-opt -p 'pto-plan-memory{planner=dsa_rp backend=a3},pto-plan-memory{backend=a3}' %s | filecheck %s
// The a5 backend has more Vec (240 KiB) and no load + tpop hazard.
// RUN: xdsl-opt -p 'pto-plan-memory{planner=dsa_rp backend=a5 verify=true}' %s | filecheck %s --check-prefix=A5

// The hard constraints and the reuse penalties of planner=dsa_rp
// (pypto-docs/34-allocate_memory_addr.md, "DSA-RP policy"): every root keeps
// its own tile.alloc (memory-reuse does not run) and gets its address from
// the joint placement of its memory space. Sizes: a 16x16 f32 tile is 1024
// bytes, 64x64 f32 16384, 128x128 f32 65536.

// CHECK: builtin.module attributes {tile.memory_planner = "dsa_rp", pto.target_arch = "a3"}

// Semantic no-alias: exp may run in place (%e on %x's bytes: its result
// starts where its operand starts), recip may not (%r moves up).
// CHECK-LABEL: func.func @no_alias
// CHECK-NEXT:    tile.alloc @mem_vec_0 in vec size 1024 addr 0{{$}}
// CHECK-NEXT:    tile.alloc @mem_vec_1 in vec size 1024 addr 0{{$}}
// CHECK-NEXT:    tile.alloc @mem_vec_2 in vec size 1024 addr 1024{{$}}
// CHECK:         %e = tile.exp {{.*}} -> !tile.tile<16x16xf32, vec, memref = <@mem_vec_1, offset = 0, size = 1024>>
// CHECK-NEXT:    %r = tile.recip {{.*}} -> !tile.tile<16x16xf32, vec, memref = <@mem_vec_2, offset = 0, size = 1024>>

// A declared allocation shares no byte with any other root of its space:
// %q, which could run in place on %p, goes above @keep; %r then runs in
// place on %q.
// CHECK-LABEL: func.func @declared
// CHECK-NEXT:    tile.alloc @keep in vec size 1024 pinned addr 0{{$}}
// CHECK-NEXT:    tile.alloc @mem_vec_0 in vec size 1024 addr 1024{{$}}
// CHECK-NEXT:    tile.alloc @mem_vec_1 in vec size 1024 addr 1024{{$}}

// Target hazard (written workspace) and the sels rules: the mask @mem_vec_2
// never under the result, the workspace %t on bytes of no root that died
// before it; the result %y starts where %t starts or stays clear of it.
// CHECK-LABEL: func.func @clamp
// CHECK-NEXT:    tile.alloc @mem_vec_0 in vec size 16384 addr 0{{$}}
// CHECK-NEXT:    tile.alloc @mem_vec_1 in vec size 16384 addr 16384{{$}}
// CHECK-NEXT:    tile.alloc @mem_vec_2 in vec size 4096 addr 16384{{$}}
// CHECK-NEXT:    tile.alloc @mem_vec_3 in vec size 16384 addr 32768{{$}}
// CHECK-NEXT:    tile.alloc @mem_vec_4 in vec size 16384 addr 32768{{$}}
// CHECK:         %t = tile.create : !tile.tile<64x64xf32, vec, memref = <@mem_vec_3, offset = 0, size = 16384>>
// CHECK-NEXT:    %y = tile.sels {{.*}} -> !tile.tile<64x64xf32, vec, memref = <@mem_vec_4, offset = 0, size = 16384>>

// A cross-pipe handoff costs 1 (soft): %b's load (MTE2) would overwrite
// bytes %a's store (MTE3) last read, so %b moves above %a while the capacity
// allows it; %c's exp (vector) follows %b's last reader, the same exp: no
// handoff, so %c runs in place.
// CHECK-LABEL: func.func @penalty
// CHECK-NEXT:    tile.alloc @mem_vec_0 in vec size 1024 addr 0{{$}}
// CHECK-NEXT:    tile.alloc @mem_vec_1 in vec size 1024 addr 1024{{$}}
// CHECK-NEXT:    tile.alloc @mem_vec_2 in vec size 1024 addr 1024{{$}}

// Capacity before cost: %k is live throughout, so it keeps its bytes
// (lifetime interference); %a then %b are loaded and stored. Three 64 KiB
// tiles apart need 192 KiB, over A3's 184 KiB: %b pays the handoff and
// takes %a's bytes. A5 holds all three apart.
// CHECK-LABEL: func.func @capacity_first
// CHECK-NEXT:    tile.alloc @mem_vec_0 in vec size 65536 addr 0{{$}}
// CHECK-NEXT:    tile.alloc @mem_vec_1 in vec size 65536 addr 65536{{$}}
// CHECK-NEXT:    tile.alloc @mem_vec_2 in vec size 65536 addr 65536{{$}}
// A5-LABEL: func.func @capacity_first
// A5-NEXT:    tile.alloc @mem_vec_0 in vec size 65536 addr 0{{$}}
// A5-NEXT:    tile.alloc @mem_vec_1 in vec size 65536 addr 65536{{$}}
// A5-NEXT:    tile.alloc @mem_vec_2 in vec size 65536 addr 131072{{$}}

// Target hazard (Ascend910 load + tpop, split vector kernel on A2/A3): the
// add reads a tpop value, so it may not write over the loaded %l; on A5 it
// runs in place (the vector pipe last read %l and writes %w: no penalty).
// CHECK-LABEL: func.func @direct
// CHECK-NEXT:    tile.alloc @mem_vec_0 in vec size 16384 addr 0{{$}}
// CHECK-NEXT:    tile.alloc @mem_vec_1 in vec size 16384 addr 16384{{$}}
// A5-LABEL: func.func @direct
// A5-NEXT:    tile.alloc @mem_vec_0 in vec size 16384 addr 0{{$}}
// A5-NEXT:    tile.alloc @mem_vec_1 in vec size 16384 addr 0{{$}}

func.func @no_alias(%in: memref<16x16xf32>, %out: memref<16x16xf32>) {
  %c0 = arith.constant 0 : index
  %x = tile.load %in[%c0, %c0] : memref<16x16xf32> -> !tile.tile<16x16xf32, vec>
  %e = tile.exp %x : (!tile.tile<16x16xf32, vec>) -> !tile.tile<16x16xf32, vec>
  %r = tile.recip %e : (!tile.tile<16x16xf32, vec>) -> !tile.tile<16x16xf32, vec>
  tile.store %r, %out[%c0, %c0] : !tile.tile<16x16xf32, vec>, memref<16x16xf32>
  func.return
}
func.func @declared(%in: memref<16x16xf32>, %out: memref<16x16xf32>) {
  %c0 = arith.constant 0 : index
  %p = tile.load %in[%c0, %c0] : memref<16x16xf32> -> !tile.tile<16x16xf32, vec, alloc = <@keep>>
  %q = tile.exp %p : (!tile.tile<16x16xf32, vec, alloc = <@keep>>) -> !tile.tile<16x16xf32, vec>
  %r = tile.exp %q : (!tile.tile<16x16xf32, vec>) -> !tile.tile<16x16xf32, vec>
  tile.store %r, %out[%c0, %c0] : !tile.tile<16x16xf32, vec>, memref<16x16xf32>
  func.return
}
func.func @clamp(%in: memref<64x64xf32>, %out: memref<64x64xf32>, %raw: memref<64x64xf32>) {
  %c0 = arith.constant 0 : index
  %hi = arith.constant 6.0 : f32
  %zero = arith.constant 0.0 : f32
  %x = tile.load %in[%c0, %c0] : memref<64x64xf32> -> !tile.tile<64x64xf32, vec>
  %d = tile.subs %x, %hi : (!tile.tile<64x64xf32, vec>, f32) -> !tile.tile<64x64xf32, vec>
  %m = tile.cmps %d, %zero {cmp_mode = "gt"} : (!tile.tile<64x64xf32, vec>, f32) -> !tile.tile<64x64xi8, vec>
  %t = tile.create : !tile.tile<64x64xf32, vec>
  %y = tile.sels %m, %x, %t, %hi : (!tile.tile<64x64xi8, vec>, !tile.tile<64x64xf32, vec>, !tile.tile<64x64xf32, vec>, f32) -> !tile.tile<64x64xf32, vec>
  tile.store %y, %out[%c0, %c0] : !tile.tile<64x64xf32, vec>, memref<64x64xf32>
  tile.store %x, %raw[%c0, %c0] : !tile.tile<64x64xf32, vec>, memref<64x64xf32>
  func.return
}
func.func @penalty(%in: memref<16x16xf32>, %out: memref<16x16xf32>) {
  %c0 = arith.constant 0 : index
  %a = tile.load %in[%c0, %c0] : memref<16x16xf32> -> !tile.tile<16x16xf32, vec>
  tile.store %a, %out[%c0, %c0] : !tile.tile<16x16xf32, vec>, memref<16x16xf32>
  %b = tile.load %in[%c0, %c0] : memref<16x16xf32> -> !tile.tile<16x16xf32, vec>
  %c = tile.exp %b : (!tile.tile<16x16xf32, vec>) -> !tile.tile<16x16xf32, vec>
  tile.store %c, %out[%c0, %c0] : !tile.tile<16x16xf32, vec>, memref<16x16xf32>
  func.return
}
func.func @capacity_first(%in: memref<128x128xf32>, %out: memref<128x128xf32>) {
  %c0 = arith.constant 0 : index
  %k = tile.load %in[%c0, %c0] : memref<128x128xf32> -> !tile.tile<128x128xf32, vec>
  %a = tile.load %in[%c0, %c0] : memref<128x128xf32> -> !tile.tile<128x128xf32, vec>
  tile.store %a, %out[%c0, %c0] : !tile.tile<128x128xf32, vec>, memref<128x128xf32>
  %b = tile.load %in[%c0, %c0] : memref<128x128xf32> -> !tile.tile<128x128xf32, vec>
  tile.store %b, %out[%c0, %c0] : !tile.tile<128x128xf32, vec>, memref<128x128xf32>
  tile.store %k, %out[%c0, %c0] : !tile.tile<128x128xf32, vec>, memref<128x128xf32>
  func.return
}
func.func @direct(%in: memref<64x64xf32>, %out: memref<64x64xf32>) attributes {tile.split_mode = 1 : i64} {
  %pipe = arith.constant 0 : i32
  tile.aiv_initialize_pipe %pipe, %pipe {dir_mask = 3 : i64, slot_size = 16384 : i64}
  %c0 = arith.constant 0 : index
  %l = tile.load %in[%c0, %c0] : memref<64x64xf32> -> !tile.tile<64x64xf32, vec>
  %p = tile.tpop_from_aic {split = 1 : i64} : !tile.tile<64x64xf32, vec>
  %w = tile.add %l, %p : (!tile.tile<64x64xf32, vec>, !tile.tile<64x64xf32, vec>) -> !tile.tile<64x64xf32, vec>
  tile.store %w, %out[%c0, %c0] : !tile.tile<64x64xf32, vec>, memref<64x64xf32>
  func.return
}

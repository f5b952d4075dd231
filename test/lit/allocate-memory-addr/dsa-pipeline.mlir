// RUN: xdsl-opt -p 'pto-plan-memory{planner=dsa_rp backend=a3 verify=true}' %s 2>/dev/null | filecheck %s
// Planned again, the plan stays (the stage tags were consumed by the first
// run: placing anew would let the stages share).
// RUN: xdsl-opt -p 'pto-plan-memory{planner=dsa_rp backend=a3},pto-plan-memory{verify=true}' %s 2>/dev/null | filecheck %s
// RUN: sed 's/ {tile.pipeline_membership = \[array<i64: 0, [01]>\]}//' %s | xdsl-opt -p 'pto-plan-memory{planner=dsa_rp backend=a3 verify=true}' | filecheck %s --check-prefix=UNTAGGED
// RUN: xdsl-opt -p 'pto-plan-memory{planner=dsa_rp backend=a3}' %s 2>&1 >/dev/null | filecheck %s --check-prefix=HINT
// RUN: xdsl-opt -p 'pto-plan-memory{planner=dsa_rp backend=a5 verify=true}' %s 2>&1 | filecheck %s --check-prefix=A5

// Pipeline intent under planner=dsa_rp (pypto-docs/34-allocate_memory_addr.md,
// "DSA-RP policy", strict-then-soft), on clones tagged by hand as
// lower-pipeline-loops tags them (tile.pipeline_membership = [group, stage]).

// Strict: two roots of different stages of one group never share bytes,
// even where nothing else keeps them apart. %e1 could run on %e0's bytes (the
// vector pipe last read %e0, the vector pipe writes %e1: no handoff, no
// penalty) -- untagged it does -- but %e0 is stage 0 and %e1 stage 1.
// A 16x16 f32 tile is 1024 bytes.
// CHECK-LABEL: func.func @stages
// CHECK-NEXT:    tile.alloc @mem_vec_0 in vec size 1024 addr 0{{$}}
// CHECK-NEXT:    tile.alloc @mem_vec_1 in vec size 1024 addr 1024{{$}}
// CHECK-NEXT:    tile.alloc @mem_vec_2 in vec size 1024 addr 2048{{$}}
// CHECK-NEXT:    tile.alloc @mem_vec_3 in vec size 1024 addr 3072{{$}}
// CHECK-NEXT:    tile.alloc @mem_vec_4 in vec size 1024 addr 4096{{$}}
// CHECK:         %e1 = tile.exp {{.*}} memref = <@mem_vec_3, offset = 0, size = 1024>>
// UNTAGGED-LABEL: func.func @stages
// UNTAGGED-NEXT:    tile.alloc @mem_vec_0 in vec size 1024 addr 0{{$}}
// UNTAGGED-NEXT:    tile.alloc @mem_vec_1 in vec size 1024 addr 1024{{$}}
// UNTAGGED-NEXT:    tile.alloc @mem_vec_2 in vec size 1024 addr 2048{{$}}
// UNTAGGED-NEXT:    tile.alloc @mem_vec_3 in vec size 1024 addr 1024{{$}}
// UNTAGGED-NEXT:    tile.alloc @mem_vec_4 in vec size 1024 addr 3072{{$}}
func.func @stages(%in: memref<16x16xf32>, %out: memref<16x16xf32>) {
  %c0 = arith.constant 0 : index
  %keep = tile.load %in[%c0, %c0] : memref<16x16xf32> -> !tile.tile<16x16xf32, vec>
  %e0 = tile.exp %keep {tile.pipeline_membership = [array<i64: 0, 0>]} : (!tile.tile<16x16xf32, vec>) -> !tile.tile<16x16xf32, vec>
  %r0 = tile.recip %e0 {tile.pipeline_membership = [array<i64: 0, 0>]} : (!tile.tile<16x16xf32, vec>) -> !tile.tile<16x16xf32, vec>
  tile.store %r0, %out[%c0, %c0] : !tile.tile<16x16xf32, vec>, memref<16x16xf32>
  %e1 = tile.exp %keep {tile.pipeline_membership = [array<i64: 0, 1>]} : (!tile.tile<16x16xf32, vec>) -> !tile.tile<16x16xf32, vec>
  %r1 = tile.recip %e1 {tile.pipeline_membership = [array<i64: 0, 1>]} : (!tile.tile<16x16xf32, vec>) -> !tile.tile<16x16xf32, vec>
  tile.store %r1, %out[%c0, %c0] : !tile.tile<16x16xf32, vec>, memref<16x16xf32>
  tile.store %keep, %out[%c0, %c0] : !tile.tile<16x16xf32, vec>, memref<16x16xf32>
  func.return
}

// Strict-then-soft: %keep (64 KiB) is live throughout; group 0 has two 64 KiB
// stages, group 1 two 48 KiB stages. On A5 (240 KiB of Vec) every stage keeps
// its own bytes. On A3 (184 KiB) the strict problem has no fit: %keep, %a0
// and %a1 alone need 192 KiB. The retry turns the stage-only pairs into unit
// penalties; a stage pair left sharing bytes is reported (PH-DSA-001).
// Every buffer here is loaded after a store last read the one before it, so
// any sharing also pays a cross-pipe handoff (MTE3 -> MTE2). The cheapest
// fit: %a0 and %a1 share (one relaxed pair, one handoff) and so do %b0 and
// %b1, above them: cost 4, 176 KiB.
// CHECK-LABEL: func.func @shed
// CHECK-NEXT:    tile.alloc @mem_vec_0 in vec size 65536 addr 0{{$}}
// CHECK-NEXT:    tile.alloc @mem_vec_1 in vec size 65536 addr 65536{{$}}
// CHECK-NEXT:    tile.alloc @mem_vec_2 in vec size 65536 addr 65536{{$}}
// CHECK-NEXT:    tile.alloc @mem_vec_3 in vec size 49152 addr 131072{{$}}
// CHECK-NEXT:    tile.alloc @mem_vec_4 in vec size 49152 addr 131072{{$}}
// HINT: dsa-pipeline.mlir:[[# @LINE + 14]]:9: remark: PH-DSA-001: vec cannot keep every requested pipeline stage apart within 188416 bytes: planner=dsa_rp lets 2 pair(s) of stage buffers share bytes (first: @mem_vec_1 and @mem_vec_2, pipeline group 0), so those stages overlap less; shrink one stage's tiles or lower stage={{$}}
// HINT-NOT: remark
// With A5's 240 KiB the strict problem fits: no stage pair shares, no
// remark; only %b1 pays one handoff, on %a0's bytes.
// A5-NOT:     remark
// A5-LABEL: func.func @shed
// A5-NEXT:    tile.alloc @mem_vec_0 in vec size 65536 addr 0{{$}}
// A5-NEXT:    tile.alloc @mem_vec_1 in vec size 65536 addr 131072{{$}}
// A5-NEXT:    tile.alloc @mem_vec_2 in vec size 65536 addr 65536{{$}}
// A5-NEXT:    tile.alloc @mem_vec_3 in vec size 49152 addr 196608{{$}}
// A5-NEXT:    tile.alloc @mem_vec_4 in vec size 49152 addr 131072{{$}}
func.func @shed(%in: memref<128x128xf32>, %small: memref<96x128xf32>, %out: memref<128x128xf32>, %sout: memref<96x128xf32>) {
  %c0 = arith.constant 0 : index
  %keep = tile.load %in[%c0, %c0] : memref<128x128xf32> -> !tile.tile<128x128xf32, vec>
  %a0 = tile.load %in[%c0, %c0] {tile.pipeline_membership = [array<i64: 0, 0>]} : memref<128x128xf32> -> !tile.tile<128x128xf32, vec>
  tile.store %a0, %out[%c0, %c0] : !tile.tile<128x128xf32, vec>, memref<128x128xf32>
  %a1 = tile.load %in[%c0, %c0] {tile.pipeline_membership = [array<i64: 0, 1>]} : memref<128x128xf32> -> !tile.tile<128x128xf32, vec>
  tile.store %a1, %out[%c0, %c0] : !tile.tile<128x128xf32, vec>, memref<128x128xf32>
  %b0 = tile.load %small[%c0, %c0] {tile.pipeline_membership = [array<i64: 1, 0>]} : memref<96x128xf32> -> !tile.tile<96x128xf32, vec>
  tile.store %b0, %sout[%c0, %c0] : !tile.tile<96x128xf32, vec>, memref<96x128xf32>
  %b1 = tile.load %small[%c0, %c0] {tile.pipeline_membership = [array<i64: 1, 1>]} : memref<96x128xf32> -> !tile.tile<96x128xf32, vec>
  tile.store %b1, %sout[%c0, %c0] : !tile.tile<96x128xf32, vec>, memref<96x128xf32>
  tile.store %keep, %out[%c0, %c0] : !tile.tile<128x128xf32, vec>, memref<128x128xf32>
  func.return
}

// RUN: xdsl-opt -p 'lower-pipeline-loops,pto-plan-memory{backend=a3 verify=true}' %s 2>/dev/null | filecheck %s
// Planning the planned output again keeps the ping-pong (the tags are consumed):
// RUN: xdsl-opt -p 'lower-pipeline-loops,pto-plan-memory{backend=a3},pto-plan-memory{backend=a3}' %s 2>/dev/null | filecheck %s
// RUN: xdsl-opt -p 'lower-pipeline-loops,pto-plan-memory{backend=a3}' %s 2>&1 >/dev/null | filecheck %s --check-prefix=HINT
// RUN: xdsl-opt -p 'lower-pipeline-loops,pto-plan-memory' %s | filecheck %s --check-prefix=LEGACY
// RUN: xdsl-opt -p 'lower-pipeline-loops,pto-plan-memory{backend=a3}' %s 2>/dev/null | xdsl-pto validate - | filecheck %s --check-prefix=PROVED
// RUN: xdsl-opt -p 'lower-pipeline-loops,pto-plan-memory{backend=a3}' %s 2>/dev/null | not grep pipeline_membership

// Pipeline-stage guard (seed 001/002, MemoryReuse "Pipeline-stage guard").
// lower-pipeline-loops replicates each loop body F times and tags every clone's
// tiles with (group, stage); the clones run concurrently, so memory-reuse keeps
// them in distinct buffers up to the depth the space affords,
// F_g = min(F, C_vec / stage tile) with C_vec = 188416 bytes on a3 -- a clone
// of stage k lands in residue k mod F_g. Within one clone the exp still runs in
// place on its load's buffer.

// stage=2, 64 KiB per stage: full ping-pong (two buffers).
// CHECK-LABEL: func.func @stage2_fits
// CHECK-NEXT:    tile.alloc @mem_vec_0 in vec size 65536 addr 0
// CHECK-NEXT:    tile.alloc @mem_vec_2 in vec size 65536 addr 65536
// CHECK-NOT:     tile.alloc
// CHECK:         %x = tile.load {{.*}} memref = <@mem_vec_0, offset = 0, size = 65536>>
// CHECK:         %x_1 = tile.load {{.*}} memref = <@mem_vec_2, offset = 0, size = 65536>>
func.func @stage2_fits(%in: memref<1024x128xf32>, %out: memref<1024x128xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c128 = arith.constant 128 : index
  scf.for %i = %c0 to %c8 step %c1 {
    %r = arith.muli %i, %c128 : index
    %x = tile.load %in[%r, %c0] : memref<1024x128xf32> -> !tile.tile<128x128xf32, vec>
    %y = tile.exp %x : (!tile.tile<128x128xf32, vec>) -> !tile.tile<128x128xf32, vec>
    tile.store %y, %out[%r, %c0] : !tile.tile<128x128xf32, vec>, memref<1024x128xf32>
  } {tile.pipeline_stages = 2 : i64}
  func.return
}

// stage=4, 32 KiB per stage: four buffers.
// CHECK-LABEL: func.func @stage4_fits
// CHECK-NEXT:    tile.alloc @mem_vec_0 in vec size 32768 addr 0
// CHECK-NEXT:    tile.alloc @mem_vec_2 in vec size 32768 addr 32768
// CHECK-NEXT:    tile.alloc @mem_vec_4 in vec size 32768 addr 65536
// CHECK-NEXT:    tile.alloc @mem_vec_6 in vec size 32768 addr 98304
// CHECK-NOT:     tile.alloc
func.func @stage4_fits(%in: memref<1024x64xf32>, %out: memref<1024x64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c128 = arith.constant 128 : index
  scf.for %i = %c0 to %c8 step %c1 {
    %r = arith.muli %i, %c128 : index
    %x = tile.load %in[%r, %c0] : memref<1024x64xf32> -> !tile.tile<128x64xf32, vec>
    %y = tile.exp %x : (!tile.tile<128x64xf32, vec>) -> !tile.tile<128x64xf32, vec>
    tile.store %y, %out[%r, %c0] : !tile.tile<128x64xf32, vec>, memref<1024x64xf32>
  } {tile.pipeline_stages = 4 : i64}
  func.return
}

// stage=4, 64 KiB per stage: four buffers would need 262144 bytes; vec affords
// 188416 / 65536 = 2, so stages 0 and 2 share one buffer, 1 and 3 the other,
// and the PH-MR-001 hint says so. Without a backend the capacity is unknown
// and the legacy rule (loads of different stages never share) gives four.
// CHECK-LABEL: func.func @stage4_gated
// CHECK-NEXT:    tile.alloc @mem_vec_0 in vec size 65536 addr 0
// CHECK-NEXT:    tile.alloc @mem_vec_2 in vec size 65536 addr 65536
// CHECK-NOT:     tile.alloc
// CHECK:         %x = tile.load {{.*}} memref = <@mem_vec_0, offset = 0, size = 65536>>
// CHECK:         %x_1 = tile.load {{.*}} memref = <@mem_vec_2, offset = 0, size = 65536>>
// CHECK:         %x_2 = tile.load {{.*}} memref = <@mem_vec_0, offset = 0, size = 65536>>
// CHECK:         %x_3 = tile.load {{.*}} memref = <@mem_vec_2, offset = 0, size = 65536>>
// HINT: pipeline-stage-guard.mlir:[[# @LINE + 13]]:10: remark: PH-MR-001: pipeline group 0 gets 2 of the 4 requested stage buffers in vec (one stage needs 65536 bytes, vec holds 188416); shrink one stage's tiles to at most 47104 bytes, or lower stage= to 2
// LEGACY-LABEL: func.func @stage4_gated
// LEGACY-NEXT:    tile.alloc @mem_vec_0 in vec size 65536 addr 0
// LEGACY-NEXT:    tile.alloc @mem_vec_2 in vec size 65536 addr 65536
// LEGACY-NEXT:    tile.alloc @mem_vec_4 in vec size 65536 addr 131072
// LEGACY-NEXT:    tile.alloc @mem_vec_6 in vec size 65536 addr 196608
func.func @stage4_gated(%in: memref<1024x128xf32>, %out: memref<1024x128xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c128 = arith.constant 128 : index
  scf.for %i = %c0 to %c8 step %c1 {
    %r = arith.muli %i, %c128 : index
    %x = tile.load %in[%r, %c0] : memref<1024x128xf32> -> !tile.tile<128x128xf32, vec>
    %y = tile.exp %x : (!tile.tile<128x128xf32, vec>) -> !tile.tile<128x128xf32, vec>
    tile.store %y, %out[%r, %c0] : !tile.tile<128x128xf32, vec>, memref<1024x128xf32>
  } {tile.pipeline_stages = 4 : i64}
  func.return
}

// stage=2, 128 KiB per stage: only one stage buffer fits.
// CHECK-LABEL: func.func @stage2_gated
// CHECK-NEXT:    tile.alloc @mem_vec_0 in vec size 131072 addr 0
// CHECK-NOT:     tile.alloc
// HINT-NEXT: pipeline-stage-guard.mlir:[[# @LINE + 9]]:10: remark: PH-MR-001: pipeline group 0 gets 1 of the 2 requested stage buffers in vec (one stage needs 131072 bytes, vec holds 188416); shrink one stage's tiles to at most 94208 bytes, or lower stage= to 1
// HINT-NOT: remark
func.func @stage2_gated(%in: memref<1024x256xf32>, %out: memref<1024x256xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c128 = arith.constant 128 : index
  scf.for %i = %c0 to %c8 step %c1 {
    %r = arith.muli %i, %c128 : index
    %x = tile.load %in[%r, %c0] : memref<1024x256xf32> -> !tile.tile<128x256xf32, vec>
    %y = tile.exp %x : (!tile.tile<128x256xf32, vec>) -> !tile.tile<128x256xf32, vec>
    tile.store %y, %out[%r, %c0] : !tile.tile<128x256xf32, vec>, memref<1024x256xf32>
  } {tile.pipeline_stages = 2 : i64}
  func.return
}

// PROVED: <stdin>: plan valid: @stage2_fits (4 tile values), @stage4_fits (8 tile values), @stage4_gated (8 tile values), @stage2_gated (4 tile values)

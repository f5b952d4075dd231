// RUN: xdsl-opt -p 'lower-pipeline-to-slots{planner=ptoas backend=a3}' %s 2>%t.err | filecheck %s
// RUN: filecheck %s --check-prefix=REMARK --input-file=%t.err
// RUN: xdsl-opt -p 'lower-pipeline-to-slots{planner=ptoas}' %s 2>%t.nobackend.err | filecheck %s --check-prefix=UNGATED
// RUN: not test -s %t.nobackend.err

// Slots must fit on chip (seed 004, "Eligibility", "Why the slots must fit on
// chip"). Per memory space, a loop's candidates pin F x align_up(size) bytes
// each, added to what the function already pins: the author's declarations
// and the regions of the loops slotted before. a3's vec holds 188416 bytes.
// A 32x256xf32 tile is 32768 bytes, 48x256xf32 49152, 96x256xf32 98304.
// Without a backend (third RUN) no space is gated: every loop is slotted.

// CHECK: builtin.module attributes {pto.target_arch = "a3", tile.memory_planner = "ptoas"} {

// 2 loads x 2 slots x 32768 = 131072 bytes: fits.
// CHECK-LABEL: func.func @fits(
// CHECK:         %x = tile.load {{.*}}alloc = <@pipe_x, slots = 2, slot = iv>>
// CHECK-NEXT:    %y = tile.load {{.*}}alloc = <@pipe_y, slots = 2, slot = iv>>
// CHECK:         }{{$}}
func.func @fits(%a: memref<96x256xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.for %i = %c0 to %c4 step %c1 {
    %x = tile.load %a[%c0, %c0] : memref<96x256xf32> -> !tile.tile<32x256xf32, vec>
    %y = tile.load %a[%c0, %c0] : memref<96x256xf32> -> !tile.tile<32x256xf32, vec>
    %s = tile.add %x, %y : (!tile.tile<32x256xf32, vec>, !tile.tile<32x256xf32, vec>) -> !tile.tile<32x256xf32, vec>
    tile.store %s, %a[%c0, %c0] : !tile.tile<32x256xf32, vec>, memref<96x256xf32>
  } {tile.pipeline_stages = 2 : i64}
  func.return
}

// 2 loads x 2 slots x 49152 = 196608 bytes: over.
// CHECK-LABEL: func.func @over(
// CHECK:         %x = tile.load %a[%c0, %c0] : memref<96x256xf32> -> !tile.tile<48x256xf32, vec>{{$}}
// CHECK:         } {tile.pipeline_stages = 2 : i64}
// REMARK: budget.mlir:[[# @LINE + 7]]:3: remark: lower-pipeline-to-slots: this stage=2 pipeline loop stays replicated: its 2 vec loads need 2 slots each, 196608 bytes, over the 188416 bytes of vec left (188416 on a3, 0 already pinned by declared allocations and slotted loops){{$}}
// UNGATED-LABEL: func.func @over(
// UNGATED:         %x = tile.load {{.*}}alloc = <@pipe_x, slots = 2, slot = iv>>
func.func @over(%a: memref<96x256xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.for %i = %c0 to %c4 step %c1 {
    %x = tile.load %a[%c0, %c0] : memref<96x256xf32> -> !tile.tile<48x256xf32, vec>
    %y = tile.load %a[%c0, %c0] : memref<96x256xf32> -> !tile.tile<48x256xf32, vec>
    %s = tile.add %x, %y : (!tile.tile<48x256xf32, vec>, !tile.tile<48x256xf32, vec>) -> !tile.tile<48x256xf32, vec>
    tile.store %s, %a[%c0, %c0] : !tile.tile<48x256xf32, vec>, memref<96x256xf32>
  } {tile.pipeline_stages = 2 : i64}
  func.return
}

// One load of 98304 bytes, 2 slots: 196608 bytes, over on its own.
// CHECK-LABEL: func.func @single(
// CHECK:         } {tile.pipeline_stages = 2 : i64}
// REMARK: budget.mlir:[[# @LINE + 5]]:3: remark: lower-pipeline-to-slots: this stage=2 pipeline loop stays replicated: its vec load %big needs 2 slots, 196608 bytes, over the 188416 bytes of vec left (188416 on a3, 0 already pinned by declared allocations and slotted loops){{$}}
func.func @single(%a: memref<96x256xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  scf.for %i = %c0 to %c2 step %c1 {
    %big = tile.load %a[%c0, %c0] : memref<96x256xf32> -> !tile.tile<96x256xf32, vec>
    tile.store %big, %a[%c0, %c0] : !tile.tile<96x256xf32, vec>, memref<96x256xf32>
  } {tile.pipeline_stages = 2 : i64}
  func.return
}

// The author's two-slot declaration pins 2 x 32768 = 65536 bytes, which the
// budget starts from: @fits's 131072 bytes alone would fit, the pair is 196608.
// CHECK-LABEL: func.func @seeded(
// CHECK:         %x = tile.load %a[%c0, %c0] : memref<96x256xf32> -> !tile.tile<32x256xf32, vec>{{$}}
// CHECK:         } {tile.pipeline_stages = 2 : i64}
// REMARK: budget.mlir:[[# @LINE + 7]]:3: remark: lower-pipeline-to-slots: this stage=2 pipeline loop stays replicated: its 2 vec loads need 2 slots each, 131072 bytes, over the 122880 bytes of vec left (188416 on a3, 65536 already pinned by declared allocations and slotted loops){{$}}
func.func @seeded(%a: memref<96x256xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %own = tile.load %a[%c0, %c0] : memref<96x256xf32> -> !tile.tile<32x256xf32, vec, alloc = <@own, slots = 2, slot = 0>>
  tile.store %own, %a[%c0, %c0] : !tile.tile<32x256xf32, vec, alloc = <@own, slots = 2, slot = 0>>, memref<96x256xf32>
  scf.for %i = %c0 to %c4 step %c1 {
    %x = tile.load %a[%c0, %c0] : memref<96x256xf32> -> !tile.tile<32x256xf32, vec>
    %y = tile.load %a[%c0, %c0] : memref<96x256xf32> -> !tile.tile<32x256xf32, vec>
    %s = tile.add %x, %y : (!tile.tile<32x256xf32, vec>, !tile.tile<32x256xf32, vec>) -> !tile.tile<32x256xf32, vec>
    tile.store %s, %a[%c0, %c0] : !tile.tile<32x256xf32, vec>, memref<96x256xf32>
  } {tile.pipeline_stages = 2 : i64}
  func.return
}

// The author's declarations count wherever they are written: @later's, after
// the loop, pins its 65536 bytes all the same.
// CHECK-LABEL: func.func @seeded_after(
// CHECK:         %x = tile.load %a[%c0, %c0] : memref<96x256xf32> -> !tile.tile<32x256xf32, vec>{{$}}
// CHECK:         } {tile.pipeline_stages = 2 : i64}
// REMARK: budget.mlir:[[# @LINE + 5]]:3: remark: lower-pipeline-to-slots: this stage=2 pipeline loop stays replicated: its 2 vec loads need 2 slots each, 131072 bytes, over the 122880 bytes of vec left (188416 on a3, 65536 already pinned by declared allocations and slotted loops){{$}}
func.func @seeded_after(%a: memref<96x256xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.for %i = %c0 to %c4 step %c1 {
    %x = tile.load %a[%c0, %c0] : memref<96x256xf32> -> !tile.tile<32x256xf32, vec>
    %y = tile.load %a[%c0, %c0] : memref<96x256xf32> -> !tile.tile<32x256xf32, vec>
    %s = tile.add %x, %y : (!tile.tile<32x256xf32, vec>, !tile.tile<32x256xf32, vec>) -> !tile.tile<32x256xf32, vec>
    tile.store %s, %a[%c0, %c0] : !tile.tile<32x256xf32, vec>, memref<96x256xf32>
  } {tile.pipeline_stages = 2 : i64}
  %later = tile.load %a[%c0, %c0] : memref<96x256xf32> -> !tile.tile<32x256xf32, vec, alloc = <@later, slots = 2, slot = 1>>
  tile.store %later, %a[%c0, %c0] : !tile.tile<32x256xf32, vec, alloc = <@later, slots = 2, slot = 1>>, memref<96x256xf32>
  func.return
}

// The budget accumulates over the function: the first loop pins 131072
// bytes, so the second one, as large, no longer fits; the third (mat) is
// gated by mat's own capacity and fits.
// CHECK-LABEL: func.func @accumulated(
// CHECK:         scf.for %i = %c0 to %c4 step %c1 {
// CHECK-NEXT:      %x = tile.load {{.*}}alloc = <@pipe_x, slots = 2, slot = iv>>
// CHECK:         }{{$}}
// CHECK:         scf.for %j = %c0 to %c4 step %c1 {
// CHECK-NEXT:      %x_1 = tile.load %a[%c0, %c0] : memref<96x256xf32> -> !tile.tile<32x256xf32, vec>{{$}}
// CHECK:         } {tile.pipeline_stages = 2 : i64}
// CHECK:         scf.for %k = %c0 to %c4 step %c1 {
// CHECK-NEXT:      %m = tile.load {{.*}}alloc = <@pipe_m, slots = 2, slot = iv>>
// CHECK:         }{{$}}
// REMARK: budget.mlir:[[# @LINE + 12]]:3: remark: lower-pipeline-to-slots: this stage=2 pipeline loop stays replicated: its 2 vec loads need 2 slots each, 131072 bytes, over the 57344 bytes of vec left (188416 on a3, 131072 already pinned by declared allocations and slotted loops){{$}}
// REMARK-NOT: remark
func.func @accumulated(%a: memref<96x256xf32>, %h: memref<96x256xf16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.for %i = %c0 to %c4 step %c1 {
    %x = tile.load %a[%c0, %c0] : memref<96x256xf32> -> !tile.tile<32x256xf32, vec>
    %y = tile.load %a[%c0, %c0] : memref<96x256xf32> -> !tile.tile<32x256xf32, vec>
    tile.store %x, %a[%c0, %c0] : !tile.tile<32x256xf32, vec>, memref<96x256xf32>
    tile.store %y, %a[%c0, %c0] : !tile.tile<32x256xf32, vec>, memref<96x256xf32>
  } {tile.pipeline_stages = 2 : i64}
  scf.for %j = %c0 to %c4 step %c1 {
    %x = tile.load %a[%c0, %c0] : memref<96x256xf32> -> !tile.tile<32x256xf32, vec>
    %y = tile.load %a[%c0, %c0] : memref<96x256xf32> -> !tile.tile<32x256xf32, vec>
    tile.store %x, %a[%c0, %c0] : !tile.tile<32x256xf32, vec>, memref<96x256xf32>
    tile.store %y, %a[%c0, %c0] : !tile.tile<32x256xf32, vec>, memref<96x256xf32>
  } {tile.pipeline_stages = 2 : i64}
  scf.for %k = %c0 to %c4 step %c1 {
    %m = tile.load %h[%c0, %c0] : memref<96x256xf16> -> !tile.tile<96x256xf16, mat>
    %l = tile.move %m : (!tile.tile<96x256xf16, mat>) -> !tile.tile<96x256xf16, left>
  } {tile.pipeline_stages = 2 : i64}
  func.return
}

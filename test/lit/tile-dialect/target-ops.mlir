// RUN: xdsl-opt %s | filecheck %s
// RUN: xdsl-opt %s | xdsl-opt | filecheck %s

// The target-aware vector ops print back in the function-style form, operands
// in their definition order (sels: mask, src, tmp, scalar; rem/rems: the
// sources, then tmp); a packed ui8 mask and an element-per-element mask both
// select.

// CHECK-LABEL: func.func @target_ops
// CHECK:      %r0 = tile.sels %m, %x, %t, %s : (!tile.tile<16x32xui8, vec>, !tile.tile<16x64xf32, vec>, !tile.tile<16x64xf32, vec>, f32) -> !tile.tile<16x64xf32, vec>
// CHECK-NEXT: %r1 = tile.sels %me, %x, %t, %s : (!tile.tile<16x64xi32, vec>, !tile.tile<16x64xf32, vec>, !tile.tile<16x64xf32, vec>, f32) -> !tile.tile<16x64xf32, vec>
// CHECK-NEXT: %r2 = tile.prelu %x, %y, %t : (!tile.tile<16x64xf32, vec>, !tile.tile<16x64xf32, vec>, !tile.tile<16x64xf32, vec>) -> !tile.tile<16x64xf32, vec>
// CHECK-NEXT: %r3 = tile.rem %x, %y, %t : (!tile.tile<16x64xf32, vec>, !tile.tile<16x64xf32, vec>, !tile.tile<16x64xf32, vec>) -> !tile.tile<16x64xf32, vec>
// CHECK-NEXT: %r4 = tile.rems %x, %s, %t : (!tile.tile<16x64xf32, vec>, f32, !tile.tile<16x64xf32, vec>) -> !tile.tile<16x64xf32, vec>
// CHECK-NEXT: %r5 = tile.fmod %x, %y : (!tile.tile<16x64xf32, vec>, !tile.tile<16x64xf32, vec>) -> !tile.tile<16x64xf32, vec>
// CHECK-NEXT: %r6 = tile.fmods %x, %s : (!tile.tile<16x64xf32, vec>, f32) -> !tile.tile<16x64xf32, vec>
// CHECK-NEXT: %r7 = tile.rems %i, %k, %ti : (!tile.tile<16x64xi32, vec>, i32, !tile.tile<16x64xi32, vec>) -> !tile.tile<16x64xi32, vec>
func.func @target_ops(%a: memref<16x64xf32>, %b: memref<16x64xi32>, %s: f32, %k: i32) {
  %c0 = arith.constant 0 : index
  %x = tile.load %a[%c0, %c0] : memref<16x64xf32> -> !tile.tile<16x64xf32, vec>
  %y = tile.load %a[%c0, %c0] : memref<16x64xf32> -> !tile.tile<16x64xf32, vec>
  %i = tile.load %b[%c0, %c0] : memref<16x64xi32> -> !tile.tile<16x64xi32, vec>
  %m = tile.cmp %x, %y {cmp_mode = "lt"} : (!tile.tile<16x64xf32, vec>, !tile.tile<16x64xf32, vec>) -> !tile.tile<16x32xui8, vec>
  %me = tile.load %b[%c0, %c0] : memref<16x64xi32> -> !tile.tile<16x64xi32, vec>
  %t = tile.create : !tile.tile<16x64xf32, vec>
  %ti = tile.create : !tile.tile<16x64xi32, vec>
  %r0 = tile.sels %m, %x, %t, %s : (!tile.tile<16x32xui8, vec>, !tile.tile<16x64xf32, vec>, !tile.tile<16x64xf32, vec>, f32) -> !tile.tile<16x64xf32, vec>
  %r1 = tile.sels %me, %x, %t, %s : (!tile.tile<16x64xi32, vec>, !tile.tile<16x64xf32, vec>, !tile.tile<16x64xf32, vec>, f32) -> !tile.tile<16x64xf32, vec>
  %r2 = tile.prelu %x, %y, %t : (!tile.tile<16x64xf32, vec>, !tile.tile<16x64xf32, vec>, !tile.tile<16x64xf32, vec>) -> !tile.tile<16x64xf32, vec>
  %r3 = tile.rem %x, %y, %t : (!tile.tile<16x64xf32, vec>, !tile.tile<16x64xf32, vec>, !tile.tile<16x64xf32, vec>) -> !tile.tile<16x64xf32, vec>
  %r4 = tile.rems %x, %s, %t : (!tile.tile<16x64xf32, vec>, f32, !tile.tile<16x64xf32, vec>) -> !tile.tile<16x64xf32, vec>
  %r5 = tile.fmod %x, %y : (!tile.tile<16x64xf32, vec>, !tile.tile<16x64xf32, vec>) -> !tile.tile<16x64xf32, vec>
  %r6 = tile.fmods %x, %s : (!tile.tile<16x64xf32, vec>, f32) -> !tile.tile<16x64xf32, vec>
  %r7 = tile.rems %i, %k, %ti : (!tile.tile<16x64xi32, vec>, i32, !tile.tile<16x64xi32, vec>) -> !tile.tile<16x64xi32, vec>
  func.return
}

// The cross-core ops: pops print like any result-only tile op (attributes,
// then the result type), pushes as `%tile {attrs} : type`; `split` and `id`
// are i64 (a bare integer parses as one), in the order written. Each id is
// initialized in the function (placeholder buffers: no ring), its ops all
// split or all unsplit; the cube pushes from acc.

// CHECK-LABEL: func.func @vector_side
// CHECK:      %p = tile.tpop_from_aic {split = 1 : i64} : !tile.tile<16x64xf32, vec>
// CHECK-NEXT: %q = tile.tpop_from_aic {id = 2 : i64, split = 0 : i64} : !tile.tile<16x64xf32, vec>
// CHECK-NEXT: tile.tpush_to_aic %p {split = 2 : i64} : !tile.tile<16x64xf32, vec>
// CHECK-NEXT: tile.tpush_to_aic %q {split = 4 : i64, id = 3 : i64} : !tile.tile<16x64xf32, vec>
func.func @vector_side() {
  %pipe = arith.constant 0 : i32
  tile.aiv_initialize_pipe %pipe, %pipe {dir_mask = 3 : i64, slot_size = 16384 : i64}
  tile.aiv_initialize_pipe %pipe, %pipe {id = 2 : i64, dir_mask = 3 : i64, slot_size = 16384 : i64}
  tile.aiv_initialize_pipe %pipe, %pipe {id = 3 : i64, dir_mask = 3 : i64, slot_size = 16384 : i64}
  %p = tile.tpop_from_aic {split = 1 : i64} : !tile.tile<16x64xf32, vec>
  %q = tile.tpop_from_aic {id = 2 : i64, split = 0} : !tile.tile<16x64xf32, vec>
  tile.tpush_to_aic %p {split = 2 : i64} : !tile.tile<16x64xf32, vec>
  tile.tpush_to_aic %q {split = 4, id = 3} : !tile.tile<16x64xf32, vec>
  func.return
}

// CHECK-LABEL: func.func @cube_side
// CHECK:      %m = tile.tpop_from_aiv {split = 1 : i64} : !tile.tile<32x32xf16, mat>
// CHECK-NEXT: %acc = tile.create : !tile.tile<32x32xf32, acc>
// CHECK-NEXT: tile.tpush_to_aiv %acc {id = 0 : i64, split = 2 : i64} : !tile.tile<32x32xf32, acc>
// CHECK-NEXT: tile.tpush_to_aiv %acc {id = 1 : i64, split = 0 : i64} : !tile.tile<32x32xf32, acc>
func.func @cube_side() {
  %pipe = arith.constant 0 : i32
  tile.aic_initialize_pipe %pipe, %pipe {dir_mask = 3 : i64, slot_size = 16384 : i64}
  tile.aic_initialize_pipe %pipe, %pipe {id = 1 : i64, dir_mask = 3 : i64, slot_size = 16384 : i64}
  %m = tile.tpop_from_aiv {split = 1 : i64} : !tile.tile<32x32xf16, mat>
  %acc = tile.create : !tile.tile<32x32xf32, acc>
  tile.tpush_to_aiv %acc {id = 0 : i64, split = 2 : i64} : !tile.tile<32x32xf32, acc>
  tile.tpush_to_aiv %acc {id = 1 : i64, split = 0 : i64} : !tile.tile<32x32xf32, acc>
  func.return
}

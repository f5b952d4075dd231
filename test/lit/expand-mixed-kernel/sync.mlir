// RUN: xdsl-opt -p expand-mixed-kernel %s | filecheck %s
// RUN: xdsl-opt -p 'expand-mixed-kernel,pto-plan-memory{backend=a3 verify=true},convert-tile-to-pto' %s | filecheck %s --check-prefix=A3
// RUN: xdsl-opt -p 'expand-mixed-kernel,pto-plan-memory{backend=a5},convert-tile-to-pto' %s | filecheck %s --check-prefix=A5
// RUN: not xdsl-opt -p expand-mixed-kernel %S/Inputs/sync-no-core.mlir 2>&1 | filecheck %s --check-prefix=NOCORE

// The pl.system synchronization ops of a mixed kernel go to the core their
// CoreLane trait names: an explicit event to its core_type, bar_m (PIPE_M)
// to the cube, bar_v (PIPE_V) to the vector core, set_ffts and bar_all to
// both (pypto-docs/operators.md: set_ffts "in every participating AIC/AIV
// function"). The FFTS workspace stays a memref through the group function
// (ptoas v0.48 takes no pointer for pto.set_ffts); the lowered modules are in
// the ptoas corpus (test/ptoas).

func.func @mix(%x: memref<32x32xf16>, %w: memref<32x32xf16>, %ffts: memref<256xi64>, %out: memref<32x32xf32> {tile.out}) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  tile.set_ffts %ffts : memref<256xi64>
  %wm = tile.load %w[%c0, %c0] : memref<32x32xf16> -> !tile.tile<32x32xf16, mat>
  %wr = tile.move %wm : (!tile.tile<32x32xf16, mat>) -> !tile.tile<32x32xf16, right>
  %xm = tile.load %x[%c0, %c0] : memref<32x32xf16> -> !tile.tile<32x32xf16, mat>
  %xl = tile.move %xm : (!tile.tile<32x32xf16, mat>) -> !tile.tile<32x32xf16, left>
  %acc = tile.matmul %xl, %wr : (!tile.tile<32x32xf16, left>, !tile.tile<32x32xf16, right>) -> !tile.tile<32x32xf32, acc>
  tile.pipe_barrier {pipe = "PIPE_M"}
  tile.sync_set {pipe = "PIPE_FIX", event_id = 5 : i64, core_type = "aic"}
  %h = tile.aiv_shard %acc {split = 1 : i64} : (!tile.tile<32x32xf32, acc>) -> !tile.tile<16x32xf32, vec>
  tile.sync_wait {pipe = "PIPE_V", event_id = 5 : i64, core_type = "aiv"}
  %e = tile.exp %h : (!tile.tile<16x32xf32, vec>) -> !tile.tile<16x32xf32, vec>
  tile.pipe_barrier {pipe = "PIPE_V"}
  %sb = tile.get_subblock_idx : index
  %row = arith.muli %sb, %c16 : index
  tile.store %e, %out[%row, %c0] : !tile.tile<16x32xf32, vec>, memref<32x32xf32>
  tile.pipe_barrier {pipe = "PIPE_ALL"}
  func.return
}

// CHECK:      func.func @mix_aic(
// CHECK:        tile.set_ffts %ffts : memref<256xi64>
// CHECK:        %acc = tile.matmul
// CHECK-NEXT:   tile.pipe_barrier {pipe = "PIPE_M"}
// CHECK-NEXT:   tile.sync_set {pipe = "PIPE_FIX", event_id = 5 : i64, core_type = "aic"}
// CHECK-NEXT:   tile.tpush_to_aiv %acc {split = 1 : i64} : !tile.tile<32x32xf32, acc>
// CHECK-NEXT:   tile.pipe_barrier {pipe = "PIPE_ALL"}
// CHECK-NEXT:   func.return
// CHECK:      func.func @mix_aiv(
// CHECK:        tile.set_ffts %ffts : memref<256xi64>
// CHECK-NEXT:   %h = tile.tpop_from_aic {split = 1 : i64} : !tile.tile<16x32xf32, vec>
// CHECK-NEXT:   tile.sync_wait {pipe = "PIPE_V", event_id = 5 : i64, core_type = "aiv"}
// CHECK-NEXT:   %e = tile.exp %h
// CHECK-NEXT:   tile.tfree_to_aic %h
// CHECK-NEXT:   tile.pipe_barrier {pipe = "PIPE_V"}
// CHECK-NOT:    PIPE_M
// CHECK:        tile.pipe_barrier {pipe = "PIPE_ALL"}
// CHECK-NEXT:   func.return

// A3:      func.func private @mix_aic(%x: !pto.ptr<f16>, %w: !pto.ptr<f16>, %ffts: memref<256xi64>, %out: !pto.ptr<f32>, %gm_pipe: !pto.ptr<f32>) attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
// A3:      pto.set_ffts %ffts : memref<256xi64>
// A3:      pto.barrier <PIPE_M>
// A3-NEXT: pto.sync.set <PIPE_FIX>, 5{{$}}
// A3:      func.func private @mix_aiv(%x: !pto.ptr<f16>, %w: !pto.ptr<f16>, %ffts: memref<256xi64>, %out: !pto.ptr<f32>, %gm_pipe: !pto.ptr<f32>) attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
// A3:      pto.sync.wait <PIPE_V>, 5{{$}}
// A3:      func.func @mix(%x: !pto.ptr<f16>, %w: !pto.ptr<f16>, %ffts: memref<256xi64>, %out: !pto.ptr<f32>, %gm_pipe: !pto.ptr<f32>) attributes {pto.entry} {
// A3-NEXT: func.call @mix_aic(%x, %w, %ffts, %out, %gm_pipe) : (!pto.ptr<f16>, !pto.ptr<f16>, memref<256xi64>, !pto.ptr<f32>, !pto.ptr<f32>) -> ()

// A5: pto.sync.set <PIPE_FIX>, 5{{$}}
// A5: pto.sync.wait <PIPE_V>, 5{{$}}

// NOCORE: {{^.*}}sync-no-core.mlir:8:3: error: expand-mixed-kernel: tile.sync_set names no core, so it belongs to neither; give it core_type = "aic" or "aiv" (or, for a flag pair, a pipe of one core){{$}}

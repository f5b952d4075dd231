// RUN: xdsl-pto import-pypto %S/Inputs/system_sync.py -o %t.mlir
// RUN: filecheck %s --check-prefix=IMPORT < %t.mlir
// RUN: xdsl-opt -p 'pto-plan-memory{backend=a3 verify=true},convert-tile-to-pto' %t.mlir | filecheck %s --check-prefix=PTO
// RUN: xdsl-opt -p 'pto-plan-memory{backend=a5},convert-tile-to-pto' %t.mlir | filecheck %s --check-prefix=A5
// RUN: xdsl-opt -p 'pto-plan-memory{backend=a3 planner=ptoas},convert-tile-to-pto' %t.mlir | filecheck %s --check-prefix=PTOAS
// RUN: xdsl-pto run %t.mlir --seed 3 | filecheck %s --check-prefix=EXEC
// RUN: xdsl-pto import-pypto %S/Inputs/system_sync_gm.py -o %t.gm.mlir
// RUN: filecheck %s --check-prefix=GM < %t.gm.mlir
// RUN: xdsl-pto run %t.gm.mlir --seed 3 | filecheck %s --check-prefix=GMEXEC
// RUN: not xdsl-opt -p 'pto-compile{backend=a3}' %t.gm.mlir 2>&1 | filecheck %s --check-prefix=GMPTO
// RUN: not xdsl-pto import-pypto %S/Inputs/err_sync_event.py 2>&1 | filecheck %s --check-prefix=ERR-EVENT
// RUN: not xdsl-pto import-pypto %S/Inputs/err_sync_ffts_mode.py 2>&1 | filecheck %s --check-prefix=ERR-MODE
// RUN: not xdsl-pto import-pypto %S/Inputs/err_set_ffts_small.py 2>&1 | filecheck %s --check-prefix=ERR-FFTS
// RUN: not xdsl-pto import-pypto %S/Inputs/err_sync_pipe.py 2>&1 | filecheck %s --check-prefix=ERR-PIPE
// RUN: not xdsl-pto import-pypto %S/Inputs/err_sync_flag_id.py 2>&1 | filecheck %s --check-prefix=ERR-FLAG
// RUN: not xdsl-pto import-pypto %S/Inputs/err_syncall_workspace.py 2>&1 | filecheck %s --check-prefix=ERR-WS
// RUN: not xdsl-pto import-pypto %S/Inputs/err_cacheinvalid.py 2>&1 | filecheck %s --check-prefix=ERR-CACHE

// The synchronization calls of pl.system beyond the hard syncall
// (pypto-docs/operators.md "SyncOp" / "CrossCoreOp", python_syntax.md), in
// the forms the reference documents: the pipe barriers bar_v / bar_m /
// bar_all, the flag pair sync_src / sync_dst (keywords and positional),
// explicit cross-core events with a static or a dynamic (index) id, their A3
// FFTS setup (positional and workspace=), the GM fence, the soft syncall
// (used_cores 0, a scalar, a literal) and both cache invalidations. Each
// keeps its place among the tile ops. The three lowerings of system_sync.py
// are in the ptoas corpus (test/ptoas): v0.48 takes them at level3 on a3 and
// a5 and at level2 under planner=ptoas.

// IMPORT:      func.func @vec_side(%x: memref<16x64xf32>, %ffts: memref<256xi64>, %o: memref<16x64xf32> {tile.out}, %ev: index) attributes {tile.function_kind = "aiv"} {
// IMPORT-NEXT:   %c0 = arith.constant 0 : index
// IMPORT-NEXT:   tile.set_ffts %ffts : memref<256xi64>
// IMPORT-NEXT:   %t = tile.load %x[%c0, %c0] : memref<16x64xf32> -> !tile.tile<16x64xf32, vec>
// IMPORT-NEXT:   tile.sync_src {set_pipe = "PIPE_MTE2", wait_pipe = "PIPE_V", event_id = 0 : i64}
// IMPORT-NEXT:   tile.sync_dst {set_pipe = "PIPE_MTE2", wait_pipe = "PIPE_V", event_id = 0 : i64}
// IMPORT-NEXT:   %e = tile.exp %t : (!tile.tile<16x64xf32, vec>) -> !tile.tile<16x64xf32, vec>
// IMPORT-NEXT:   tile.pipe_barrier {pipe = "PIPE_V"}
// IMPORT-NEXT:   tile.sync_wait {pipe = "PIPE_V", event_id = 3 : i64}
// IMPORT-NEXT:   tile.store %e, %o[%c0, %c0] : !tile.tile<16x64xf32, vec>, memref<16x64xf32>
// IMPORT-NEXT:   tile.sync_set %ev {pipe = "PIPE_MTE3", ffts_mode = 2 : i64} : index
// IMPORT-NEXT:   tile.pipe_barrier {pipe = "PIPE_ALL"}
// IMPORT-NEXT:   func.return
// IMPORT:      func.func @cube_side(
// IMPORT-NEXT:   %c0 = arith.constant 0 : index
// IMPORT-NEXT:   tile.set_ffts %ffts : memref<256xi64>
// IMPORT:        %acc = tile.matmul %al, %br : (!tile.tile<16x32xf16, left>, !tile.tile<32x64xf16, right>) -> !tile.tile<16x64xf32, acc>
// IMPORT-NEXT:   tile.pipe_barrier {pipe = "PIPE_M"}
// IMPORT-NEXT:   tile.store %acc, %c[%c0, %c0] : !tile.tile<16x64xf32, acc>, memref<16x64xf32>
// IMPORT-NEXT:   tile.sync_set {pipe = "PIPE_FIX", event_id = 3 : i64, core_type = "aic"}
// IMPORT-NEXT:   func.return

// The FFTS workspace stays a memref argument (ptoas v0.48 takes no pointer
// there) and gets no tensor view; everything else lowers in place.
// PTO:      func.func @vec_side(%x: !pto.ptr<f32>, %ffts: memref<256xi64>, %o: !pto.ptr<f32>, %ev: index) attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
// PTO-NOT:  pto.make_tensor_view %ffts
// PTO:      pto.set_ffts %ffts : memref<256xi64>
// PTO-NEXT: pto.partition_view
// PTO-NEXT: pto.tload
// PTO-NEXT: pto.set_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID0>]
// PTO-NEXT: pto.wait_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID0>]
// PTO-NEXT: pto.texp
// PTO-NEXT: pto.barrier <PIPE_V>
// PTO-NEXT: pto.sync.wait <PIPE_V>, 3
// PTO-NEXT: pto.partition_view
// PTO-NEXT: pto.tstore
// PTO-NEXT: pto.sync.set <PIPE_MTE3>, %ev {ffts_mode = 2 : i32}
// PTO-NEXT: pto.barrier <PIPE_ALL>
// PTO-NEXT: func.return
// PTO:      func.func @cube_side(%a: !pto.ptr<f16>, %b: !pto.ptr<f16>, %ffts: memref<256xi64>, %c: !pto.ptr<f32>) attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
// PTO:      pto.set_ffts %ffts : memref<256xi64>
// PTO:      pto.tmatmul
// PTO-NEXT: pto.barrier <PIPE_M>
// PTO-NEXT: pto.partition_view
// PTO-NEXT: pto.tstore
// PTO-NEXT: pto.sync.set <PIPE_FIX>, 3{{$}}
// PTO-NEXT: func.return

// a5 takes the same text (its event pipes: FIX / MTE3 to raise, V to wait).
// A5: pto.sync.wait <PIPE_V>, 3
// A5: pto.sync.set <PIPE_MTE3>, %ev {ffts_mode = 2 : i32}
// A5: pto.sync.set <PIPE_FIX>, 3{{$}}

// PTOAS:      pto.set_ffts %ffts : memref<256xi64>
// PTOAS:      pto.set_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID0>]
// PTOAS-NEXT: pto.wait_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID0>]

// One core runs in program order: every barrier, event and flag is a no-op.
// EXEC: {{^.*}}.mlir: logical and physical runs agree (seed 3){{$}}

// GM:      tile.store %t, %o[%c0, %c0] : !tile.tile<16x64xf32, vec>, memref<16x64xf32>
// GM-NEXT: tile.cacheinvalid{{$}}
// GM-NEXT: tile.fence
// GM-NEXT: tile.syncall %ws {core_type = "aiv_only", mode = "soft"} : memref<16xi32>
// GM-NEXT: tile.syncall %ws, %n {core_type = "mix", mode = "soft"} : memref<16xi32>, i32
// GM-NEXT: tile.syncall %ws, %c48 {core_type = "mix", mode = "soft"} : memref<16xi32>, i32
// GM-NEXT: tile.cacheinvalid %o[%c2, %c0] {shape = array<i64: 1, 64>} : memref<16x64xf32>
// GM-NEXT: func.return
// GM:      tile.fence

// The interpreter runs them (no-ops); ptoas v0.48 has no form for them.
// GMEXEC: {{^.*}}.gm.mlir: logical and physical runs agree (seed 3){{$}}
// GMPTO: {{^.*}}.gm.mlir:8:5: error: convert-tile-to-pto: tile.cacheinvalid: ptoas v0.48 has no cache maintenance op (the reference's pto.cmo.cacheinvalid is an unknown op to it){{$}}

// Refused at the argument, with the documented ranges.
// ERR-EVENT: {{^.*}}Inputs/err_sync_event.py:9:28: error: event_id of 'pl.system.sync_set' (14 and 15 are reserved) must be an integer literal in 0..13, got '14'{{$}}
// ERR-MODE:  {{^.*}}Inputs/err_sync_ffts_mode.py:9:64: error: ffts_mode of 'pl.system.sync_set' must be an integer literal in 0, 1, 2, got '3'{{$}}
// ERR-FFTS:  {{^.*}}Inputs/err_set_ffts_small.py:8:28: error: the workspace of 'pl.system.set_ffts' must be a one-dimensional INT64 tensor of at least 256 elements, got memref<128xi64>{{$}}
// ERR-PIPE:  {{^.*}}Inputs/err_sync_pipe.py:8:65: error: wait_pipe of 'pl.system.sync_src' must be a pl.PipeType (S, V, M, MTE1, MTE2, MTE3, FIX, ALL), got 'pl.PipeType.VEC'{{$}}
// ERR-FLAG:  {{^.*}}Inputs/err_sync_flag_id.py:8:61: error: event_id of 'pl.system.sync_dst' must be an integer literal in 0..7, got '8'{{$}}
// ERR-WS:    {{^.*}}Inputs/err_syncall_workspace.py:8:75: error: gm_workspace of 'pl.system.syncall' must be an INT32 tensor of at least 16 elements, got memref<8xi32>{{$}}
// ERR-CACHE: {{^.*}}Inputs/err_cacheinvalid.py:8:39: error: a shape extent of 'pl.system.cacheinvalid' is 128, larger than the tensor's 64{{$}}

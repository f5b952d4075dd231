// RUN: xdsl-pto import-pypto %S/Inputs/sync_atomic_forms.py -o %t.mlir
// RUN: filecheck %s --check-prefix=IMPORT < %t.mlir
// RUN: xdsl-opt -p 'pto-compile{backend=a3 verify=true}' %t.mlir | filecheck %s --check-prefix=PTO
// RUN: xdsl-opt -p 'pto-compile{backend=a3 planner=ptoas}' %t.mlir | filecheck %s --check-prefix=PTOAS
// RUN: not xdsl-opt -p 'pto-compile{backend=a5}' %t.mlir 2>&1 | filecheck %s --check-prefix=A5
// RUN: xdsl-pto run %t.mlir --seed 3 | filecheck %s --check-prefix=EXEC
// RUN: not xdsl-pto import-pypto %S/Inputs/err_atomic_max.py 2>&1 | filecheck %s --check-prefix=MAX
// RUN: not xdsl-pto import-pypto %S/Inputs/err_syncall_soft.py 2>&1 | filecheck %s --check-prefix=SOFT

// Three forms of the pypto-lib model kernels (issue 24): the cross-core
// barrier pl.system.syncall (qk_pv_skew_probe*), the atomic-add store
// (down_proj: split-K partial sums added into GM) and a Vec -> Vec
// pl.tile.extract (rope_kv_cache, rope_qkv: a row window at a runtime row).
// The barrier keeps its place among the other ops through the whole flow:
// right after the load, right before the extract.

// IMPORT:      %t = tile.load %x[%c0, %c0] : memref<16x128xf32> -> !tile.tile<16x128xf32, vec>
// IMPORT-NEXT: tile.syncall {core_type = "mix"}
// IMPORT-NEXT: %lo = tile.extract %t, %r, %c64 : (!tile.tile<16x128xf32, vec>, index, index) -> !tile.tile<2x64xf32, vec>
// IMPORT-NEXT: tile.store %lo, %part[%c0, %c0] {atomic = "add"} : !tile.tile<2x64xf32, vec>, memref<2x64xf32>
// IMPORT-NEXT: %lo_h = tile.cast %lo {mode = "round"} : (!tile.tile<2x64xf32, vec>) -> !tile.tile<2x64xbf16, vec>
// IMPORT-NEXT: tile.store %lo_h, %half[%c0, %c0] {atomic = "add"} : !tile.tile<2x64xbf16, vec>, memref<2x64xbf16>
// IMPORT-NEXT: tile.syncall {core_type = "aiv_only"}
// IMPORT-NEXT: func.return

// PTO:      pto.tload ins(%3 : !pto.partition_tensor_view<16x128xf32>) outs(%t : {{.*}})
// PTO-NEXT: pto.syncall() mode = #pto.sync_all_mode<hard>, core_type = #pto.sync_core_type<mix>
// PTO-NEXT: pto.textract ins(%t, %r, %c64 : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=128, v_row=16, v_col=128, blayout=row_major, slayout=none_box, fractal=512, pad=0>, index, index) outs(%lo : !pto.tile_buf<loc=vec, dtype=f32, rows=2, cols=64, v_row=2, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
// PTO-NEXT: %4 = pto.partition_view %1, offsets = [%c0, %c0], sizes = [%c2_index, %c64_index] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<2x64xf32>
// PTO-NEXT: pto.tstore ins(%lo : !pto.tile_buf<loc=vec, dtype=f32, rows=2, cols=64, v_row=2, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%4 : !pto.partition_tensor_view<2x64xf32>) {atomicType = #pto<atomic_type atomic_add>}
// PTO:      pto.tstore ins(%lo_h : !pto.tile_buf<loc=vec, dtype=bf16, rows=2, cols=64, v_row=2, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%5 : !pto.partition_tensor_view<2x64xbf16>) {atomicType = #pto<atomic_type atomic_add>}
// PTO-NEXT: pto.syncall() mode = #pto.sync_all_mode<hard>, core_type = #pto.sync_core_type<aiv_only>
// PTO-NEXT: func.return

// PTOAS:      pto.tload
// PTOAS-NEXT: pto.syncall() mode = #pto.sync_all_mode<hard>, core_type = #pto.sync_core_type<mix>
// PTOAS-NEXT: %lo = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f32, rows=2, cols=64, v_row=2, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>
// PTOAS-NEXT: pto.textract

// bf16 has an atomic-add store on a2/a3 only (pto-isa; ptoas v0.48 would
// emit it for a5 too).
// A5: {{^.*}}.mlir:10:5: error: convert-tile-to-pto: tile.store on a5: pto-isa has no atomic-add store of bf16 on a5 (a2/a3 only){{$}}

// The interpreter adds into GM; the barrier is a no-op (one core runs).
// EXEC: {{^.*}}.mlir: logical and physical runs agree (seed 3){{$}}

// MAX:  {{^.*}}Inputs/err_atomic_max.py:9:81: error: atomic must be pl.AtomicType.Add or None, got 'pl.AtomicType.Max'{{$}}
// A soft barrier needs its workspace and an explicit participant count.
// SOFT: {{^.*}}Inputs/err_syncall_soft.py:9:9: error: a soft 'pl.system.syncall' needs gm_workspace and used_cores (0: the launch's count); 'used_cores' is missing{{$}}

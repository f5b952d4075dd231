// RUN: xdsl-pto import-pypto %S/Inputs/sort_gather.py -o %t.mlir
// RUN: filecheck %s < %t.mlir
// RUN: xdsl-opt -p 'pto-plan-memory{backend=a3 verify=true}' %t.mlir | filecheck %s --check-prefix=PLAN
// RUN: not xdsl-pto import-pypto %S/Inputs/err_tuple_result.py 2>&1 | filecheck %s --check-prefix=TUPLE

// pl.tile.<name> of the sort / gather / scatter ops of issue 23, as the
// reference prints them: sort32 / gather / gatherb / scatter fill their
// operands in order; mrgsort_format1's block length is a pl.const i32;
// mrgsort_format2 takes 2 to 4 lists then tmp (exhausted=False: no
// attribute); mask_pattern's integer code (or a MaskPattern name) is our
// pattern name; output_dtype must agree with the annotation; cmp_mode's code
// 4 is "gt"; gather_compare's two results are assigned as a pair (their types
// from the source and out_cols); mgather's coalesce and gather_oob are
// strings; the in-place ops (scatter, scatter_mask, scatter_update,
// gather_row: rw(0)) rebind their destination's name; gather_row's offset
// pairs become four index operands and its shape the window; mscatter binds
// the written tensor, as a store does.

// CHECK:      %pairs = tile.sort32 %scores, %idx : (!tile.tile<1x512xf32, vec>, !tile.tile<1x512xui32, vec>) -> !tile.tile<1x1024xf32, vec>
// CHECK-NEXT: %pairs_v1 = tile.mrgsort_format1 %pairs, %c64 : (!tile.tile<1x1024xf32, vec>, i32) -> !tile.tile<1x1024xf32, vec>
// CHECK-NEXT: %pairs_v2 = tile.mrgsort_format1 %pairs_v1, %c256 : (!tile.tile<1x1024xf32, vec>, i32) -> !tile.tile<1x1024xf32, vec>
// CHECK:      %merged = tile.mrgsort_format2 %half0, %half1, %mrg_tmp : (!tile.tile<1x64xf32, vec>, !tile.tile<1x64xf32, vec>, !tile.tile<1x128xf32, vec>) -> !tile.tile<1x128xf32, vec>
// CHECK:      %vals = tile.gather_mask %best {mask_pattern = "P0101"} : (!tile.tile<1x64xf32, vec>) -> !tile.tile<1x32xf32, vec>
// CHECK-NEXT: %pos = tile.gather_mask %best {mask_pattern = "P1010"} : (!tile.tile<1x64xf32, vec>) -> !tile.tile<1x32xi32, vec>
// CHECK:      %r = tile.mgather %table, %rid {coalesce = "row", gather_oob = "clamp"} : (memref<1024x64xf32>, !tile.tile<1x16xi32, vec>) -> !tile.tile<16x64xf32, vec>
// CHECK:      %g = tile.gather %r, %i, %gtmp : (!tile.tile<16x64xf32, vec>, !tile.tile<16x64xi32, vec>, !tile.tile<16x64xi32, vec>) -> !tile.tile<16x64xf32, vec>
// CHECK:      %gb = tile.gatherb %g, %off : (!tile.tile<16x64xf32, vec>, !tile.tile<16x8xui32, vec>) -> !tile.tile<16x64xf32, vec>
// CHECK:      %found, %count = tile.gather_compare %gb, %cst, %ctmp {cmp_mode = "gt", offset = 0 : i32} : (!tile.tile<16x64xf32, vec>, f32, !tile.tile<32x256xui8, vec>) -> (!tile.tile<16x64xi32, vec>, !tile.tile<1x16xi32, vec>)
// CHECK:      %[[S:.*]] = tile.scatter %gb, %g, %i : (!tile.tile<16x64xf32, vec>, !tile.tile<16x64xf32, vec>, !tile.tile<16x64xi32, vec>) -> !tile.tile<16x64xf32, vec>
// CHECK:      tile.scatter_mask %narrow, %[[S]] {mask_pattern = "P0101"} : (!tile.tile<16x32xf32, vec>, !tile.tile<16x64xf32, vec>) -> !tile.tile<16x32xf32, vec>
// CHECK:      %[[U:.*]] = tile.scatter_update %[[S]], %row_ids, %upd_src : (!tile.tile<16x64xf32, vec>, !tile.tile<1x8xi32, vec>, !tile.tile<8x64xf32, vec>) -> !tile.tile<16x64xf32, vec>
// CHECK-NEXT: %[[W:.*]] = tile.gather_row %[[U]], %table, %c8, %c0, %c100, %c0 {window = array<i64: 4, 64>} : (!tile.tile<16x64xf32, vec>, memref<1024x64xf32>, index, index, index, index) -> !tile.tile<16x64xf32, vec>
// CHECK-NEXT: tile.mscatter %[[W]], %i, %scattered : (!tile.tile<16x64xf32, vec>, !tile.tile<16x64xi32, vec>, memref<1024x64xf32>)
// CHECK-NEXT: tile.store %[[W]], %rows[%c0, %c0]

// The imported kernel plans (and the plan is proved): gather_compare's two
// results get buffers of their own.
// PLAN: %found, %count = tile.gather_compare {{.*}} -> (!tile.tile<16x64xi32, vec, memref = <@mem_vec_17, offset = 0, size = 4096>>, !tile.tile<1x16xi32, vec, memref = <@mem_vec_18, offset = 0, size = 64>>)

// TUPLE: err_tuple_result.py:10:13: error: 'pl.tile.gather_compare' has 2 results: assign them as 'a, b = ...'

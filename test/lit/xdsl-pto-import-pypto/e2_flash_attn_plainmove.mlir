// RUN: xdsl-pto import-pypto %examples/pypto/e2_flash_attn_plainmove.py -o %t.mlir
// RUN: filecheck %s --check-prefix=IMPORT < %t.mlir
// RUN: xdsl-opt -p 'pto-plan-memory{backend=a3}' %t.mlir -o %t.planned.mlir
// RUN: filecheck %s --check-prefix=PLAN < %t.planned.mlir
// RUN: xdsl-pto report - < %t.planned.mlir | filecheck %s --check-prefix=REPORT
// RUN: xdsl-opt -p 'convert-tile-to-pto{backend=a3}' %t.planned.mlir | filecheck %s --check-prefix=PTO

// The sample dump examples/pypto/e2_flash_attn_plainmove.py, imported, planned for a3 and
// lowered to PTO. The planned allocations and the bytes used per space are
// checked exactly (the reference's numbers for this dump are not known here).

// IMPORT-LABEL: func.func @kernel_aic(
// IMPORT: %kernel_v2c_slot_buffer = tile.reserve_buffer "kernel_v2c_slot_buffer" size 65536 in mat
// IMPORT: %kernel_c2v_slot_buffer_import = tile.import_peer_buffer "kernel_c2v_slot_buffer" from @kernel_aiv
// IMPORT: tile.aic_initialize_pipe %kernel_c2v_slot_buffer_import, %kernel_v2c_slot_buffer gm_slot_buffer(%__gm_pipe_buffer : memref<1xf32>) {dir_mask = 3 : i64, slot_size = 32768 : i64, slot_num = 2 : i64}
// IMPORT: %k_t__ssa_v0 = tile.transpose_view %k_mat__ssa_v0 : (!tile.tile<64x128xf16, mat>) -> !tile.tile<128x64xf16, mat, blayout = row_major, slayout = col_major>
// IMPORT-LABEL: func.func @kernel_aiv(%q__ssa_v0: memref<64x128xf16>, %k__ssa_v0: memref<256x128xf16>, %v__ssa_v0: memref<256x128xf16>, %out__ssa_v0: memref<64x128xf32> {tile.out}, %__gm_pipe_buffer: memref<1xf32> {tile.out}) attributes {tile.function_kind = "aiv", tile.func_attrs = {dual_aiv_dispatch = true}} {
// IMPORT: %subblock_idx = tile.get_subblock_idx : index
// IMPORT: %kernel_v2c_slot_buffer_import = tile.import_peer_buffer "kernel_v2c_slot_buffer" from @kernel_aic
// IMPORT: %kernel_c2v_slot_buffer = tile.reserve_buffer "kernel_c2v_slot_buffer" size 65536 in vec
// IMPORT: tile.aiv_initialize_pipe %kernel_c2v_slot_buffer, %kernel_v2c_slot_buffer_import gm_slot_buffer(%__gm_pipe_buffer : memref<1xf32>) {dir_mask = 3 : i64, slot_size = 32768 : i64, slot_num = 2 : i64}
// IMPORT: scf.if %{{[0-9]+}} {
// IMPORT-LABEL: func.func @kernel(
// IMPORT: func.call @kernel_aic(%q__ssa_v0, %k__ssa_v0, %v__ssa_v0, %out__ssa_v0, %__gm_pipe_buffer) : (memref<64x128xf16>, memref<256x128xf16>, memref<256x128xf16>, memref<64x128xf32>, memref<1xf32>) -> ()
// IMPORT: func.call @kernel_aiv(%q__ssa_v0, %k__ssa_v0, %v__ssa_v0, %out__ssa_v0, %__gm_pipe_buffer) : (memref<64x128xf16>, memref<256x128xf16>, memref<256x128xf16>, memref<64x128xf32>, memref<1xf32>) -> ()
// PLAN-LABEL: func.func @kernel_aic(
// PLAN:      tile.alloc @mem_mat_0 in mat size 16384 addr 65536
// PLAN-NEXT: tile.alloc @mem_left_1 in left size 16384 addr 0
// PLAN-NEXT: tile.alloc @mem_right_3 in right size 16384 addr 0
// PLAN-NEXT: tile.alloc @mem_left_5 in left size 8192 addr 16384
// PLAN-NEXT: tile.alloc @mem_acc_8 in acc size 32768 addr 0
// PLAN-LABEL: func.func @kernel_aiv(
// PLAN:      tile.alloc @mem_vec_0 in vec size 256 addr 65536
// PLAN-NEXT: tile.alloc @mem_vec_1 in vec size 256 addr 65792
// PLAN-NEXT: tile.alloc @mem_vec_2 in vec size 32768 addr 66048
// PLAN-NEXT: tile.alloc @mem_vec_8 in vec size 256 addr 98816
// PLAN-NEXT: tile.alloc @mem_vec_10 in vec size 256 addr 99072
// PLAN-NEXT: tile.alloc @mem_vec_12 in vec size 16384 addr 99328
// PLAN-NEXT: tile.alloc @mem_vec_21 in vec size 32768 addr 115712
// PLAN-NEXT: tile.alloc @mem_vec_22 in vec size 32768 addr 148480
// PLAN-LABEL: func.func @kernel(
// REPORT:      {{^}}<stdin>: target a3, planner pypto; sizes in bytes{{$}}
// REPORT-NEXT: {{^}}@kernel_aic{{$}}
// REPORT-NEXT: {{^}}  space   used   LOAD  used/LOAD  capacity  roots before  roots after  carry moves{{$}}
// REPORT-NEXT: {{^}}  mat    81920  81920      1.000    524288             3            1            0{{$}}
// REPORT-NEXT: {{^}}  left   24576  24576      1.000     65536             2            2            0{{$}}
// REPORT-NEXT: {{^}}  right  16384  16384      1.000     65536             2            1            0{{$}}
// REPORT-NEXT: {{^}}  acc    32768  32768      1.000    131072             2            1            0{{$}}
// REPORT-NEXT: {{^}}  mat reserved [0, 65536) "kernel_v2c_slot_buffer"{{$}}
// REPORT-NEXT: {{^}}@kernel_aiv{{$}}
// REPORT-NEXT: {{^}}  space    used    LOAD  used/LOAD  capacity  roots before  roots after  carry moves{{$}}
// REPORT-NEXT: {{^}}  vec    181248  164608      1.101    188416            46            8            2{{$}}
// REPORT-NEXT: {{^}}  vec reserved [0, 65536) "kernel_c2v_slot_buffer"{{$}}
// REPORT-EMPTY:
// PTO-LABEL: func.func private @kernel_aic(
// PTO-SAME: attributes {pto.kernel_kind = #pto.kernel_kind<cube>}
// PTO: %kernel_v2c_slot_buffer = pto.reserve_buffer {name = "kernel_v2c_slot_buffer", size = 65536, location = #pto.address_space<mat>, auto = false, base = 0} -> i32
// PTO: %kernel_c2v_slot_buffer_import = pto.import_reserved_buffer {name = "kernel_c2v_slot_buffer", peer_func = @kernel_aiv} -> i32
// PTO: pto.aic_initialize_pipe {dir_mask = 3, slot_size = 32768, slot_num = 2} (gm_slot_buffer = %__gm_pipe_buffer : !pto.ptr<f32>, c2v_consumer_buf = %kernel_c2v_slot_buffer_import : i32, v2c_consumer_buf = %kernel_v2c_slot_buffer : i32)
// PTO: pto.tmatmul
// PTO: pto.tpush_to_aiv
// PTO: pto.tfree_from_aiv {split = 0}
// PTO: pto.tmatmul
// PTO: pto.tpush_to_aiv
// PTO-LABEL: func.func private @kernel_aiv(
// PTO-SAME: attributes {pto.kernel_kind = #pto.kernel_kind<vector>}
// PTO: %kernel_v2c_slot_buffer_import = pto.import_reserved_buffer {name = "kernel_v2c_slot_buffer", peer_func = @kernel_aic} -> i32
// PTO: %kernel_c2v_slot_buffer = pto.reserve_buffer {name = "kernel_c2v_slot_buffer", size = 65536, location = #pto.address_space<vec>, auto = false, base = 0} -> i32
// PTO: pto.aiv_initialize_pipe {dir_mask = 3, slot_size = 32768, slot_num = 2} (gm_slot_buffer = %__gm_pipe_buffer : !pto.ptr<f32>, c2v_consumer_buf = %kernel_c2v_slot_buffer : i32, v2c_consumer_buf = %kernel_v2c_slot_buffer_import : i32)
// PTO: pto.tfree_from_aic {split = 0}
// PTO: pto.tpush_to_aic
// PTO: pto.tfree_from_aic {split = 0}
// PTO: pto.tfree_from_aic {split = 0}
// PTO: pto.tpush_to_aic
// PTO: pto.tfree_from_aic {split = 0}
// PTO-LABEL: func.func @kernel(
// PTO-SAME: attributes {pto.entry}
// PTO-NOT: tile.

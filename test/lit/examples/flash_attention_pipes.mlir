// RUN: xdsl-opt -p 'pto-plan-memory{backend=a3 verify=true},convert-tile-to-pto' %examples/flash_attention_pipes.mlir | filecheck %s --match-full-lines
// RUN: xdsl-opt -p 'pto-plan-memory{backend=a3 verify=true}' %examples/flash_attention_pipes.mlir | filecheck %s --check-prefix=PLAN
// RUN: xdsl-opt -p 'pto-plan-memory{backend=a3 verify=true planner=dsa_rp},convert-tile-to-pto' %examples/flash_attention_pipes.mlir | filecheck %s --check-prefix=DSA

// examples/flash_attention_pipes.mlir: the flash-attention block as a cube
// and a vector function joined by cross-core pipes, plus a group entry.

// Each 64 KiB ring is an AUTO reservation resolved to base 0 of its space;
// every mat / vec tile is placed above it (the first at 65536).
// PLAN-LABEL: func.func @kernel_aic(
// PLAN-NEXT: tile.alloc @mem_mat_0 in mat size 16384 addr 65536
// PLAN: %v2c = tile.reserve_buffer "kernel_v2c_slot_buffer" size 65536 in mat at 0
// PLAN-LABEL: func.func @kernel_aiv(
// PLAN-NEXT: tile.alloc @mem_vec_0 in vec size 256 addr 65536
// PLAN: %c2v = tile.reserve_buffer "kernel_c2v_slot_buffer" size 65536 in vec at 0
// DSA: %v2c = pto.reserve_buffer {name = "kernel_v2c_slot_buffer", size = 65536, location = #pto.address_space<mat>, auto = false, base = 0} -> i32
// DSA: %c2v = pto.reserve_buffer {name = "kernel_c2v_slot_buffer", size = 65536, location = #pto.address_space<vec>, auto = false, base = 0} -> i32

// CHECK:      builtin.module attributes {pto.target_arch = "a3"} {
// CHECK-NEXT:   func.func private @kernel_aic(%q: !pto.ptr<f16>, %kt: !pto.ptr<f16>, %v: !pto.ptr<f16>, %out: !pto.ptr<f32>, %gm_pipe: !pto.ptr<f32>) attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
// CHECK:          %q_mat = pto.alloc_tile addr = %c65536_i64 : !pto.tile_buf<loc=mat, dtype=f16, rows=64, cols=128, v_row=64, v_col=128, blayout=col_major, slayout=row_major, fractal=512, pad=0>
// CHECK:          %v2c = pto.reserve_buffer {name = "kernel_v2c_slot_buffer", size = 65536, location = #pto.address_space<mat>, auto = false, base = 0} -> i32
// CHECK-NEXT:     %c2v = pto.import_reserved_buffer {name = "kernel_c2v_slot_buffer", peer_func = @kernel_aiv} -> i32
// CHECK-NEXT:     pto.aic_initialize_pipe {dir_mask = 3, slot_size = 32768, slot_num = 2} (gm_slot_buffer = %gm_pipe : !pto.ptr<f32>, c2v_consumer_buf = %c2v : i32, v2c_consumer_buf = %v2c : i32)
// CHECK:            pto.tpush_to_aiv(%s_acc : !pto.tile_buf<loc=acc, dtype=f32, rows=64, cols=64, v_row=64, v_col=64, blayout=col_major, slayout=row_major, fractal=1024, pad=0>) {split = 0}
// CHECK-NEXT:       %p_mat = pto.tpop_from_aiv {split = 0} -> !pto.tile_buf<loc=mat, dtype=f16, rows=64, cols=64, v_row=64, v_col=64, blayout=col_major, slayout=row_major, fractal=512, pad=0>
// CHECK-NEXT:       pto.tmov ins(%p_mat : {{.*}}) outs(%p_left : {{.*}})
// CHECK-NEXT:       pto.tfree_from_aiv {split = 0}
// CHECK:        func.func private @kernel_aiv(%q: !pto.ptr<f16>, %kt: !pto.ptr<f16>, %v: !pto.ptr<f16>, %out: !pto.ptr<f32>, %gm_pipe: !pto.ptr<f32>) attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
// CHECK:          %[[Q:[0-9]+]] = pto.get_subblock_idx
// CHECK-NEXT:     %sub = arith.index_cast %[[Q]] : i64 to index
// CHECK-NEXT:     %v2c = pto.import_reserved_buffer {name = "kernel_v2c_slot_buffer", peer_func = @kernel_aic} -> i32
// CHECK-NEXT:     %c2v = pto.reserve_buffer {name = "kernel_c2v_slot_buffer", size = 65536, location = #pto.address_space<vec>, auto = false, base = 0} -> i32
// CHECK-NEXT:     pto.aiv_initialize_pipe {dir_mask = 3, slot_size = 32768, slot_num = 2} (gm_slot_buffer = %gm_pipe : !pto.ptr<f32>, c2v_consumer_buf = %c2v : i32, v2c_consumer_buf = %v2c : i32)
// CHECK:          scf.if %first {
// CHECK:              %s_vec = pto.tpop_from_aic {split = 0} -> !pto.tile_buf<loc=vec, dtype=f32, rows=64, cols=64, v_row=64, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>
// CHECK-NEXT:         pto.tmuls ins(%s_vec, %scale : {{.*}}) outs(%s_scaled : {{.*}})
// CHECK-NEXT:         pto.tfree_from_aic {split = 0}
// CHECK:              pto.tpush_to_aic(%p16 : !pto.tile_buf<loc=vec, dtype=f16, rows=64, cols=64, v_row=64, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>) {split = 0}
// CHECK:          } else {
// CHECK:              %s_vec_1 = pto.tpop_from_aic(%c0_index, %c0_index) {split = 0} -> !pto.tile_buf<loc=vec, dtype=f32, rows=64, cols=64, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>
// CHECK:              pto.tadd ins(%o_init1, %pv_1 : {{.*}}) outs(%o_init1 : {{.*}})
// CHECK-NEXT:         pto.tfree_from_aic {split = 0}
// CHECK-NEXT:       }
// CHECK-NEXT:     }
// CHECK-NEXT:     func.return
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @kernel(%q: !pto.ptr<f16>, %kt: !pto.ptr<f16>, %v: !pto.ptr<f16>, %out: !pto.ptr<f32>, %gm_pipe: !pto.ptr<f32>) attributes {pto.entry} {
// CHECK-NEXT:     func.call @kernel_aic(%q, %kt, %v, %out, %gm_pipe) : (!pto.ptr<f16>, !pto.ptr<f16>, !pto.ptr<f16>, !pto.ptr<f32>, !pto.ptr<f32>) -> ()
// CHECK-NEXT:     func.call @kernel_aiv(%q, %kt, %v, %out, %gm_pipe) : (!pto.ptr<f16>, !pto.ptr<f16>, !pto.ptr<f16>, !pto.ptr<f32>, !pto.ptr<f32>) -> ()
// CHECK-NEXT:     func.return
// CHECK-NEXT:   }
// CHECK-NEXT: }
// CHECK-NOT: tile.

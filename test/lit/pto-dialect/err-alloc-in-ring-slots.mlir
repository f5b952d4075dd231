// verify-memory-plan on lowered PTO models a pipe's ring as the bytes its
// slots use: slot_size times local_slot_num, else slot_num, else ptoas's
// default (8 for a one-way pipe), from the window's base -- not the
// reservation's own size when that is smaller. The breaker's plan: a ring of
// 1024 bytes for 2 slots of 4096 and a tile at 3072, inside the second slot.
// The proof derives the span itself (xdsl_pto/verify/ir.py, ring_span), apart
// from the Tile verifiers that refuse such a ring at import
// (tile-dialect/pipe-slots-invalid.mlir).
// RUN: not xdsl-opt -p 'verify-memory-plan' %s 2>&1 | filecheck %s --check-prefix=SLOTS
// RUN: sed -e 's/constant 3072 : i64/constant 8192 : i64/' %s | xdsl-opt -p 'verify-memory-plan' | filecheck %s --check-prefix=OK
// RUN: sed -e 's/constant 3072 : i64/constant 8192 : i64/' -e 's/, slot_num = 2}/}/' %s | not xdsl-opt -p 'verify-memory-plan' 2>&1 | filecheck %s --check-prefix=DEFAULT
// RUN: sed -e 's/constant 3072 : i64/constant 4096 : i64/' -e 's/slot_num = 2}/slot_num = 2, local_slot_num = 1}/' %s | xdsl-opt -p 'verify-memory-plan' | filecheck %s --check-prefix=OK

// SLOTS: {{.*}}err-alloc-in-ring-slots.mlir:[[# @LINE + 11]]:10: error: verify-memory-plan: pto.alloc_tile [3072, 7168) of vec overlaps the reserved cross-core window "c2v" [0, 8192): 2 slots of 4096 bytes (the pto.aiv_initialize_pipe), past its declared 1024 (pto.reserve_buffer auto = false); tiles must sit outside reserved windows{{$}}
// DEFAULT: {{^}}<stdin>:[[# @LINE + 10]]:10: error: verify-memory-plan: pto.alloc_tile [8192, 12288) of vec overlaps the reserved cross-core window "c2v" [0, 32768): 8 slots of 4096 bytes (the pto.aiv_initialize_pipe), past its declared 1024 (pto.reserve_buffer auto = false); tiles must sit outside reserved windows{{$}}
// OK: pto.tload
builtin.module attributes {pto.target_arch = "a3"} {
  func.func @vector(%in: !pto.ptr<f32>, %gm: !pto.ptr<f32>) attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
    %c32_index = arith.constant 32 : index
    %c1_index = arith.constant 1 : index
    %c0 = arith.constant 0 : index
    %none = arith.constant 0 : i32
    %a_addr = arith.constant 3072 : i64
    %0 = pto.make_tensor_view %in, shape = [%c32_index, %c32_index], strides = [%c32_index, %c1_index] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf32>
    %a = pto.alloc_tile addr = %a_addr : !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=32, v_row=32, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>
    %c2v = pto.reserve_buffer {name = "c2v", size = 1024, location = #pto.address_space<vec>, auto = false, base = 0} -> i32
    pto.aiv_initialize_pipe {dir_mask = 1, slot_size = 4096, slot_num = 2} (gm_slot_buffer = %gm : !pto.ptr<f32>, c2v_consumer_buf = %c2v : i32, v2c_consumer_buf = %none : i32)
    %1 = pto.partition_view %0, offsets = [%c0, %c0], sizes = [%c32_index, %c32_index] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<32x32xf32>
    pto.tload ins(%1 : !pto.partition_tensor_view<32x32xf32>) outs(%a : !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=32, v_row=32, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
    func.return
  }
}

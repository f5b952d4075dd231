// verify-memory-plan on lowered PTO (verify_pto_buffers): a pto.alloc_tile
// whose bytes overlap a pto.reserve_buffer window with a fixed base
// (auto = false, base = B, size = S: bytes [B, B + S)) of the same location
// is an error; one above the window, one in another location, and an
// auto = true reservation (ptoas places it) are fine.
// RUN: not xdsl-opt -p 'verify-memory-plan' %s 2>&1 | filecheck %s --check-prefix=OVERLAP
// RUN: sed -e 's/constant 4064 : i64/constant 0 : i64/' %s | not xdsl-opt -p 'verify-memory-plan' 2>&1 | filecheck %s --check-prefix=START
// RUN: sed -e 's/constant 4064 : i64/constant 4096 : i64/' %s | xdsl-opt -p 'verify-memory-plan' | filecheck %s --check-prefix=OK
// RUN: sed -e 's/address_space<vec>/address_space<mat>/' %s | xdsl-opt -p 'verify-memory-plan' | filecheck %s --check-prefix=OK
// RUN: sed -e 's/auto = false, base = 0/auto = true/' %s | xdsl-opt -p 'verify-memory-plan' | filecheck %s --check-prefix=OK

// OVERLAP: {{.*}}err-alloc-in-reserved-window.mlir:[[# @LINE + 10]]:10: error: verify-memory-plan: pto.alloc_tile [4064, 5088) of vec overlaps the reserved cross-core window "c2v" [0, 4096) (pto.reserve_buffer auto = false); tiles must sit outside reserved windows
// START: {{^}}<stdin>:[[# @LINE + 9]]:10: error: verify-memory-plan: pto.alloc_tile [0, 1024) of vec overlaps the reserved cross-core window "c2v" [0, 4096) (pto.reserve_buffer auto = false); tiles must sit outside reserved windows
// OK: pto.tload
builtin.module attributes {pto.target_arch = "a3"} {
  func.func @vector(%in: !pto.ptr<f32>) attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
    %c16_index = arith.constant 16 : index
    %c1_index = arith.constant 1 : index
    %c0 = arith.constant 0 : index
    %a_addr = arith.constant 4064 : i64
    %0 = pto.make_tensor_view %in, shape = [%c16_index, %c16_index], strides = [%c16_index, %c1_index] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf32>
    %a = pto.alloc_tile addr = %a_addr : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>
    %c2v = pto.reserve_buffer {name = "c2v", size = 4096, location = #pto.address_space<vec>, auto = false, base = 0} -> i32
    %1 = pto.partition_view %0, offsets = [%c0, %c0], sizes = [%c16_index, %c16_index] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<16x16xf32>
    pto.tload ins(%1 : !pto.partition_tensor_view<16x16xf32>) outs(%a : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
    func.return
  }
}

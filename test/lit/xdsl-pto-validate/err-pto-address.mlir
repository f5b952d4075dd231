// On lowered PTO the validator checks each pto.alloc_tile's address.
// RUN: not xdsl-pto validate %s 2>&1 | filecheck %s --check-prefix=ALIGN
// RUN: sed -e 's/constant 16 : i64/constant 188416 : i64/' %s | not xdsl-pto validate - 2>&1 | filecheck %s --check-prefix=CAPACITY
// ALIGN: {{.*}}err-pto-address.mlir:[[# @LINE + 8]]:10: error: verify-memory-plan: pto.alloc_tile address 16 is not 32-byte aligned
// CAPACITY: <stdin>:[[# @LINE + 7]]:10: error: verify-memory-plan: pto.alloc_tile [188416, 189440) ends past the a3 vec capacity (188416 bytes)
builtin.module attributes {pto.target_arch = "a3"} {
  func.func @chain(%in: !pto.ptr<f32>) attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
    %c16_index = arith.constant 16 : index
    %c1_index = arith.constant 1 : index
    %c16_i64 = arith.constant 16 : i64
    %0 = pto.make_tensor_view %in, shape = [%c16_index, %c16_index], strides = [%c16_index, %c1_index] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf32>
    %a = pto.alloc_tile addr = %c16_i64 : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>
    %c0 = arith.constant 0 : index
    %1 = pto.partition_view %0, offsets = [%c0, %c0], sizes = [%c16_index, %c16_index] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<16x16xf32>
    pto.tload ins(%1 : !pto.partition_tensor_view<16x16xf32>) outs(%a : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
    func.return
  }
}

// verify-memory-plan on lowered PTO: a runtime slot's computed address,
// base + (iv mod F) * slot (the form convert-tile-to-pto emits under the
// planners that bake addresses), may be any of its F addresses, and each is
// checked. Here slot 1 of 2 (base 180224, slots of 8192 bytes) starts at
// 188416, past the a3 vec capacity; with a base of 172032 both slots fit. A
// computed address of any other form is refused: nothing proves where it is.
// RUN: not xdsl-opt -p 'verify-memory-plan' %s 2>&1 | filecheck %s --check-prefix=OVER
// RUN: sed -e 's/constant 180224 : i64/constant 172032 : i64/' %s | xdsl-opt -p 'verify-memory-plan' | filecheck %s --check-prefix=OK
// RUN: sed -e 's/ = arith.muli / = arith.addi /' %s | not xdsl-opt -p 'verify-memory-plan' 2>&1 | filecheck %s --check-prefix=FORM

// OVER: {{.*}}err-runtime-slot-address.mlir:[[# @LINE + 19]]:12: error: verify-memory-plan: pto.alloc_tile [188416, 192512) ends past the a3 vec capacity (188416 bytes){{$}}
// FORM: {{^}}<stdin>:[[# @LINE + 18]]:12: error: verify-memory-plan: pto.alloc_tile has no constant address (nor a runtime slot's base + (iv mod F) * slot); only planned PTO can be checked{{$}}
// OK: pto.tload
builtin.module attributes {pto.target_arch = "a3"} {
  func.func @vector(%in: !pto.ptr<f32>) attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
    %c16_index = arith.constant 16 : index
    %c64_index = arith.constant 64 : index
    %c1_index = arith.constant 1 : index
    %c2_index = arith.constant 2 : index
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %base = arith.constant 180224 : i64
    %slot_bytes = arith.constant 8192 : i64
    %0 = pto.make_tensor_view %in, shape = [%c64_index, %c64_index], strides = [%c64_index, %c1_index] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf32>
    scf.for %i = %c0 to %c4 step %c1_index {
      %slot = arith.remsi %i, %c2_index : index
      %slot_i64 = arith.index_cast %slot : index to i64
      %slot_off = arith.muli %slot_i64, %slot_bytes : i64
      %slot_addr = arith.addi %base, %slot_off : i64
      %r = pto.alloc_tile addr = %slot_addr : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>
      %1 = pto.partition_view %0, offsets = [%i, %c0], sizes = [%c16_index, %c64_index] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<16x64xf32>
      pto.tload ins(%1 : !pto.partition_tensor_view<16x64xf32>) outs(%r : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
    }
    func.return
  }
}

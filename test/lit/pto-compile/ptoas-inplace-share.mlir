// RUN: xdsl-opt -p 'pto-compile{backend=a3 planner=ptoas verify=true}' %s -o %t.pto 2>&1 | filecheck %s --check-prefix=REMARK
// RUN: filecheck %s < %t.pto
// RUN: xdsl-opt -p 'pto-plan-memory{planner=ptoas backend=a3},convert-tile-to-pto' %s 2>/dev/null | filecheck %s
// RUN: xdsl-pto run --pipeline 'pto-plan-memory{planner=ptoas backend=a3 verify=true}' %s 2>/dev/null | filecheck %s --check-prefix=EXEC

// Under planner=ptoas, ptoas keeps an op's operands and its result apart.
// Here %y, %w and %z (64 KiB each) would be live at tile.muls: 192 KiB, over
// the 184 KiB of a3's Vec. pto-plan-memory puts %z on the buffer of %y, which
// tile.muls reads for the last time, and the lowering gives both one handle:
// one pto.alloc_tile, `pto.tmuls ins(%y, %s) outs(%y)`, which ptoas places
// as one tile (test/ptoas feeds it the module of the third RUN line, the
// passes pto-compile runs named one by one). Only as many results as it
// takes share: at tile.adds 128 KiB are live apart, so %y keeps a tile of its
// own. The run agrees with the logical one.

// REMARK: {{^}}{{.*}}ptoas-inplace-share.mlir:[[# @LINE + 27]]:8: remark: pto-plan-memory: planner=ptoas: in 'add_then_scale' %z takes the vec buffer of %y, which tile.muls reads here for the last time (65536 bytes): apart, the vec tiles would need 196608 bytes, over the 188416 bytes vec has for tiles on a3; ptoas places the two as one tile{{$}}
// REMARK-NOT: {{remark|warning}}

// CHECK:      func.func @add_then_scale(%in: !pto.ptr<f32>, %more: !pto.ptr<f32>, %out: !pto.ptr<f32>, %out2: !pto.ptr<f32>, %s: f32) attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
// CHECK:        %[[PV0:[0-9]+]] = pto.partition_view %0, offsets = [%c0, %c0], sizes = [%c64_index, %c256_index] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<64x256xf32>
// CHECK-NEXT:   %x = pto.alloc_tile : [[T:!pto.tile_buf<loc=vec, dtype=f32, rows=64, cols=256, v_row=64, v_col=256, blayout=row_major, slayout=none_box, fractal=512, pad=0>]]
// CHECK-NEXT:   pto.tload ins(%[[PV0]] : !pto.partition_tensor_view<64x256xf32>) outs(%x : [[T]])
// CHECK-NEXT:   %y = pto.alloc_tile : [[T]]
// CHECK-NEXT:   pto.tadds ins(%x, %s : [[T]], f32) outs(%y : [[T]])
// CHECK-NEXT:   %[[PV1:[0-9]+]] = pto.partition_view %1, offsets = [%c0, %c0], sizes = [%c64_index, %c256_index] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<64x256xf32>
// CHECK-NEXT:   %w = pto.alloc_tile : [[T]]
// CHECK-NEXT:   pto.tload ins(%[[PV1]] : !pto.partition_tensor_view<64x256xf32>) outs(%w : [[T]])
// CHECK-NEXT:   pto.tmuls ins(%y, %s : [[T]], f32) outs(%y : [[T]])
// CHECK-NEXT:   %[[PV2:[0-9]+]] = pto.partition_view %2, offsets = [%c0, %c0], sizes = [%c64_index, %c256_index] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<64x256xf32>
// CHECK-NEXT:   pto.tstore ins(%y : [[T]]) outs(%[[PV2]] : !pto.partition_tensor_view<64x256xf32>)
// CHECK-NEXT:   %[[PV3:[0-9]+]] = pto.partition_view %3, offsets = [%c0, %c0], sizes = [%c64_index, %c256_index] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<64x256xf32>
// CHECK-NEXT:   pto.tstore ins(%w : [[T]]) outs(%[[PV3]] : !pto.partition_tensor_view<64x256xf32>)
// CHECK-NEXT:   func.return
// CHECK-NEXT: }

// EXEC: {{^}}{{.*}}ptoas-inplace-share.mlir: logical and physical runs agree (seed 0){{$}}

func.func @add_then_scale(%in: memref<64x256xf32>, %more: memref<64x256xf32>, %out: memref<64x256xf32>, %out2: memref<64x256xf32>, %s: f32) {
  %c0 = arith.constant 0 : index
  %x = tile.load %in[%c0, %c0] : memref<64x256xf32> -> !tile.tile<64x256xf32, vec>
  %y = tile.adds %x, %s : (!tile.tile<64x256xf32, vec>, f32) -> !tile.tile<64x256xf32, vec>
  %w = tile.load %more[%c0, %c0] : memref<64x256xf32> -> !tile.tile<64x256xf32, vec>
  %z = tile.muls %y, %s : (!tile.tile<64x256xf32, vec>, f32) -> !tile.tile<64x256xf32, vec>
  tile.store %z, %out[%c0, %c0] : !tile.tile<64x256xf32, vec>, memref<64x256xf32>
  tile.store %w, %out2[%c0, %c0] : !tile.tile<64x256xf32, vec>, memref<64x256xf32>
  func.return
}

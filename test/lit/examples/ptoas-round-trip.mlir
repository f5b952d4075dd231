// Every example kernel, planned under planner=ptoas and lowered, is PTO text our own
// PTO parser reads back to the same text (print -> parse -> print is the identity).
// Only rmsnorm_pipeline.mlir has a pipeline loop: lower-pipeline-to-slots takes it
// (one load, x, on a 4-slot region) instead of replicating it.
// RUN: xdsl-opt -p 'lower-pipeline-to-slots{planner=ptoas backend=a3},lower-pipeline-loops,pto-plan-memory,convert-tile-to-pto' %examples/elementwise.mlir -o %t.elementwise.mlir
// RUN: xdsl-opt %t.elementwise.mlir -o %t.elementwise.again.mlir && diff %t.elementwise.mlir %t.elementwise.again.mlir
// RUN: not grep -q 'addr =' %t.elementwise.mlir
// RUN: xdsl-opt -p 'lower-pipeline-to-slots{planner=ptoas backend=a3},lower-pipeline-loops,pto-plan-memory,convert-tile-to-pto' %examples/flash_attention.mlir -o %t.flash_attention.mlir
// RUN: xdsl-opt %t.flash_attention.mlir -o %t.flash_attention.again.mlir && diff %t.flash_attention.mlir %t.flash_attention.again.mlir
// RUN: not grep -q 'addr =' %t.flash_attention.mlir
// RUN: xdsl-opt -p 'lower-pipeline-to-slots{planner=ptoas backend=a3},lower-pipeline-loops,pto-plan-memory,convert-tile-to-pto' %examples/matmul_k.mlir -o %t.matmul_k.mlir
// RUN: xdsl-opt %t.matmul_k.mlir -o %t.matmul_k.again.mlir && diff %t.matmul_k.mlir %t.matmul_k.again.mlir
// RUN: not grep -q 'addr =' %t.matmul_k.mlir
// RUN: xdsl-opt -p 'lower-pipeline-to-slots{planner=ptoas backend=a3},lower-pipeline-loops,pto-plan-memory,convert-tile-to-pto' %examples/rmsnorm.mlir -o %t.rmsnorm.mlir
// RUN: xdsl-opt %t.rmsnorm.mlir -o %t.rmsnorm.again.mlir && diff %t.rmsnorm.mlir %t.rmsnorm.again.mlir
// RUN: not grep -q 'addr =' %t.rmsnorm.mlir
// RUN: xdsl-opt -p 'lower-pipeline-to-slots{planner=ptoas backend=a3},lower-pipeline-loops,pto-plan-memory,convert-tile-to-pto' %examples/rmsnorm_pipeline.mlir -o %t.rmsnorm_pipeline.mlir
// RUN: xdsl-opt %t.rmsnorm_pipeline.mlir -o %t.rmsnorm_pipeline.again.mlir && diff %t.rmsnorm_pipeline.mlir %t.rmsnorm_pipeline.again.mlir
// RUN: not grep -q 'addr =' %t.rmsnorm_pipeline.mlir
// RUN: xdsl-opt -p 'lower-pipeline-to-slots{planner=ptoas backend=a3},lower-pipeline-loops,pto-plan-memory,convert-tile-to-pto' %examples/softmax.mlir -o %t.softmax.mlir
// RUN: xdsl-opt %t.softmax.mlir -o %t.softmax.again.mlir && diff %t.softmax.mlir %t.softmax.again.mlir
// RUN: not grep -q 'addr =' %t.softmax.mlir
// RUN: xdsl-opt -p 'lower-pipeline-to-slots{planner=ptoas backend=a3},lower-pipeline-loops,pto-plan-memory,convert-tile-to-pto' %examples/split_epilogue.mlir -o %t.split_epilogue.mlir
// RUN: xdsl-opt %t.split_epilogue.mlir -o %t.split_epilogue.again.mlir && diff %t.split_epilogue.mlir %t.split_epilogue.again.mlir
// RUN: not grep -q 'addr =' %t.split_epilogue.mlir
// RUN: xdsl-opt -p 'auto-tile-matmul-l0{backend=a3},lower-pipeline-to-slots{planner=ptoas backend=a3},lower-pipeline-loops,pto-plan-memory,convert-tile-to-pto' %examples/matmul_auto.mlir -o %t.matmul_auto.mlir
// RUN: xdsl-opt %t.matmul_auto.mlir -o %t.matmul_auto.again.mlir && diff %t.matmul_auto.mlir %t.matmul_auto.again.mlir
// RUN: not grep -q 'addr =' %t.matmul_auto.mlir
// RUN: xdsl-opt -p 'auto-tile-matmul-l0{backend=a3},lower-pipeline-to-slots{planner=ptoas backend=a3},lower-pipeline-loops,pto-plan-memory,convert-tile-to-pto' %examples/matmul_grid.mlir -o %t.matmul_grid.mlir
// RUN: xdsl-opt %t.matmul_grid.mlir -o %t.matmul_grid.again.mlir && diff %t.matmul_grid.mlir %t.matmul_grid.again.mlir
// RUN: not grep -q 'addr =' %t.matmul_grid.mlir
// RUN: filecheck %s --input-file %t.rmsnorm_pipeline.mlir
// RUN: grep -c pto.alloc_multi_tile %t.rmsnorm_pipeline.mlir | filecheck %s --check-prefix=ONE
// RUN: cat %t.elementwise.mlir %t.flash_attention.mlir %t.matmul_k.mlir %t.rmsnorm.mlir %t.softmax.mlir %t.split_epilogue.mlir %t.matmul_auto.mlir %t.matmul_grid.mlir | not grep -q multi_tile

// ONE: {{^}}1{{$}}
// CHECK:      %pipe_x_mb = pto.alloc_multi_tile valid_row = %c16_index valid_col = %c256_index : !pto.multi_tile_buf<!pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=256, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>, count=4>
// CHECK:      scf.for %i = %c0 to %c16 step %c1 {
// CHECK-NEXT:   %row = arith.muli %i, %c16 : index
// CHECK-NEXT:   %[[SLOT:.+]] = arith.remsi %i, %c4_index : index
// CHECK-NEXT:   %x = pto.multi_tile_get %pipe_x_mb[%[[SLOT]]] : !pto.multi_tile_buf<{{.*}}, count=4> -> !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=256, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>
// CHECK-NEXT:   %[[PV:.+]] = pto.partition_view
// CHECK-NEXT:   pto.tload ins(%[[PV]] : !pto.partition_tensor_view<16x256xf32>) outs(%x : {{.*}})
// CHECK-NOT:  scf.for

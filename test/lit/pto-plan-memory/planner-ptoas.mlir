// planner=ptoas runs init-memref and materialize-semantic-aliases only
// (pypto-docs/00-pto_codegen.md, "Who plans memory"): every tile keeps a root
// of its own, no root gets an address, and the module records the planner
// and the target. The lowering then omits every addr (ptoas' PlanMemory
// shares and places the buffers) and drops tile.memory_planner.
// RUN: xdsl-opt -p 'pto-plan-memory{planner=ptoas backend=a3 verify=true}' %examples/elementwise.mlir | filecheck %s --check-prefix=PLAN
// RUN: xdsl-opt -p 'pto-plan-memory{planner=ptoas backend=a3},convert-tile-to-pto' %examples/elementwise.mlir | filecheck %s --check-prefix=PTO
// The lowering reads the planner from the module when it is not given.
// RUN: xdsl-opt -p 'pto-plan-memory{planner=ptoas backend=a3}' %examples/elementwise.mlir | xdsl-opt -p 'convert-tile-to-pto{planner=ptoas}' | filecheck %s --check-prefix=PTO

// PLAN:      builtin.module attributes {tile.memory_planner = "ptoas", pto.target_arch = "a3"} {
// PLAN-NEXT:   func.func @elementwise
// PLAN-NEXT:     tile.alloc @mem_vec_0 in vec size 16384
// PLAN-NEXT:     tile.alloc @mem_vec_1 in vec size 16384
// PLAN-NEXT:     tile.alloc @mem_vec_2 in vec size 16384
// PLAN-NEXT:     tile.alloc @mem_vec_3 in vec size 16384
// PLAN-NEXT:     tile.alloc @mem_vec_4 in vec size 16384
// PLAN-NEXT:     tile.alloc @mem_vec_5 in vec size 16384
// PLAN-NEXT:     %c0 = arith.constant 0 : index

// PTO:      builtin.module attributes {pto.target_arch = "a3"} {
// Each pto.alloc_tile comes right before the tile's first use: ptoas plans
// a tile from there to its last use.
// PTO:        %tile_a = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f32, rows=64, cols=64, v_row=64, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>
// PTO-NEXT:   pto.tload ins(%{{[0-9]+}} : !pto.partition_tensor_view<64x64xf32>) outs(%tile_a :
// PTO:        %tile_b = pto.alloc_tile : !pto.tile_buf<{{.*}}>
// PTO-NEXT:   pto.tload ins(%{{[0-9]+}} : !pto.partition_tensor_view<64x64xf32>) outs(%tile_b :
// PTO-NEXT:   %tile_c = pto.alloc_tile : !pto.tile_buf<{{.*}}>
// PTO-NEXT:   pto.tadd ins(%tile_a, %tile_b :
// PTO-NEXT:   %tile_d = pto.alloc_tile : !pto.tile_buf<{{.*}}>
// PTO-NEXT:   pto.tmul ins(%tile_c, %tile_a :
// PTO-NEXT:   %tile_e = pto.alloc_tile : !pto.tile_buf<{{.*}}>
// PTO-NEXT:   pto.texp ins(%tile_d :
// PTO-NEXT:   %tile_f = pto.alloc_tile : !pto.tile_buf<{{.*}}>
// PTO-NEXT:   pto.tadd ins(%tile_e, %tile_b :
// PTO-NOT:    addr
// PTO-NOT:    i64

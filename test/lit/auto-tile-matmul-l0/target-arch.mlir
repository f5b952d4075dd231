// Without a backend option the module's pto.target_arch picks the target;
// a backend option is recorded as pto.target_arch, so the passes after it plan
// and lower for that target without being told again.
// RUN: xdsl-opt -p 'auto-tile-matmul-l0{backend=a5},lower-pipeline-loops,pto-plan-memory,convert-tile-to-pto' %examples/matmul_grid.mlir | filecheck %s --check-prefix=A5
// A5: builtin.module attributes {pto.target_arch = "a5"} {
// A5: pto.alloc_tile addr = %c0_i64 : !pto.tile_buf<loc=acc, dtype=f32, rows=256, cols=256,
// RUN: xdsl-opt -p 'auto-tile-matmul-l0' %s | filecheck %s
// CHECK: scf.for %ko = %c0_1 to %c512 step %c128
// CHECK: } {tile.pipeline_stages = 2 : i64}

builtin.module attributes {pto.target_arch = "a3"} {
func.func @k(%a: memref<128x512xf16>, %b: memref<512x128xf16>, %c: memref<128x128xf32>) {
  %c0 = arith.constant 0 : index
  %a_l1 = tile.load %a[%c0, %c0] : memref<128x512xf16> -> !tile.tile<128x512xf16, mat>
  %b_l1 = tile.load %b[%c0, %c0] : memref<512x128xf16> -> !tile.tile<512x128xf16, mat>
  %r = tile.matmul %a_l1, %b_l1 : (!tile.tile<128x512xf16, mat>, !tile.tile<512x128xf16, mat>) -> !tile.tile<128x128xf32, acc>
  tile.store %r, %c[%c0, %c0] : !tile.tile<128x128xf32, acc>, memref<128x128xf32>
  func.return
}
}

// RUN: xdsl-pto import-pypto %S/Inputs/distributed_forms.py -o %t.mlir
// RUN: filecheck %s < %t.mlir
// RUN: xdsl-opt %t.mlir | xdsl-opt | filecheck %s
// RUN: xdsl-pto run %t.mlir --seed 2 | filecheck %s --check-prefix=EXEC
// RUN: xdsl-opt -p 'pto-compile{backend=a3}' %t.mlir | filecheck %s --check-prefix=LOWER
// RUN: not xdsl-pto import-pypto %S/Inputs/err_wait_cmp.py 2>&1 | filecheck %s --check-prefix=CMP

// The cross-rank calls of a distributed kernel (examples/reduce_step, issue
// 24): pld.system.notify / wait become tile.notify / tile.wait (barriers:
// no tile operand, nothing moves across them; pypto's op=0 is atomic_add,
// cmp=1 is ge, as the reference prints them), pld.tile.remote_load a
// tile.remote_load (a load, planned as tile.load). An i32 offset is cast to
// index. They print and parse back (second RUN line). A
// pld.DistributedTensor parameter is marked tile.distributed.

// CHECK: func.func @exchange(%x: memref<1x128xf32>, %out: memref<1x128xf32> {tile.out}, %data: memref<1x128xf32> {tile.inout, tile.distributed}, %flags: memref<4x1xi32> {tile.inout, tile.distributed}, %rank: i32)

// CHECK:      tile.store %t, %data[%c0, %c0] : !tile.tile<1x128xf32, vec>, memref<1x128xf32>
// CHECK-NEXT: %0 = arith.index_cast %rank : i32 to index
// CHECK-NEXT: tile.notify %flags[%0, %c0] to %c3, %c1 {op = "atomic_add"} : memref<4x1xi32>, i32
// CHECK-NEXT: tile.wait %flags[%c3, %c0], %c1 {cmp = "ge"} : memref<4x1xi32>, i32
// CHECK-NEXT: %peer = tile.remote_load %data[%c0, %c0] from %c3 : memref<1x128xf32> -> !tile.tile<1x128xf32, vec>
// CHECK-NEXT: %s = tile.add %t, %peer : (!tile.tile<1x128xf32, vec>, !tile.tile<1x128xf32, vec>) -> !tile.tile<1x128xf32, vec>

// One rank runs; the others are taken to run the same kernel on the same
// inputs: the notify writes another rank's tensor, the wait is met, the
// remote load reads what the local tensor holds.
// EXEC: {{^.*}}.mlir: logical and physical runs agree (seed 2){{$}}

// Lowered, each distributed tensor has its communication context
// (test/lit/convert-tile-to-pto/distributed.mlir has the whole text).
// LOWER: func.func @exchange(%x: !pto.ptr<f32>, %out: !pto.ptr<f32>, %data: !pto.ptr<f32>, %flags: !pto.ptr<i32>, %rank: i32, %data_comm_ctx: !pto.ptr<i64>, %flags_comm_ctx: !pto.ptr<i64>) attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
// LOWER: pto.comm.tnotify(%flags_peer_pview, %c1 : !pto.partition_tensor_view<1x1xi32>, i32) {notifyOp = #pto<notify_op atomic_add>}
// LOWER: pto.comm.twait(%flags_local_pview, %c1 : !pto.partition_tensor_view<1x1xi32>, i32) {cmp = #pto<wait_cmp ge>}
// LOWER: pto.tload ins(%data_peer_pview : !pto.partition_tensor_view<1x128xf32>) outs(%peer : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=128, v_row=1, v_col=128, blayout=row_major, slayout=none_box, fractal=512, pad=0>)

// CMP: {{^.*}}Inputs/err_wait_cmp.py:17:67: error: cmp of 'pld.system.wait' must be 0 (eq), 1 (ge) or a name of eq, ne, gt, ge, lt, le, got '7'{{$}}

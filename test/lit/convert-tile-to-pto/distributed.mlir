// RUN: xdsl-opt -p 'pto-plan-memory{backend=a3},convert-tile-to-pto' %s | filecheck %s
// RUN: xdsl-opt -p 'pto-plan-memory{backend=a5 planner=dsa_rp},convert-tile-to-pto' %s | filecheck %s --check-prefix=DSA
// RUN: xdsl-opt -p 'pto-plan-memory{backend=a3 planner=ptoas},convert-tile-to-pto' %s | filecheck %s --check-prefix=PTOAS

// The cross-rank ops of a distributed kernel (issue 24, examples/reduce_step).
// Each tile.distributed GM tensor gets one trailing !pto.ptr<i64>
// communication context, in argument order, after the dynamic-extent
// parameters (%N here). A peer's copy is the local pointer moved by
// (window[peer] - window[rank]) / element bytes: slot 2 of the context is the
// rank, slot 4 + r rank r's window base. f16 data divides by 2, the i32
// signal by 4. A notify drains every pipe first; a wait reads the local signal.

func.func @exchange(%x: memref<?x64xf16> {tile.dynamic_dims = ["N"]},
                    %data: memref<2x64xf16> {tile.inout, tile.distributed},
                    %flags: memref<3x1xi32> {tile.inout, tile.distributed},
                    %out: memref<2x64xf16> {tile.out},
                    %peer: index, %me: index) {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1 : i32
  %t = tile.load %x[%c0, %c0] : memref<?x64xf16> -> !tile.tile<2x64xf16, vec>
  tile.store %t, %data[%c0, %c0] : !tile.tile<2x64xf16, vec>, memref<2x64xf16>
  tile.notify %flags[%me, %c0] to %peer, %one {op = "set"} : memref<3x1xi32>, i32
  tile.wait %flags[%peer, %c0], %one {cmp = "eq"} : memref<3x1xi32>, i32
  %r = tile.remote_load %data[%c0, %c0] from %peer : memref<2x64xf16> -> !tile.tile<2x64xf16, vec>
  %s = tile.add %t, %r : (!tile.tile<2x64xf16, vec>, !tile.tile<2x64xf16, vec>) -> !tile.tile<2x64xf16, vec>
  tile.store %s, %out[%c0, %c0] : !tile.tile<2x64xf16, vec>, memref<2x64xf16>
  func.return
}

// CHECK: func.func @exchange(%x: !pto.ptr<f16>, %data: !pto.ptr<f16>, %flags: !pto.ptr<i32>, %out: !pto.ptr<f16>, %peer: index, %me: index, %N: index, %data_comm_ctx: !pto.ptr<i64>, %flags_comm_ctx: !pto.ptr<i64>) attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
// The store, then the notify, the wait and the remote load, line by line.
// CHECK: pto.tstore ins(%t : !pto.tile_buf<loc=vec, dtype=f16, rows=2, cols=64, v_row=2, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%5 : !pto.partition_tensor_view<2x64xf16>)
// CHECK-NEXT: %6 = pto.load_scalar %flags_comm_ctx[%c2_index] : !pto.ptr<i64> -> i64
// CHECK-NEXT: %7 = arith.trunci %6 : i64 to i32
// CHECK-NEXT: %8 = arith.index_cast %7 : i32 to index
// CHECK-NEXT: %9 = arith.addi %c4_index, %8 : index
// CHECK-NEXT: %10 = pto.load_scalar %flags_comm_ctx[%9] : !pto.ptr<i64> -> i64
// CHECK-NEXT: %11 = arith.addi %c4_index, %peer : index
// CHECK-NEXT: %12 = pto.load_scalar %flags_comm_ctx[%11] : !pto.ptr<i64> -> i64
// CHECK-NEXT: %13 = arith.subi %12, %10 : i64
// CHECK-NEXT: %14 = arith.divsi %13, %c4_i64 : i64
// CHECK-NEXT: %15 = arith.index_cast %14 : i64 to index
// CHECK-NEXT: %16 = pto.addptr %flags, %15 : !pto.ptr<i32> -> !pto.ptr<i32>
// CHECK-NEXT: %17 = pto.make_tensor_view %16, shape = [%c3_index, %c1_index], strides = [%c1_index, %c3_index] {layout = #pto.layout<dn>} : !pto.tensor_view<?x?xi32>
// CHECK-NEXT: %flags_peer_pview = pto.partition_view %17, offsets = [%me, %c0], sizes = [%c1_index, %c1_index] : !pto.tensor_view<?x?xi32> -> !pto.partition_tensor_view<1x1xi32>
// CHECK-NEXT: pto.barrier <PIPE_ALL>
// CHECK-NEXT: pto.comm.tnotify(%flags_peer_pview, %one : !pto.partition_tensor_view<1x1xi32>, i32) {notifyOp = #pto<notify_op set>}
// CHECK-NEXT: %flags_local_pview = pto.partition_view %2, offsets = [%peer, %c0], sizes = [%c1_index, %c1_index] : !pto.tensor_view<?x?xi32> -> !pto.partition_tensor_view<1x1xi32>
// CHECK-NEXT: pto.comm.twait(%flags_local_pview, %one : !pto.partition_tensor_view<1x1xi32>, i32) {cmp = #pto<wait_cmp eq>}
// CHECK-NEXT: %18 = pto.load_scalar %data_comm_ctx[%c2_index] : !pto.ptr<i64> -> i64
// CHECK-NEXT: %19 = arith.trunci %18 : i64 to i32
// CHECK-NEXT: %20 = arith.index_cast %19 : i32 to index
// CHECK-NEXT: %21 = arith.addi %c4_index, %20 : index
// CHECK-NEXT: %22 = pto.load_scalar %data_comm_ctx[%21] : !pto.ptr<i64> -> i64
// CHECK-NEXT: %23 = arith.addi %c4_index, %peer : index
// CHECK-NEXT: %24 = pto.load_scalar %data_comm_ctx[%23] : !pto.ptr<i64> -> i64
// CHECK-NEXT: %25 = arith.subi %24, %22 : i64
// CHECK-NEXT: %26 = arith.divsi %25, %c2_i64 : i64
// CHECK-NEXT: %27 = arith.index_cast %26 : i64 to index
// CHECK-NEXT: %28 = pto.addptr %data, %27 : !pto.ptr<f16> -> !pto.ptr<f16>
// CHECK-NEXT: %29 = pto.make_tensor_view %28, shape = [%c2_index, %c64_index], strides = [%c64_index, %c1_index] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
// CHECK-NEXT: %data_peer_pview = pto.partition_view %29, offsets = [%c0, %c0], sizes = [%c2_index, %c64_index] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<2x64xf16>
// CHECK-NEXT: pto.tload ins(%data_peer_pview : !pto.partition_tensor_view<2x64xf16>) outs(%r : !pto.tile_buf<loc=vec, dtype=f16, rows=2, cols=64, v_row=2, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>)

// Under dsa_rp (a5) and ptoas: the same signature and cross-rank ops.
// DSA: func.func @exchange(%x: !pto.ptr<f16>, %data: !pto.ptr<f16>, %flags: !pto.ptr<i32>, %out: !pto.ptr<f16>, %peer: index, %me: index, %N: index, %data_comm_ctx: !pto.ptr<i64>, %flags_comm_ctx: !pto.ptr<i64>) attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
// DSA: %16 = pto.addptr %flags, %15 : !pto.ptr<i32> -> !pto.ptr<i32>
// DSA: pto.comm.tnotify(%flags_peer_pview, %one : !pto.partition_tensor_view<1x1xi32>, i32) {notifyOp = #pto<notify_op set>}
// DSA: pto.comm.twait(%flags_local_pview, %one : !pto.partition_tensor_view<1x1xi32>, i32) {cmp = #pto<wait_cmp eq>}
// DSA: %28 = pto.addptr %data, %27 : !pto.ptr<f16> -> !pto.ptr<f16>
// DSA: pto.tload ins(%data_peer_pview : !pto.partition_tensor_view<2x64xf16>) outs(%r : !pto.tile_buf<loc=vec, dtype=f16, rows=2, cols=64, v_row=2, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>)

// PTOAS: func.func @exchange(%x: !pto.ptr<f16>, %data: !pto.ptr<f16>, %flags: !pto.ptr<i32>, %out: !pto.ptr<f16>, %peer: index, %me: index, %N: index, %data_comm_ctx: !pto.ptr<i64>, %flags_comm_ctx: !pto.ptr<i64>) attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
// PTOAS: %16 = pto.addptr %flags, %15 : !pto.ptr<i32> -> !pto.ptr<i32>
// PTOAS: pto.comm.tnotify(%flags_peer_pview, %one : !pto.partition_tensor_view<1x1xi32>, i32) {notifyOp = #pto<notify_op set>}
// PTOAS: pto.comm.twait(%flags_local_pview, %one : !pto.partition_tensor_view<1x1xi32>, i32) {cmp = #pto<wait_cmp eq>}
// PTOAS: %28 = pto.addptr %data, %27 : !pto.ptr<f16> -> !pto.ptr<f16>
// PTOAS: pto.tload ins(%data_peer_pview : !pto.partition_tensor_view<2x64xf16>) outs(%r : !pto.tile_buf<loc=vec, dtype=f16, rows=2, cols=64, v_row=2, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>)

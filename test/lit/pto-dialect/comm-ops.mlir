// RUN: xdsl-opt %s | filecheck %s
// RUN: xdsl-opt %s | xdsl-opt | filecheck %s
// RUN: xdsl-opt %S/Inputs/comm-ops-invalid.mlir --split-input-file --verify-diagnostics | filecheck %s --check-prefix=ERR

// The cross-rank ops (issue 24) in the text ptoas v0.48 reads (checked on
// the binary): a pointer moved by elements, a pipe barrier, a signal raised
// at a peer and awaited locally. Each prints back exactly as written.

module attributes {pto.target_arch = "a2a3"} {
  func.func @k(%sig: !pto.ptr<i32>, %ctx: !pto.ptr<i64>, %n: index) attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %v = arith.constant 1 : i32
    %w = pto.load_scalar %ctx[%c2] : !pto.ptr<i64> -> i64
    %p = pto.addptr %sig, %n : !pto.ptr<i32> -> !pto.ptr<i32>
    %tv = pto.make_tensor_view %p, shape = [%c2, %c1], strides = [%c1, %c2] {layout = #pto.layout<dn>} : !pto.tensor_view<?x?xi32>
    %pv = pto.partition_view %tv, offsets = [%c0, %c0], sizes = [%c1, %c1] : !pto.tensor_view<?x?xi32> -> !pto.partition_tensor_view<1x1xi32>
    pto.barrier <PIPE_ALL>
    pto.comm.tnotify(%pv, %v : !pto.partition_tensor_view<1x1xi32>, i32) {notifyOp = #pto<notify_op atomic_add>}
    pto.comm.twait(%pv, %v : !pto.partition_tensor_view<1x1xi32>, i32) {cmp = #pto<wait_cmp ge>}
    pto.barrier <PIPE_MTE2>
    return
  }
}

// CHECK:      %p = pto.addptr %sig, %n : !pto.ptr<i32> -> !pto.ptr<i32>
// CHECK:      pto.barrier <PIPE_ALL>
// CHECK-NEXT: pto.comm.tnotify(%pv, %v : !pto.partition_tensor_view<1x1xi32>, i32) {notifyOp = #pto<notify_op atomic_add>}
// CHECK-NEXT: pto.comm.twait(%pv, %v : !pto.partition_tensor_view<1x1xi32>, i32) {cmp = #pto<wait_cmp ge>}
// CHECK-NEXT: pto.barrier <PIPE_MTE2>

// ERR: Operation does not verify: the result type !pto.ptr<f32> must be the operand's pointer type !pto.ptr<i32>
// ERR: Operation does not verify: pipe must be one of PIPE_S, PIPE_V, PIPE_M, PIPE_MTE1, PIPE_MTE2, PIPE_MTE3, PIPE_ALL, PIPE_MTE4, PIPE_MTE5, PIPE_V2, PIPE_FIX, got 'PIPE_X'
// ERR: Operation does not verify: the signal must be an i32 !pto.partition_tensor_view, got !pto.partition_tensor_view<1x1xf32>
// ERR: Operation does not verify: the value must be i32, got i64

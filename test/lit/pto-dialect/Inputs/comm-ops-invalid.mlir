%p = "test.op"() : () -> !pto.ptr<i32>
%n = arith.constant 1 : index
%q = pto.addptr %p, %n : !pto.ptr<i32> -> !pto.ptr<f32>

// -----

pto.barrier <PIPE_X>

// -----

%s = "test.op"() : () -> !pto.partition_tensor_view<1x1xf32>
%v = arith.constant 1 : i32
pto.comm.tnotify(%s, %v : !pto.partition_tensor_view<1x1xf32>, i32) {notifyOp = #pto<notify_op set>}

// -----

%s = "test.op"() : () -> !pto.partition_tensor_view<1x1xi32>
%v = arith.constant 1 : i64
pto.comm.twait(%s, %v : !pto.partition_tensor_view<1x1xi32>, i64) {cmp = #pto<wait_cmp eq>}

// A kernel where some tiles carry MemRefs and others do not is neither
// initialized nor fresh: init-memref refuses it rather than guess.
// RUN: not xdsl-opt -p init-memref %s 2>&1 | filecheck %s
// RUN: not xdsl-opt -p init-memref %s > %t.out 2> %t.err
// RUN: wc -l < %t.err | filecheck %s --check-prefix=ONE-LINE
// RUN: wc -c < %t.out | filecheck %s --check-prefix=NO-STDOUT
// ONE-LINE: {{^ *}}1{{$}}
// NO-STDOUT: {{^ *}}0{{$}}

// CHECK: {{^}}{{.*}}err-partial.mlir{{(:[0-9]+:[0-9]+)?}}: error: init-memref: function 'partial' has tiles with and without MemRefs; give init-memref a kernel with none{{$}}
// CHECK-NOT: Traceback
func.func @partial(%a: memref<32x32xf32>, %o: memref<32x32xf32>) {
  tile.alloc @mem_vec_0 in vec size 4096
  %c0 = arith.constant 0 : index
  %x = tile.load %a[%c0, %c0] : memref<32x32xf32> -> !tile.tile<32x32xf32, vec, memref = <@mem_vec_0, offset = 0, size = 4096>>
  %y = tile.exp %x : (!tile.tile<32x32xf32, vec, memref = <@mem_vec_0, offset = 0, size = 4096>>) -> !tile.tile<32x32xf32, vec>
  tile.store %y, %o[%c0, %c0] : !tile.tile<32x32xf32, vec>, memref<32x32xf32>
  func.return
}

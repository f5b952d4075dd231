// materialize-semantic-aliases works on MemRefs: without init-memref there is
// nothing to retarget, and it says which pass to run.
// RUN: not xdsl-opt -p materialize-semantic-aliases %s 2>&1 | filecheck %s
// RUN: not xdsl-opt -p materialize-semantic-aliases %s > %t.out 2> %t.err
// RUN: wc -l < %t.err | filecheck %s --check-prefix=ONE-LINE
// RUN: wc -c < %t.out | filecheck %s --check-prefix=NO-STDOUT
// ONE-LINE: {{^ *}}1{{$}}
// NO-STDOUT: {{^ *}}0{{$}}

// CHECK: {{^}}{{.*}}err-no-memref.mlir:14:8: error: materialize-semantic-aliases: tile value has no MemRef; run init-memref first{{$}}
// CHECK-NOT: Traceback
func.func @raw(%in: memref<32x32xf32>, %out: memref<32x32xf32>) {
  %c0 = arith.constant 0 : index
  %x = tile.load %in[%c0, %c0] : memref<32x32xf32> -> !tile.tile<32x32xf32, vec>
  tile.store %x, %out[%c0, %c0] : !tile.tile<32x32xf32, vec>, memref<32x32xf32>
  func.return
}

// memory-reuse needs MemRefs: it names the pass to run first.
// RUN: not xdsl-opt -p memory-reuse %s 2>&1 | filecheck %s
// RUN: not xdsl-opt -p memory-reuse %s > %t.out 2> %t.err
// RUN: wc -l < %t.err | filecheck %s --check-prefix=ONE-LINE
// RUN: wc -c < %t.out | filecheck %s --check-prefix=NO-STDOUT
// ONE-LINE: {{^ *}}1{{$}}
// NO-STDOUT: {{^ *}}0{{$}}

// CHECK: {{^}}{{.*}}err-no-memref.mlir:13:8: error: memory-reuse: tile value has no MemRef; run init-memref first{{$}}
// CHECK-NOT: Traceback
func.func @raw(%in: memref<32x32xf32>, %out: memref<32x32xf32>) {
  %c0 = arith.constant 0 : index
  %x = tile.load %in[%c0, %c0] : memref<32x32xf32> -> !tile.tile<32x32xf32, vec>
  %y = tile.exp %x : (!tile.tile<32x32xf32, vec>) -> !tile.tile<32x32xf32, vec>
  tile.store %y, %out[%c0, %c0] : !tile.tile<32x32xf32, vec>, memref<32x32xf32>
  func.return
}

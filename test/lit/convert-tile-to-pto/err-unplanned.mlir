// The lowering bakes addresses into pto.alloc_tile: a kernel whose roots have
// none (init-memref ran, allocate-memory-addr did not) is refused, naming the
// root and the pass to run.
// RUN: not xdsl-opt -p 'init-memref,convert-tile-to-pto{backend=a3}' %s 2>&1 | filecheck %s
// RUN: not xdsl-opt -p 'init-memref,convert-tile-to-pto{backend=a3}' %s > %t.out 2> %t.err
// RUN: wc -l < %t.err | filecheck %s --check-prefix=ONE-LINE
// RUN: wc -c < %t.out | filecheck %s --check-prefix=NO-STDOUT
// ONE-LINE: {{^ *}}1{{$}}
// NO-STDOUT: {{^ *}}0{{$}}
// Without init-memref either, the first tile value is reported.
// RUN: not xdsl-opt -p 'convert-tile-to-pto{backend=a3}' %s 2>&1 | filecheck %s --check-prefix=RAW

// The roots init-memref creates have no parsed location: the line:col part
// is optional here.
// CHECK: {{^}}{{.*}}err-unplanned.mlir{{(:[0-9]+:[0-9]+)?}}: error: convert-tile-to-pto: allocation @mem_vec_0 has no address; run allocate-memory-addr (or pto-plan-memory) first{{$}}
// CHECK-NOT: Traceback
// RAW: {{^}}{{.*}}err-unplanned.mlir:21:9: error: convert-tile-to-pto: tile value has no MemRef; run init-memref first{{$}}
// RAW-NOT: Traceback
func.func @vadd(%a: memref<32x32xf32>, %o: memref<32x32xf32>) {
  %c0 = arith.constant 0 : index
  %ta = tile.load %a[%c0, %c0] : memref<32x32xf32> -> !tile.tile<32x32xf32, vec>
  %tc = tile.add %ta, %ta : (!tile.tile<32x32xf32, vec>, !tile.tile<32x32xf32, vec>) -> !tile.tile<32x32xf32, vec>
  tile.store %tc, %o[%c0, %c0] : !tile.tile<32x32xf32, vec>, memref<32x32xf32>
  func.return
}

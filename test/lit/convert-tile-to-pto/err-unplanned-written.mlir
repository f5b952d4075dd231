// A hand-written root without an address is reported at its own line.
// RUN: not xdsl-opt -p 'convert-tile-to-pto{backend=a3}' %s 2>&1 | filecheck %s
// RUN: not xdsl-opt -p 'convert-tile-to-pto{backend=a3}' %s > %t.out 2> %t.err
// RUN: wc -l < %t.err | filecheck %s --check-prefix=ONE-LINE
// RUN: wc -c < %t.out | filecheck %s --check-prefix=NO-STDOUT
// ONE-LINE: {{^ *}}1{{$}}
// NO-STDOUT: {{^ *}}0{{$}}

// CHECK: {{^}}{{.*}}err-unplanned-written.mlir:14:3: error: convert-tile-to-pto: allocation @buf has no address; run allocate-memory-addr (or pto-plan-memory) first{{$}}
// CHECK-NOT: Traceback
module attributes {pto.target_arch = "a3"} {
func.func @k(%a: memref<32x32xf32>) {
  tile.alloc @ok in vec size 4096 addr 0
  tile.alloc @buf in vec size 4096
  %c0 = arith.constant 0 : index
  %x = tile.load %a[%c0, %c0] : memref<32x32xf32> -> !tile.tile<32x32xf32, vec, memref = <@ok, offset = 0, size = 4096>>
  %y = tile.exp %x : (!tile.tile<32x32xf32, vec, memref = <@ok, offset = 0, size = 4096>>) -> !tile.tile<32x32xf32, vec, memref = <@buf, offset = 0, size = 4096>>
  tile.store %y, %a[%c0, %c0] : !tile.tile<32x32xf32, vec, memref = <@buf, offset = 0, size = 4096>>, memref<32x32xf32>
  func.return
}
}

// A kernel takes GM tensors (memref) and loads them; a tile argument has no
// allocation init-memref could give it.
// RUN: not xdsl-opt -p init-memref %s 2>&1 | filecheck %s
// RUN: not xdsl-opt -p init-memref %s > %t.out 2> %t.err
// RUN: wc -l < %t.err | filecheck %s --check-prefix=ONE-LINE
// RUN: wc -c < %t.out | filecheck %s --check-prefix=NO-STDOUT
// ONE-LINE: {{^ *}}1{{$}}
// NO-STDOUT: {{^ *}}0{{$}}

// The error is about the function, which has no parsed location of its own:
// the line:col part is optional here (see diagnostics/function-location.mlir).
// CHECK: {{^}}{{.*}}err-tile-argument.mlir{{(:[0-9]+:[0-9]+)?}}: error: init-memref: function 'targ' takes a tile argument; kernels take GM tensors (memref) and load them{{$}}
// CHECK-NOT: Traceback
func.func @targ(%t: !tile.tile<32x32xf32, vec>, %o: memref<32x32xf32>) {
  %c0 = arith.constant 0 : index
  tile.store %t, %o[%c0, %c0] : !tile.tile<32x32xf32, vec>, memref<32x32xf32>
  func.return
}

// The backend can come from the module's pto.target_arch instead of the pass
// option ("a2a3", the reference's spelling, means A2/A3).
// RUN: not xdsl-opt -p 'init-memref,allocate-memory-addr' %s 2>&1 | filecheck %s
// RUN: not xdsl-opt -p 'init-memref,allocate-memory-addr' %s > %t.out 2> %t.err
// RUN: wc -l < %t.err | filecheck %s --check-prefix=ONE-LINE
// RUN: wc -c < %t.out | filecheck %s --check-prefix=NO-STDOUT
// ONE-LINE: {{^ *}}1{{$}}
// NO-STDOUT: {{^ *}}0{{$}}
// RUN: sed -e 's/"a3"/"a2a3"/' %s > %t.a2a3.mlir
// RUN: not xdsl-opt -p 'init-memref,allocate-memory-addr' %t.a2a3.mlir 2>&1 | filecheck %s --check-prefix=A2A3
// An explicit option wins over the attribute.
// RUN: xdsl-opt -p 'init-memref,allocate-memory-addr{backend=a5}' %s | filecheck %s --check-prefix=A5

// Three 128x128 f32 Vec tiles live at once (196608 bytes) do not fit
// A2/A3's 188416.
// CHECK: {{^}}{{.*}}capacity-target-arch.mlir{{(:[0-9]+:[0-9]+)?}}: error: allocate-memory-addr: function 'big': vec buffer usage (196608 bytes) exceeds the a3 limit (188416 bytes); at this tile.load 196608 bytes of vec tiles are live together: %x (65536 bytes), %y (65536 bytes), %z (65536 bytes); they alone are past the 188416 bytes for tiles: shrink these tiles (or split the work into smaller ones){{$}}
// CHECK-NOT: Traceback
// A2A3: {{^}}{{.*}}.a2a3.mlir{{(:[0-9]+:[0-9]+)?}}: error: allocate-memory-addr: function 'big': vec buffer usage (196608 bytes) exceeds the a3 limit (188416 bytes); at this tile.load 196608 bytes of vec tiles are live together: %x (65536 bytes), %y (65536 bytes), %z (65536 bytes); they alone are past the 188416 bytes for tiles: shrink these tiles (or split the work into smaller ones){{$}}
// A5: tile.alloc @mem_vec_2 in vec size 65536 addr 131072{{$}}
builtin.module attributes {pto.target_arch = "a3"} {
  func.func @big(%a: memref<128x128xf32>, %o: memref<128x128xf32>) {
    %c0 = arith.constant 0 : index
    %x = tile.load %a[%c0, %c0] : memref<128x128xf32> -> !tile.tile<128x128xf32, vec>
    %y = tile.load %a[%c0, %c0] : memref<128x128xf32> -> !tile.tile<128x128xf32, vec>
    %z = tile.load %a[%c0, %c0] : memref<128x128xf32> -> !tile.tile<128x128xf32, vec>
    tile.store %x, %o[%c0, %c0] : !tile.tile<128x128xf32, vec>, memref<128x128xf32>
    tile.store %y, %o[%c0, %c0] : !tile.tile<128x128xf32, vec>, memref<128x128xf32>
    tile.store %z, %o[%c0, %c0] : !tile.tile<128x128xf32, vec>, memref<128x128xf32>
    func.return
  }
}

// Three 64 KiB Vec tiles live at once: 196608 bytes (each start already
// 32-byte aligned), more than the 184 KiB = 188416 bytes usable on A2/A3, less
// than A5's 240 KiB.
// RUN: not xdsl-opt -p 'init-memref,allocate-memory-addr{backend=a3}' %s 2>&1 | filecheck %s --check-prefix=A3
// RUN: not xdsl-opt -p 'init-memref,allocate-memory-addr{backend=a2}' %s 2>&1 | filecheck %s --check-prefix=A2
// RUN: not xdsl-opt -p 'init-memref,allocate-memory-addr{backend=a3}' %s > %t.out 2> %t.err
// RUN: wc -l < %t.err | filecheck %s --check-prefix=ONE-LINE
// RUN: wc -c < %t.out | filecheck %s --check-prefix=NO-STDOUT
// ONE-LINE: {{^ *}}1{{$}}
// NO-STDOUT: {{^ *}}0{{$}}
// RUN: xdsl-opt -p 'init-memref,allocate-memory-addr{backend=a5}' %s | filecheck %s --check-prefix=FITS
// No backend: capacity is unknown and not checked.
// RUN: xdsl-opt -p 'init-memref,allocate-memory-addr' %s | filecheck %s --check-prefix=FITS

// The error is located at the op where the space peaks (the third load),
// naming the tiles live there (allocate-memory-addr/capacity-explained.mlir).
// A3: {{^}}{{.*}}capacity.mlir:[[# @LINE + 11]]:8: error: allocate-memory-addr: function 'big': vec buffer usage (196608 bytes) exceeds the a3 limit (188416 bytes); at this tile.load 196608 bytes of vec tiles are live together: %x (65536 bytes), %y (65536 bytes), %z (65536 bytes); they alone are past the 188416 bytes for tiles: shrink these tiles (or split the work into smaller ones){{$}}
// A3-NOT: Traceback
// A2: {{^}}{{.*}}capacity.mlir:[[# @LINE + 9]]:8: error: allocate-memory-addr: function 'big': vec buffer usage (196608 bytes) exceeds the a2 limit (188416 bytes); at this tile.load 196608 bytes of vec tiles are live together: %x (65536 bytes), %y (65536 bytes), %z (65536 bytes); they alone are past the 188416 bytes for tiles: shrink these tiles (or split the work into smaller ones){{$}}

// FITS:      tile.alloc @mem_vec_0 in vec size 65536 addr 0{{$}}
// FITS-NEXT: tile.alloc @mem_vec_1 in vec size 65536 addr 65536{{$}}
// FITS-NEXT: tile.alloc @mem_vec_2 in vec size 65536 addr 131072{{$}}
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

// RUN: not xdsl-opt -p 'pto-plan-memory{planner=dsa_rp backend=a3}' %s 2>&1 | filecheck %s
// RUN: not xdsl-opt -p 'pto-plan-memory{planner=dsa_rp backend=a3}' %s > %t.out 2> /dev/null
// RUN: wc -c < %t.out | filecheck %s --check-prefix=NO-STDOUT
// NO-STDOUT: {{^ *}}0{{$}}

// No placement within the capacity (pypto-docs/34, "DSA-RP policy", step 3
// of strict-then-soft). When LOAD -- the bytes live at one program point --
// already exceeds the capacity, no placement exists and the error says so.
// Otherwise the error is a search failure, not a proof: here the declared
// allocation @big (128 KiB) is dead before %q is loaded (LOAD is 128 KiB),
// but a declared allocation shares no byte with any other root of its
// space, so the two need 192 KiB of A3's 184 KiB.

// CHECK: dsa-no-fit.mlir:[[# @LINE + 6]]:10: error: allocate-memory-addr: function 'load_over': planner=dsa_rp cannot place the 3 vec buffers within the a3 capacity (188416 bytes): 196608 bytes are live at one point (LOAD), so no placement exists; at this tile.load 196608 bytes of vec tiles are live together: %x (65536 bytes), %y (65536 bytes), %z (65536 bytes); they alone are past the 188416 bytes for tiles: shrink these tiles (or split the work into smaller ones){{$}}
builtin.module {
  func.func @load_over(%a: memref<128x128xf32>, %o: memref<128x128xf32>) {
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

// RUN: sed -n '/^\/\/ SECOND/,$p' %s > %t.second.mlir
// RUN: not xdsl-opt -p 'pto-plan-memory{planner=dsa_rp backend=a3}' %t.second.mlir 2>&1 | filecheck %s --check-prefix=SEARCH
// SEARCH: {{^}}{{.*}}.second.mlir:4:8: error: allocate-memory-addr: function 'declared_apart': planner=dsa_rp cannot place the 2 vec buffers within the a3 capacity (188416 bytes): the best placement found needs 196608 bytes (LOAD 131072 bytes); this is a search failure, not a proof that none exists -- try planner=pypto, or shrink the tiles live together; at this tile.load 131072 bytes of vec tiles are live together: @big (131072 bytes); they fit in the 188416 bytes for tiles: the overflow comes from how tiles live at different points were packed, not from one point; a declared allocation shares its bytes with no other tile: @big (131072 bytes){{$}}
// SECOND
func.func @declared_apart(%a: memref<256x128xf32>, %b: memref<128x128xf32>, %o: memref<128x128xf32>) {
  %c0 = arith.constant 0 : index
  %p = tile.load %a[%c0, %c0] : memref<256x128xf32> -> !tile.tile<256x128xf32, vec, alloc = <@big>>
  tile.store %p, %a[%c0, %c0] : !tile.tile<256x128xf32, vec, alloc = <@big>>, memref<256x128xf32>
  %q = tile.load %b[%c0, %c0] : memref<128x128xf32> -> !tile.tile<128x128xf32, vec>
  tile.store %q, %o[%c0, %c0] : !tile.tile<128x128xf32, vec>, memref<128x128xf32>
  func.return
}

// RUN: rm -rf %t.d && mkdir %t.d
// RUN: xdsl-opt -p 'pto-plan-memory{backend=a3}' %s -o %t.d/planned.mlir
// RUN: xdsl-pto memory-map %t.d/planned.mlir -o %t.d/map.html
// RUN: grep -o '.tile_b: [^"]*' %t.d/map.html | filecheck %s --check-prefix=HOVER
// RUN: grep -o '"text":"[^"]*"' %t.d/map.html | filecheck %s --check-prefix=MARKS
// RUN: xdsl-pto memory-map %t.d/planned.mlir -o %t.d/map.png
// RUN: python -c "import struct, sys; d = open(sys.argv[1], 'rb').read(); print(d[1:4].decode(), d[12:16].decode(), *struct.unpack('>II', d[16:24]))" %t.d/map.png | filecheck %s --check-prefix=PNG
// RUN: python -c "import os, sys; print(sorted(os.listdir(sys.argv[1])))" %t.d | filecheck %s --check-prefix=FILES

// The seeds' MemoryReuse example (test/lit/memory-reuse/doc-examples.mlir):
// three 64x64 f32 tiles (16384 bytes) on two roots after reuse, at 0 and
// 16384. %tile_b is defined by the tile.add (statement 4) and last read by
// the store at statement 7, on @mem_vec_1: bytes [16384, 32768).

// HOVER: {{^}}%tile_b: tile.add at {{.*}}planned.mlir:7:15\u003cbr\u003evec [16384, 32768): 16384 bytes on @mem_vec_1\u003cbr\u003elive: statements 4 to 7\u003cbr\u003eallocation %tile_b (1 value){{$}}

// One panel (vec, scaled to a3's 188416 bytes) with its three markers and
// the point where LOAD is reached (tile_a and tile_b both live).
// MARKS:      "text":"@sharing_with_alloc_cleanup: vec -- used 32768 B, LOAD 32768 B, used\u002fLOAD 1.000, roots 3 before reuse, 2 after"
// MARKS-NEXT: "text":"capacity 188416 B"
// MARKS-NEXT: "text":"high-water 32768 B"
// MARKS-NEXT: "text":"LOAD 32768 B"
// MARKS-NEXT: "text":"LOAD reached between statements 4 and 5"

// A PNG signature and IHDR chunk: 14 x 3.65 inches at 110 dpi (the title,
// one panel of the minimum 2.4 inches, its title and x axis).
// PNG: {{^}}PNG IHDR 1540 401{{$}}

// Only the two maps were written (no temporary file is left beside them).
// FILES: {{^}}['map.html', 'map.png', 'planned.mlir']{{$}}

func.func @sharing_with_alloc_cleanup(%in: memref<64x64xf32>, %out: memref<64x64xf32>) {
  %c0 = arith.constant 0 : index
  %tile_a = tile.load %in[%c0, %c0] : memref<64x64xf32> -> !tile.tile<64x64xf32, vec>
  %tile_b = tile.add %tile_a, %tile_a : (!tile.tile<64x64xf32, vec>, !tile.tile<64x64xf32, vec>) -> !tile.tile<64x64xf32, vec>
  tile.store %tile_a, %out[%c0, %c0] : !tile.tile<64x64xf32, vec>, memref<64x64xf32>
  %tile_c = tile.load %in[%c0, %c0] : memref<64x64xf32> -> !tile.tile<64x64xf32, vec>
  tile.store %tile_b, %out[%c0, %c0] : !tile.tile<64x64xf32, vec>, memref<64x64xf32>
  tile.store %tile_c, %out[%c0, %c0] : !tile.tile<64x64xf32, vec>, memref<64x64xf32>
  func.return
}

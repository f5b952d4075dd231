// RUN: not xdsl-opt -p 'pto-plan-memory{backend=a5},convert-tile-to-pto{backend=a3}' %s 2>&1 | filecheck %s --check-prefix=CAP

// Three live 64x256 f32 tiles (196608 bytes) fit A5's Vec but not A2/A3's:
// lowering for a3 re-checks the planned addresses against the a3 capacity.
// CAP: {{^}}{{.*}}err-capacity.mlir:{{[0-9]+}}:{{[0-9]+}}: error: convert-tile-to-pto: allocation @mem_vec_2 ends at byte 196608, past the a3 vec capacity (188416 bytes){{$}}
func.func @three(%a: memref<64x256xf32>, %o: memref<64x256xf32>) {
  %c0 = arith.constant 0 : index
  %x = tile.load %a[%c0, %c0] : memref<64x256xf32> -> !tile.tile<64x256xf32, vec>
  %y = tile.load %a[%c0, %c0] : memref<64x256xf32> -> !tile.tile<64x256xf32, vec>
  %z = tile.load %a[%c0, %c0] : memref<64x256xf32> -> !tile.tile<64x256xf32, vec>
  tile.store %x, %o[%c0, %c0] : !tile.tile<64x256xf32, vec>, memref<64x256xf32>
  tile.store %y, %o[%c0, %c0] : !tile.tile<64x256xf32, vec>, memref<64x256xf32>
  tile.store %z, %o[%c0, %c0] : !tile.tile<64x256xf32, vec>, memref<64x256xf32>
  func.return
}

// RUN: xdsl-opt -p 'pto-plan-memory{backend=a5}' %s | filecheck %s --check-prefix=OPT
// RUN: sed -e 's/^func.func @k/builtin.module attributes {pto.target_arch = "a5"} {\nfunc.func @k/' -e 's/^}$/}\n}/' %s > %t.attr.mlir
// RUN: xdsl-opt -p pto-plan-memory %t.attr.mlir | filecheck %s --check-prefix=OPT
// RUN: not xdsl-opt -p 'pto-plan-memory{backend=a3}' %s 2>&1 | filecheck %s --check-prefix=A3
// RUN: not xdsl-opt -p 'pto-plan-memory{backend=b1}' %s 2>&1 | filecheck %s --check-prefix=UNKNOWN

// The backend (option, or the module's pto.target_arch) is recorded on the
// module for the lowering, and its capacities are checked: three live 64 KiB
// Vec tiles fit A5's 240 KiB but not A2/A3's 184 KiB.
// OPT:      builtin.module attributes {pto.target_arch = "a5"} {
// OPT:        tile.alloc @mem_vec_0 in vec size 65536 addr 0{{$}}
// OPT-NEXT:   tile.alloc @mem_vec_1 in vec size 65536 addr 65536{{$}}
// OPT-NEXT:   tile.alloc @mem_vec_2 in vec size 65536 addr 131072{{$}}
// A3: {{^}}{{.*}}target.mlir{{(:[0-9]+:[0-9]+)?}}: error: allocate-memory-addr: function 'k': vec buffer usage (196608 bytes) exceeds the a3 limit (188416 bytes); at this tile.load 196608 bytes of vec tiles are live together: %x (65536 bytes), %y (65536 bytes), %z (65536 bytes); they alone are past the 188416 bytes for tiles: shrink these tiles (or split the work into smaller ones){{$}}
// A3-NOT: Traceback
// UNKNOWN: {{^}}{{.*}}target.mlir{{(:[0-9]+:[0-9]+)?}}: error: pto-plan-memory: unknown backend 'b1' (expected one of a2, a3, a5){{$}}
// UNKNOWN-NOT: Traceback
func.func @k(%a: memref<128x128xf32>, %o: memref<128x128xf32>) {
  %c0 = arith.constant 0 : index
  %x = tile.load %a[%c0, %c0] : memref<128x128xf32> -> !tile.tile<128x128xf32, vec>
  %y = tile.load %a[%c0, %c0] : memref<128x128xf32> -> !tile.tile<128x128xf32, vec>
  %z = tile.load %a[%c0, %c0] : memref<128x128xf32> -> !tile.tile<128x128xf32, vec>
  tile.store %x, %o[%c0, %c0] : !tile.tile<128x128xf32, vec>, memref<128x128xf32>
  tile.store %y, %o[%c0, %c0] : !tile.tile<128x128xf32, vec>, memref<128x128xf32>
  tile.store %z, %o[%c0, %c0] : !tile.tile<128x128xf32, vec>, memref<128x128xf32>
  func.return
}

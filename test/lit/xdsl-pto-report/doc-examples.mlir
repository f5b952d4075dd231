// RUN: xdsl-opt -p 'pto-plan-memory{backend=a3}' %s -o %t.mlir
// RUN: xdsl-pto report %t.mlir | filecheck %s
// RUN: xdsl-pto report --json %t.mlir | filecheck %s --check-prefix=JSON
// RUN: xdsl-opt -p 'pto-plan-memory{planner=dsa_rp backend=a3}' %s | xdsl-pto report - | filecheck %s --check-prefix=DSA

// The "Example" section of the MemoryReuse seeds (001/002), as in
// test/lit/memory-reuse/doc-examples.mlir: 64x64 f32 tiles, 16384 bytes each.
// Statement indices count the tile.allocs at the function head.
//
// @sharing_with_alloc_cleanup (2 allocs): %tile_a [3, 5], %tile_b [4, 7],
// %tile_c [6, 8]. At most two tiles are live at once (a+b between 4 and 5,
// b+c between 6 and 7): LOAD 32768. %tile_c reuses %tile_a's root: 3 roots
// before reuse, 2 after, at 0 and 16384: used 32768, ratio 1.
// @sharing_literal (2 allocs): %tile_a [3, 4], %tile_b [4, 6], %tile_c [5, 7]:
// b+c live together: LOAD 32768; %tile_b takes %tile_a's root: used 32768.
// @producer_consumer (1 alloc): %tile_a [3, 4], %tile_b [4, 5] touch:
// LOAD 16384, one root after reuse: used 16384.
// @overlapping (2 allocs): %tile_a [3, 5], %tile_b [4, 5], %tile_c [5, 6]:
// LOAD 32768 (a+b), used 32768.

// CHECK:      {{^}}{{.*}}.mlir: target a3, planner pypto; sizes in bytes{{$}}
// CHECK-NEXT: {{^}}@sharing_with_alloc_cleanup{{$}}
// CHECK-NEXT: {{^}}  space   used   LOAD  used/LOAD  capacity  roots before  roots after  carry moves{{$}}
// CHECK-NEXT: {{^}}  vec    32768  32768      1.000    188416             3            2            0{{$}}
// CHECK-NEXT: {{^}}@sharing_literal{{$}}
// CHECK-NEXT: {{^}}  space   used   LOAD  used/LOAD  capacity  roots before  roots after  carry moves{{$}}
// CHECK-NEXT: {{^}}  vec    32768  32768      1.000    188416             3            2            0{{$}}
// CHECK-NEXT: {{^}}@producer_consumer{{$}}
// CHECK-NEXT: {{^}}  space   used   LOAD  used/LOAD  capacity  roots before  roots after  carry moves{{$}}
// CHECK-NEXT: {{^}}  vec    16384  16384      1.000    188416             2            1            0{{$}}
// CHECK-NEXT: {{^}}@overlapping{{$}}
// CHECK-NEXT: {{^}}  space   used   LOAD  used/LOAD  capacity  roots before  roots after  carry moves{{$}}
// CHECK-NEXT: {{^}}  vec    32768  32768      1.000    188416             3            2            0{{$}}
// CHECK-EMPTY:

// JSON:      {
// JSON-NEXT:   "file": "{{.*}}.mlir",
// JSON-NEXT:   "target": "a3",
// JSON-NEXT:   "planner": "pypto",
// JSON-NEXT:   "functions": [
// JSON-NEXT:     {
// JSON-NEXT:       "function": "sharing_with_alloc_cleanup",
// JSON-NEXT:       "spaces": [
// JSON-NEXT:         {
// JSON-NEXT:           "space": "vec",
// JSON-NEXT:           "bytes_used": 32768,
// JSON-NEXT:           "load": 32768,
// JSON-NEXT:           "ratio": 1.0,
// JSON-NEXT:           "capacity": 188416,
// JSON-NEXT:           "roots_before_reuse": 3,
// JSON-NEXT:           "roots_after_reuse": 2,
// JSON-NEXT:           "carry_moves": 0
// JSON-NEXT:         }
// JSON-NEXT:       ]
// JSON-NEXT:     },
// JSON-NEXT:     {
// JSON-NEXT:       "function": "sharing_literal",
// JSON:            "function": "producer_consumer",
// JSON-NEXT:       "spaces": [
// JSON-NEXT:         {
// JSON-NEXT:           "space": "vec",
// JSON-NEXT:           "bytes_used": 16384,
// JSON-NEXT:           "load": 16384,
// JSON-NEXT:           "ratio": 1.0,
// JSON-NEXT:           "capacity": 188416,
// JSON-NEXT:           "roots_before_reuse": 2,
// JSON-NEXT:           "roots_after_reuse": 1,
// JSON-NEXT:           "carry_moves": 0
// JSON:            "function": "overlapping",
// JSON:      {{^}}}{{$}}

// planner=dsa_rp does no reuse: every allocation identity keeps its own
// root (roots before = roots after), and LOAD -- a property of the kernel,
// not of the plan -- is the same as under pypto. (Its addresses are the
// placement engine's, pinned by the allocate-memory-addr tests, not here.)
// DSA:      {{^}}<stdin>: target a3, planner dsa_rp; sizes in bytes{{$}}
// DSA-NEXT: {{^}}@sharing_with_alloc_cleanup{{$}}
// DSA-NEXT: space
// DSA-NEXT: {{^}}  vec    {{ *[0-9]+}}  32768 {{.*}}    188416             3            3            0{{$}}
// DSA-NEXT: {{^}}@sharing_literal{{$}}
// DSA-NEXT: space
// DSA-NEXT: {{^}}  vec    {{ *[0-9]+}}  32768 {{.*}}    188416             3            3            0{{$}}
// DSA-NEXT: {{^}}@producer_consumer{{$}}
// DSA-NEXT: space
// DSA-NEXT: {{^}}  vec    {{ *[0-9]+}}  16384 {{.*}}    188416             2            2            0{{$}}
// DSA-NEXT: {{^}}@overlapping{{$}}
// DSA-NEXT: space
// DSA-NEXT: {{^}}  vec    {{ *[0-9]+}}  32768 {{.*}}    188416             3            3            0{{$}}

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

func.func @sharing_literal(%in: memref<64x64xf32>, %out: memref<64x64xf32>) {
  %c0 = arith.constant 0 : index
  %tile_a = tile.load %in[%c0, %c0] : memref<64x64xf32> -> !tile.tile<64x64xf32, vec>
  %tile_b = tile.add %tile_a, %tile_a : (!tile.tile<64x64xf32, vec>, !tile.tile<64x64xf32, vec>) -> !tile.tile<64x64xf32, vec>
  %tile_c = tile.load %in[%c0, %c0] : memref<64x64xf32> -> !tile.tile<64x64xf32, vec>
  tile.store %tile_b, %out[%c0, %c0] : !tile.tile<64x64xf32, vec>, memref<64x64xf32>
  tile.store %tile_c, %out[%c0, %c0] : !tile.tile<64x64xf32, vec>, memref<64x64xf32>
  func.return
}

func.func @producer_consumer(%out: memref<64x64xf32>) {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.000000e+00 : f32
  %tile_a = tile.create : !tile.tile<64x64xf32, vec>
  %tile_b = tile.muls %tile_a, %zero : (!tile.tile<64x64xf32, vec>, f32) -> !tile.tile<64x64xf32, vec>
  tile.store %tile_b, %out[%c0, %c0] : !tile.tile<64x64xf32, vec>, memref<64x64xf32>
  func.return
}

func.func @overlapping(%in: memref<64x64xf32>, %out: memref<64x64xf32>) {
  %c0 = arith.constant 0 : index
  %tile_a = tile.load %in[%c0, %c0] : memref<64x64xf32> -> !tile.tile<64x64xf32, vec>
  %tile_b = tile.load %in[%c0, %c0] : memref<64x64xf32> -> !tile.tile<64x64xf32, vec>
  %tile_c = tile.add %tile_a, %tile_b : (!tile.tile<64x64xf32, vec>, !tile.tile<64x64xf32, vec>) -> !tile.tile<64x64xf32, vec>
  tile.store %tile_c, %out[%c0, %c0] : !tile.tile<64x64xf32, vec>, memref<64x64xf32>
  func.return
}

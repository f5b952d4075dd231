// RUN: xdsl-opt -p 'pto-plan-memory{backend=a3}' %s | xdsl-pto report - | filecheck %s
// RUN: xdsl-opt -p 'pto-plan-memory{backend=a3}' %s | xdsl-pto report --json - | filecheck %s --check-prefix=JSON

// A plan that wastes bytes, and a carry move.
//
// @fragmented (2 allocs; statements: %x 3, its store 4, %y 5, %z 6, %w 7,
// its store 8): %x (8192 bytes) [3, 4], %y [5, 7], %z [6, 7], %w [7, 8]
// (4096 bytes each). Live bytes: 8192 between 3 and 4, 4096, then 8192
// (%y + %z) between 6 and 7: LOAD 8192. First-fit decreasing gives %x its
// own 8192-byte root, %y and %w join it at offset 0, %z (live with %y)
// opens a second root: used 12288, ratio 1.5.
//
// @carry (3 allocs; %x 6, the loop 7..14, %n 8, %t 9, %u 10, store 11, the
// carry move 12, yield 13, store of %res 15): the carried buffer
// {%x, %acc, the move's result, %res} is one allocation, live [6, 15];
// %n [8, 12], %t [9, 10], %u [10, 11], 4096 bytes each. Between 9 and 10
// the carry, %n and %t are live: LOAD 12288. Roots: 4 before reuse, 3
// after (%u takes %t's root); one carry move (recip is not in-place safe).

// CHECK:      {{^}}<stdin>: target a3, planner pypto; sizes in bytes{{$}}
// CHECK-NEXT: {{^}}@fragmented{{$}}
// CHECK-NEXT: {{^}}  space   used  LOAD  used/LOAD  capacity  roots before  roots after  carry moves{{$}}
// CHECK-NEXT: {{^}}  vec    12288  8192      1.500    188416             4            2            0{{$}}
// CHECK-NEXT: {{^}}@carry{{$}}
// CHECK-NEXT: {{^}}  space   used   LOAD  used/LOAD  capacity  roots before  roots after  carry moves{{$}}
// CHECK-NEXT: {{^}}  vec    12288  12288      1.000    188416             4            3            1{{$}}
// CHECK-EMPTY:

// JSON:      "function": "fragmented",
// JSON:        "bytes_used": 12288,
// JSON-NEXT:   "load": 8192,
// JSON-NEXT:   "ratio": 1.5,
// JSON:      "function": "carry",
// JSON:        "bytes_used": 12288,
// JSON-NEXT:   "load": 12288,
// JSON-NEXT:   "ratio": 1.0,
// JSON-NEXT:   "capacity": 188416,
// JSON-NEXT:   "roots_before_reuse": 4,
// JSON-NEXT:   "roots_after_reuse": 3,
// JSON-NEXT:   "carry_moves": 1

func.func @fragmented(%big: memref<32x64xf32>, %in: memref<32x32xf32>, %out: memref<32x32xf32>, %bout: memref<32x64xf32>) {
  %c0 = arith.constant 0 : index
  %x = tile.load %big[%c0, %c0] : memref<32x64xf32> -> !tile.tile<32x64xf32, vec>
  tile.store %x, %bout[%c0, %c0] : !tile.tile<32x64xf32, vec>, memref<32x64xf32>
  %y = tile.load %in[%c0, %c0] : memref<32x32xf32> -> !tile.tile<32x32xf32, vec>
  %z = tile.load %in[%c0, %c0] : memref<32x32xf32> -> !tile.tile<32x32xf32, vec>
  %w = tile.add %y, %z : (!tile.tile<32x32xf32, vec>, !tile.tile<32x32xf32, vec>) -> !tile.tile<32x32xf32, vec>
  tile.store %w, %out[%c0, %c0] : !tile.tile<32x32xf32, vec>, memref<32x32xf32>
  func.return
}

func.func @carry(%in: memref<32x32xf32>, %out: memref<32x32xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %x = tile.load %in[%c0, %c0] : memref<32x32xf32> -> !tile.tile<32x32xf32, vec>
  %res = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %x) -> (!tile.tile<32x32xf32, vec>) {
    %n = tile.recip %acc : (!tile.tile<32x32xf32, vec>) -> !tile.tile<32x32xf32, vec>
    %t = tile.load %in[%c0, %c0] : memref<32x32xf32> -> !tile.tile<32x32xf32, vec>
    %u = tile.add %n, %t : (!tile.tile<32x32xf32, vec>, !tile.tile<32x32xf32, vec>) -> !tile.tile<32x32xf32, vec>
    tile.store %u, %out[%c0, %c0] : !tile.tile<32x32xf32, vec>, memref<32x32xf32>
    scf.yield %n : !tile.tile<32x32xf32, vec>
  }
  tile.store %res, %out[%c0, %c0] : !tile.tile<32x32xf32, vec>, memref<32x32xf32>
  func.return
}

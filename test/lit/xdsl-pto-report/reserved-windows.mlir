// RUN: xdsl-pto import-pypto %examples/pypto/e2_flash_attn_plainmove.py -o %t.mlir
// RUN: xdsl-opt -p 'pto-plan-memory{backend=a3}' %t.mlir -o %t.planned.mlir
// RUN: xdsl-pto report %t.planned.mlir | filecheck %s
// RUN: xdsl-pto report --json %t.planned.mlir | filecheck %s --check-prefix=JSON

// A module with reserved cross-core windows: the e2 flash-attention import
// (a3). Each function reserves a 64 KiB ring at base 0 of one space (the
// cube's v2c ring in mat, the vector's c2v ring in vec) and every tile of
// that space is placed above it, so the reserved floor (65536) is a fixed
// part of any placement and LOAD = floor + the tiles' LOAD:
// mat: 65536 + 16384 = 81920 (used 81920, ratio 1);
// vec: 65536 + 99072 = 164608 (used 181248, ratio 181248 / 164608 = 1.101).
// Spaces without a window (left, right, acc) are as before. One line per
// window follows the function's table.

// CHECK:      {{^}}{{.*}}.mlir: target a3, planner pypto; sizes in bytes{{$}}
// CHECK-NEXT: {{^}}@kernel_aic{{$}}
// CHECK-NEXT: {{^}}  space   used   LOAD  used/LOAD  capacity  roots before  roots after  carry moves{{$}}
// CHECK-NEXT: {{^}}  mat    81920  81920      1.000    524288             3            1            0{{$}}
// CHECK-NEXT: {{^}}  left   24576  24576      1.000     65536             2            2            0{{$}}
// CHECK-NEXT: {{^}}  right  16384  16384      1.000     65536             2            1            0{{$}}
// CHECK-NEXT: {{^}}  acc    32768  32768      1.000    131072             2            1            0{{$}}
// CHECK-NEXT: {{^}}  mat reserved [0, 65536) "kernel_v2c_slot_buffer"{{$}}
// CHECK-NEXT: {{^}}@kernel_aiv{{$}}
// CHECK-NEXT: {{^}}  space    used    LOAD  used/LOAD  capacity  roots before  roots after  carry moves{{$}}
// CHECK-NEXT: {{^}}  vec    181248  164608      1.101    188416            46            8            2{{$}}
// CHECK-NEXT: {{^}}  vec reserved [0, 65536) "kernel_c2v_slot_buffer"{{$}}
// CHECK-EMPTY:

// A function with windows gets reserved_bytes (the floor; 0 for a space
// without a window) on each space and its windows as a list.
// JSON:      "function": "kernel_aic",
// JSON-NEXT:   "spaces": [
// JSON-NEXT:     {
// JSON-NEXT:       "space": "mat",
// JSON-NEXT:       "bytes_used": 81920,
// JSON-NEXT:       "load": 81920,
// JSON-NEXT:       "ratio": 1.0,
// JSON-NEXT:       "capacity": 524288,
// JSON-NEXT:       "roots_before_reuse": 3,
// JSON-NEXT:       "roots_after_reuse": 1,
// JSON-NEXT:       "carry_moves": 0,
// JSON-NEXT:       "reserved_bytes": 65536
// JSON-NEXT:     },
// JSON-NEXT:     {
// JSON-NEXT:       "space": "left",
// JSON:            "reserved_bytes": 0
// JSON:          "reserved": [
// JSON-NEXT:     {
// JSON-NEXT:       "name": "kernel_v2c_slot_buffer",
// JSON-NEXT:       "space": "mat",
// JSON-NEXT:       "base": 0,
// JSON-NEXT:       "size": 65536
// JSON-NEXT:     }
// JSON-NEXT:   ]
// JSON:      "function": "kernel_aiv",
// JSON-NEXT:   "spaces": [
// JSON-NEXT:     {
// JSON-NEXT:       "space": "vec",
// JSON-NEXT:       "bytes_used": 181248,
// JSON-NEXT:       "load": 164608,
// JSON-NEXT:       "ratio": 1.1011,
// JSON-NEXT:       "capacity": 188416,
// JSON-NEXT:       "roots_before_reuse": 46,
// JSON-NEXT:       "roots_after_reuse": 8,
// JSON-NEXT:       "carry_moves": 2,
// JSON-NEXT:       "reserved_bytes": 65536
// JSON-NEXT:     }
// JSON-NEXT:   ],
// JSON-NEXT:   "reserved": [
// JSON-NEXT:     {
// JSON-NEXT:       "name": "kernel_c2v_slot_buffer",
// JSON-NEXT:       "space": "vec",
// JSON-NEXT:       "base": 0,
// JSON-NEXT:       "size": 65536
// JSON-NEXT:     }
// JSON-NEXT:   ]

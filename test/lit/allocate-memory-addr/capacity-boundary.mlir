// RUN: xdsl-opt -p 'allocate-memory-addr{backend=a3}' --split-input-file %s | filecheck %s
// RUN: sed -n '/^\/\/ OVER-INPUT/,$p' %s | sed -e 's#^// OVER-INPUT##' > %t.over.mlir
// RUN: not xdsl-opt -p 'allocate-memory-addr{backend=a3}' %t.over.mlir 2>&1 | filecheck %s --check-prefix=OVER

// A2/A3 Vec capacity is 188416 bytes; the high-water mark (addr + size) may
// reach it exactly.

// One root of exactly 188416 bytes.
// CHECK-LABEL: func.func @exact
// CHECK-NEXT:    tile.alloc @mem_vec_0 in vec size 188416 addr 0{{$}}
func.func @exact() {
  tile.alloc @mem_vec_0 in vec size 188416
  func.return
}

// -----

// 100 bytes, then 188288 bytes at the aligned 128: ends at exactly 188416.
// CHECK-LABEL: func.func @aligned_exact
// CHECK-NEXT:    tile.alloc @mem_vec_0 in vec size 100 addr 0{{$}}
// CHECK-NEXT:    tile.alloc @mem_vec_1 in vec size 188288 addr 128{{$}}
func.func @aligned_exact() {
  tile.alloc @mem_vec_0 in vec size 100
  tile.alloc @mem_vec_1 in vec size 188288
  func.return
}

// The alignment gap counts: 100 bytes, then 188292 bytes at 128 end at
// 188420 > 188416, although the sizes only add up to 188392.
// OVER: {{^}}{{.*}}.over.mlir{{(:[0-9]+:[0-9]+)?}}: error: allocate-memory-addr: function 'over': vec buffer usage (188420 bytes) exceeds the a3 limit (188416 bytes){{$}}
// OVER-NOT: Traceback
// OVER-INPUT func.func @over() {
// OVER-INPUT   tile.alloc @mem_vec_0 in vec size 100
// OVER-INPUT   tile.alloc @mem_vec_1 in vec size 188292
// OVER-INPUT   func.return
// OVER-INPUT }

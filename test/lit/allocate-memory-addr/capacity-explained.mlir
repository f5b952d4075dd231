// A capacity error names the point where the space peaks, the tiles kept
// apart there with their bytes, and the rule that keeps two of them from
// sharing (issue 24). Here the f32 -> bf16 cast of a 128x256 tile: its
// source (131072 bytes) is read for the last time by the cast, so by their
// lifetimes the result (65536 bytes) could take the source's bytes; seed
// 002's No-alias guard forbids it on a2/a3 (#2973), so 196608 bytes are
// needed at the cast, past A3's 188416. Both planners say so, located at
// the cast; on a5 the cast runs in place and the kernel fits.
// RUN: not xdsl-opt -p 'pto-plan-memory{backend=a3}' < %s 2>&1 | filecheck %s --check-prefix=PYPTO
// RUN: not xdsl-opt -p 'pto-plan-memory{backend=a3 planner=dsa_rp}' %s 2>&1 | filecheck %s --check-prefix=DSA
// RUN: xdsl-opt -p 'pto-plan-memory{backend=a5}' %s | filecheck %s --check-prefix=A5
// A widening cast does not run in place on any target: bf16 128x384
// (98304 bytes) -> f32 (196608 bytes) needs 294912 bytes, past A5's 245760.
// RUN: sed -e 's/128x256xf32/128x384xbf16/g; s/128x256xbf16/128x384xf32/g; s/%in: memref<128x384xf32>/%in: memref<128x384xbf16>/' %s | not xdsl-opt -p 'pto-plan-memory{backend=a5}' 2>&1 | filecheck %s --check-prefix=WIDE

// PYPTO: {{^}}<stdin>:[[# @LINE + 11]]:8: error: allocate-memory-addr: function 'narrow': vec buffer usage (196608 bytes) exceeds the a3 limit (188416 bytes); at this tile.cast 196608 bytes of vec tiles are kept apart: %x (131072 bytes), %y (65536 bytes); %y may not take the bytes of %x: a narrowing tile.cast (f32 -> bf16) may not write its result over its source on a2/a3: TCVT converts the whole repeats of every row before the row tails, so a later row's output can overwrite a source tail not yet read (seed 002, No-alias guard, #2973); on a5 it may run in place; they alone are past the 188416 bytes for tiles: shrink these tiles (or split the work into smaller ones){{$}}
// PYPTO-NOT: Traceback
// DSA: {{^}}{{.*}}capacity-explained.mlir:[[# @LINE + 9]]:8: error: allocate-memory-addr: function 'narrow': planner=dsa_rp cannot place the 2 vec buffers within the a3 capacity (188416 bytes): no placement exists (LOAD 131072 bytes, but a rule keeps more apart); at this tile.cast 196608 bytes of vec tiles are kept apart: %x (131072 bytes), %y (65536 bytes); %y may not take the bytes of %x: a narrowing tile.cast (f32 -> bf16) may not write its result over its source on a2/a3: TCVT converts the whole repeats of every row before the row tails, so a later row's output can overwrite a source tail not yet read (seed 002, No-alias guard, #2973); on a5 it may run in place; they alone are past the 188416 bytes for tiles: shrink these tiles (or split the work into smaller ones){{$}}
// A5-LABEL: func.func @narrow
// A5-NEXT:  tile.alloc @mem_vec_0 in vec size 131072 addr 0{{$}}
// A5-NOT:   tile.alloc
// A5-LABEL: func.func @recip
// WIDE: {{^}}<stdin>:[[# @LINE + 4]]:8: error: allocate-memory-addr: function 'narrow': vec buffer usage (294912 bytes) exceeds the a5 limit (245760 bytes); at this tile.cast 294912 bytes of vec tiles are kept apart: %y (196608 bytes), %x (98304 bytes); %y may not take the bytes of %x: a widening tile.cast (bf16 -> f32) may not write its result over its source on any target (seed 002, No-alias guard); they alone are past the 245760 bytes for tiles: shrink these tiles (or split the work into smaller ones){{$}}
func.func @narrow(%in: memref<128x256xf32>, %out: memref<128x256xbf16>) {
  %c0 = arith.constant 0 : index
  %x = tile.load %in[%c0, %c0] : memref<128x256xf32> -> !tile.tile<128x256xf32, vec>
  %y = tile.cast %x {mode = "round"} : (!tile.tile<128x256xf32, vec>) -> !tile.tile<128x256xbf16, vec>
  tile.store %y, %out[%c0, %c0] : !tile.tile<128x256xbf16, vec>, memref<128x256xbf16>
  func.return
}

// A trait that binds on every target: tile.recip is not in-place safe
// (NotInplaceSafe), so a 128x192 f32 source (98304 bytes) and its result
// need 196608 bytes at the recip on a3 as well.
// RUN: sed -n '/^\/\/ RECIP/,$p' %s > %t.recip.mlir
// RUN: not xdsl-opt -p 'pto-plan-memory{backend=a3}' %t.recip.mlir 2>&1 | filecheck %s --check-prefix=RECIP
// RECIP: {{^}}{{.*}}.recip.mlir:6:8: error: allocate-memory-addr: function 'recip': vec buffer usage (196608 bytes) exceeds the a3 limit (188416 bytes); at this tile.recip 196608 bytes of vec tiles are kept apart: %x (98304 bytes), %y (98304 bytes); %y may not take the bytes of %x: tile.recip may not write its result over any of its tile operands (seed 002, No-alias guard); they alone are past the 188416 bytes for tiles: shrink these tiles (or split the work into smaller ones){{$}}
// RECIP
func.func @recip(%in: memref<128x192xf32>, %out: memref<128x192xf32>) {
  %c0 = arith.constant 0 : index
  %x = tile.load %in[%c0, %c0] : memref<128x192xf32> -> !tile.tile<128x192xf32, vec>
  %y = tile.recip %x : (!tile.tile<128x192xf32, vec>) -> !tile.tile<128x192xf32, vec>
  tile.store %y, %out[%c0, %c0] : !tile.tile<128x192xf32, vec>, memref<128x192xf32>
  func.return
}

// RUN: not xdsl-opt -p 'pto-plan-memory{backend=a3}' %s 2>&1 | filecheck %s

// The clamp's compare source %d and the sels workspace %t bound by the author
// to one declared allocation: %d dies before %t is defined, which the
// written-workspace hazard forbids. (Found by a fresh-user breaker.)
// CHECK: {{^}}{{.*}}err-declared-workspace.mlir:[[# @LINE + 9]]:8: error: memory-reuse: tile.sels writes its workspace %t over %d, which shares its buffer (written-workspace hazard: %d is last read at or before the definition of %t); pass a tmp of its own{{$}}
func.func @decl_ws(%in: memref<64x64xf32>, %out: memref<64x64xf32>, %raw: memref<64x64xf32>) {
  %c0 = arith.constant 0 : index
  %hi = arith.constant 6.0 : f32
  %zero = arith.constant 0.0 : f32
  %x = tile.load %in[%c0, %c0] : memref<64x64xf32> -> !tile.tile<64x64xf32, vec>
  %d = tile.subs %x, %hi : (!tile.tile<64x64xf32, vec>, f32) -> !tile.tile<64x64xf32, vec, alloc = <@b>>
  %m = tile.cmps %d, %zero {cmp_mode = "gt"} : (!tile.tile<64x64xf32, vec, alloc = <@b>>, f32) -> !tile.tile<64x64xi8, vec>
  %t = tile.create : !tile.tile<64x64xf32, vec, alloc = <@b>>
  %y = tile.sels %m, %x, %t, %hi : (!tile.tile<64x64xi8, vec>, !tile.tile<64x64xf32, vec>, !tile.tile<64x64xf32, vec, alloc = <@b>>, f32) -> !tile.tile<64x64xf32, vec>
  tile.store %y, %out[%c0, %c0] : !tile.tile<64x64xf32, vec>, memref<64x64xf32>
  tile.store %x, %raw[%c0, %c0] : !tile.tile<64x64xf32, vec>, memref<64x64xf32>
  func.return
}

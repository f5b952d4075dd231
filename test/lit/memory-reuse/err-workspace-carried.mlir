// RUN: not xdsl-opt -p 'pto-plan-memory{backend=a3}' %s 2>&1 | filecheck %s

// A loop carry passed as a written workspace: the carried buffer is written
// every iteration (by the yielded value), and a workspace in a loop shares
// its bytes with nothing (seed 002). No packing can fix that; it is refused
// with the rule, not handed on as a plan the validator rejects. (Found by a
// fresh-user breaker.)
// CHECK: {{^}}{{.*}}err-workspace-carried.mlir:[[# @LINE + 11]]:10: error: memory-reuse: tile.sels writes its workspace %t over %t2, which shares its buffer (written-workspace hazard: inside a loop a workspace shares its bytes with nothing); pass a tmp of its own{{$}}
func.func @ws_carry(%in: memref<64x64xf32>, %out: memref<64x64xf32>, %o2: memref<64x64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %hi = arith.constant 6.0 : f32
  %one = arith.constant 1.0 : f32
  %init = tile.full %one : (f32) -> !tile.tile<64x64xf32, vec>
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%t = %init) -> (!tile.tile<64x64xf32, vec>) {
    %x = tile.load %in[%c0, %c0] : memref<64x64xf32> -> !tile.tile<64x64xf32, vec>
    %m = tile.cmps %x, %hi {cmp_mode = "gt"} : (!tile.tile<64x64xf32, vec>, f32) -> !tile.tile<64x64xi8, vec>
    %y = tile.sels %m, %x, %t, %hi : (!tile.tile<64x64xi8, vec>, !tile.tile<64x64xf32, vec>, !tile.tile<64x64xf32, vec>, f32) -> !tile.tile<64x64xf32, vec>
    tile.store %y, %out[%c0, %c0] : !tile.tile<64x64xf32, vec>, memref<64x64xf32>
    %t2 = tile.adds %x, %one : (!tile.tile<64x64xf32, vec>, f32) -> !tile.tile<64x64xf32, vec>
    tile.store %t2, %o2[%c0, %c0] : !tile.tile<64x64xf32, vec>, memref<64x64xf32>
    scf.yield %t2 : !tile.tile<64x64xf32, vec>
  }
  func.return
}

// RUN: not xdsl-opt -p 'pto-plan-memory{backend=a3}' %s 2>&1 | filecheck %s

// A window on a runtime slot (slot = iv) may be any slot, so it may be the
// static slot 1 too: a not-in-place-safe op cannot read %x on slot iv and
// write %r on slot 1 (MemRefAttr.may_overlap; a mutation check found this
// branch unpinned).
// CHECK: {{^}}{{.*}}err-declared-no-alias-runtime-slot.mlir:[[# @LINE + 7]]:10: error: memory-reuse: tile.recip may not write its result over its operand %x, but both are bound to slot 1 of @buf; bind the result to another slot or declaration{{$}}
func.func @k(%in: memref<64x64xf32>, %out: memref<64x64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.for %i = %c0 to %c4 step %c1 {
    %x = tile.load %in[%c0, %c0] : memref<64x64xf32> -> !tile.tile<32x32xf32, vec, alloc = <@buf, slots = 2, slot = iv>>
    %r = tile.recip %x : (!tile.tile<32x32xf32, vec, alloc = <@buf, slots = 2, slot = iv>>) -> !tile.tile<32x32xf32, vec, alloc = <@buf, slots = 2, slot = 1>>
    tile.store %r, %out[%c0, %c0] : !tile.tile<32x32xf32, vec, alloc = <@buf, slots = 2, slot = 1>>, memref<64x64xf32>
  }
  func.return
}

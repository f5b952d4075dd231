// RUN: xdsl-opt -p 'init-memref,materialize-semantic-aliases' %s | filecheck %s
// RUN: xdsl-opt -p 'pto-plan-memory{backend=a3 verify=true}' %s > /dev/null

// The loop carries %lo, the low half of %x; the high half %hi is read after
// the loop. The yielded %w is a view of a 64-byte %n: moving %n's whole root
// onto %x's would write %hi's bytes. A retarget stays inside the carried
// window, so the carry move stays. (Found by the target-rules fuzz preset:
// the plan failed verify-memory-plan.)
// CHECK:      %hi = tile.slice {{.*}} -> !tile.tile<1x8xf32, vec, memref = <@mem_vec_0, offset = 32, size = 32>>
// CHECK:      %n = tile.neg %e : {{.*}} -> !tile.tile<1x16xf32, vec, memref = <@mem_vec_2, offset = 0, size = 64>>
// CHECK:      %{{.+}} = tile.move %w {carry} : {{.*}} -> !tile.tile<1x8xf32, vec, memref = <@mem_vec_0, offset = 0, size = 32>>
func.func @for_view_carry(%in: memref<1x16xf32>, %out: memref<1x8xf32>, %out2: memref<1x8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c8 = arith.constant 8 : index
  %x = tile.load %in[%c0, %c0] : memref<1x16xf32> -> !tile.tile<1x16xf32, vec>
  %hi = tile.slice %x, %c0, %c8 : (!tile.tile<1x16xf32, vec>, index, index) -> !tile.tile<1x8xf32, vec>
  %e = tile.exp %x : (!tile.tile<1x16xf32, vec>) -> !tile.tile<1x16xf32, vec>
  %lo = tile.slice %x, %c0, %c0 : (!tile.tile<1x16xf32, vec>, index, index) -> !tile.tile<1x8xf32, vec>
  %r = scf.for %i = %c0 to %c2 step %c1 iter_args(%a = %lo) -> (!tile.tile<1x8xf32, vec>) {
    %n = tile.neg %e : (!tile.tile<1x16xf32, vec>) -> !tile.tile<1x16xf32, vec>
    %w = tile.slice %n, %c0, %c0 : (!tile.tile<1x16xf32, vec>, index, index) -> !tile.tile<1x8xf32, vec>
    scf.yield %w : !tile.tile<1x8xf32, vec>
  }
  tile.store %hi, %out[%c0, %c0] : !tile.tile<1x8xf32, vec>, memref<1x8xf32>
  tile.store %r, %out2[%c0, %c0] : !tile.tile<1x8xf32, vec>, memref<1x8xf32>
  func.return
}

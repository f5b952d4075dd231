// A kernel with no tiles, only scalar GM reads and writes (the form of the
// sample fa_work_build): nothing to plan, but it runs and its GM outputs
// are compared; an index past a tensor is the run's located error.
// RUN: xdsl-pto run %s | filecheck %s
// RUN: xdsl-pto run %s --arg n=3 --all-blocks --block-num 2 | filecheck %s --check-prefix=BLOCKS
// RUN: not xdsl-pto run %s --arg n=17 2>&1 | filecheck %s --check-prefix=RANGE
// CHECK: {{^}}{{.*}}scalar-gm.mlir: logical and physical runs agree (seed 0; no tiles: the GM reads and writes only){{$}}
// BLOCKS: {{^}}{{.*}}scalar-gm.mlir: logical and physical runs agree in all 2 blocks (seed 0; no tiles: the GM reads and writes only){{$}}
// RANGE: {{^}}{{.*}}scalar-gm.mlir:[[# @LINE + 7]]:10: error: memref.load: index [16] is outside the tensor's shape [16]: axis 0 has 16 elements{{$}}
func.func @twice(%in: memref<16xi32>, %n: index, %out: memref<16xi32> {tile.out}) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : i32
  %b = tile.get_block_idx : index
  scf.for %i = %b to %n step %c1 {
    %x = memref.load %in[%i] : memref<16xi32>
    %y = arith.muli %x, %c2 : i32
    memref.store %y, %out[%i] : memref<16xi32>
  }
  func.return
}

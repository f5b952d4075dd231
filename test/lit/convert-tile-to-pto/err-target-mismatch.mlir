// RUN: not xdsl-opt -p 'pto-plan-memory{backend=a3},convert-tile-to-pto{backend=a5}' %s 2>&1 | filecheck %s

// A plan is only valid for the target it was made for.
// CHECK: {{^}}{{.*}}err-target-mismatch.mlir: error: convert-tile-to-pto: the module was planned for a3 (pto.target_arch) but backend=a5 was asked for; plan again with pto-plan-memory{backend=a5}{{$}}
func.func @k(%in: memref<32x32xf32>) {
  %c0 = arith.constant 0 : index
  %a = tile.load %in[%c0, %c0] : memref<32x32xf32> -> !tile.tile<32x32xf32, vec>
  func.return
}

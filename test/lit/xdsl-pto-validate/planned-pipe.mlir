// The planner's output piped into the validator: proved valid, exit 0.
// RUN: xdsl-opt -p 'pto-plan-memory{backend=a3}' %s | xdsl-pto validate - | filecheck %s
// The lowered module: there only buffer addresses can be checked.
// RUN: xdsl-opt -p 'pto-plan-memory{backend=a3},convert-tile-to-pto' %s | xdsl-pto validate - | filecheck %s --check-prefix=PTO

// CHECK: <stdin>: plan valid: @chain (4 tile values)
// PTO:   <stdin>: plan valid: @chain (2 pto buffers)
func.func @chain(%in: memref<16x16xf32>, %out: memref<16x16xf32>) {
  %c0 = arith.constant 0 : index
  %a = tile.load %in[%c0, %c0] : memref<16x16xf32> -> !tile.tile<16x16xf32, vec>
  %b = tile.exp %a : (!tile.tile<16x16xf32, vec>) -> !tile.tile<16x16xf32, vec>
  %c = tile.add %a, %b : (!tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec>) -> !tile.tile<16x16xf32, vec>
  %d = tile.relu %c : (!tile.tile<16x16xf32, vec>) -> !tile.tile<16x16xf32, vec>
  tile.store %d, %out[%c0, %c0] : !tile.tile<16x16xf32, vec>, memref<16x16xf32>
  func.return
}

// RUN: xdsl-opt -p 'lower-pipeline-to-slots{planner=ptoas}' %s | filecheck %s

// One fresh declaration per slotted load, named pipe_<name> after the value
// (pipe_<n> for a value without a name), unique among every declaration of
// the function: the author's (@pipe_x below, and @pipe_0) and those made
// before it (%x of the second loop becomes @pipe_x_2, after @pipe_x_1).
// Declarations are per function: @other reuses @pipe_x.

// CHECK-LABEL: func.func @clash(
// CHECK:         %own = tile.load %a[%c0, %c0] : memref<64x128xf32> -> !tile.tile<1x128xf32, vec, alloc = <@pipe_x, slots = 2, slot = 0>>
// CHECK-NEXT:    %own0 = tile.load %a[%c0, %c0] : memref<64x128xf32> -> !tile.tile<1x128xf32, vec, alloc = <@pipe_0, slots = 2, slot = 1>>
// CHECK:         scf.for %i = %c0 to %c4 step %c1 {
// CHECK-NEXT:      %x = tile.load %a[%i, %c0] : memref<64x128xf32> -> !tile.tile<1x128xf32, vec, alloc = <@pipe_x_1, slots = 2, slot = iv>>
// CHECK-NEXT:      %0 = tile.load %a[%i, %c0] : memref<64x128xf32> -> !tile.tile<1x128xf32, vec, alloc = <@pipe_1, slots = 2, slot = iv>>
// CHECK-NEXT:      %1 = tile.load %a[%i, %c0] : memref<64x128xf32> -> !tile.tile<1x128xf32, vec, alloc = <@pipe_2, slots = 2, slot = iv>>
// CHECK:         scf.for %j = %c0 to %c4 step %c1 {
// CHECK-NEXT:      %x_1 = tile.load %a[%j, %c0] : memref<64x128xf32> -> !tile.tile<1x128xf32, vec, alloc = <@pipe_x_2, slots = 2, slot = iv>>
// CHECK-LABEL: func.func @other(
// CHECK:           %x = tile.load %a[%i, %c0] : memref<64x128xf32> -> !tile.tile<1x128xf32, vec, alloc = <@pipe_x, slots = 2, slot = iv>>
func.func @clash(%a: memref<64x128xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %own = tile.load %a[%c0, %c0] : memref<64x128xf32> -> !tile.tile<1x128xf32, vec, alloc = <@pipe_x, slots = 2, slot = 0>>
  %own0 = tile.load %a[%c0, %c0] : memref<64x128xf32> -> !tile.tile<1x128xf32, vec, alloc = <@pipe_0, slots = 2, slot = 1>>
  tile.store %own, %a[%c0, %c0] : !tile.tile<1x128xf32, vec, alloc = <@pipe_x, slots = 2, slot = 0>>, memref<64x128xf32>
  tile.store %own0, %a[%c0, %c0] : !tile.tile<1x128xf32, vec, alloc = <@pipe_0, slots = 2, slot = 1>>, memref<64x128xf32>
  scf.for %i = %c0 to %c4 step %c1 {
    %x = tile.load %a[%i, %c0] : memref<64x128xf32> -> !tile.tile<1x128xf32, vec>
    %0 = tile.load %a[%i, %c0] : memref<64x128xf32> -> !tile.tile<1x128xf32, vec>
    %1 = tile.load %a[%i, %c0] : memref<64x128xf32> -> !tile.tile<1x128xf32, vec>
    tile.store %x, %a[%i, %c0] : !tile.tile<1x128xf32, vec>, memref<64x128xf32>
    tile.store %0, %a[%i, %c0] : !tile.tile<1x128xf32, vec>, memref<64x128xf32>
    tile.store %1, %a[%i, %c0] : !tile.tile<1x128xf32, vec>, memref<64x128xf32>
  } {tile.pipeline_stages = 2 : i64}
  scf.for %j = %c0 to %c4 step %c1 {
    %x = tile.load %a[%j, %c0] : memref<64x128xf32> -> !tile.tile<1x128xf32, vec>
    tile.store %x, %a[%j, %c0] : !tile.tile<1x128xf32, vec>, memref<64x128xf32>
  } {tile.pipeline_stages = 2 : i64}
  func.return
}

func.func @other(%a: memref<64x128xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.for %i = %c0 to %c4 step %c1 {
    %x = tile.load %a[%i, %c0] : memref<64x128xf32> -> !tile.tile<1x128xf32, vec>
    tile.store %x, %a[%i, %c0] : !tile.tile<1x128xf32, vec>, memref<64x128xf32>
  } {tile.pipeline_stages = 2 : i64}
  func.return
}

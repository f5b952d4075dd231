// RUN: xdsl-opt -p 'lower-pipeline-to-slots{planner=ptoas}' %s 2>%t.err | filecheck %s
// RUN: filecheck %s --check-prefix=REMARK --input-file=%t.err

// Phi gate, through an alias (seed 004, "Eligibility": "checked through alias
// roots"): a view shares its source's buffer, so yielding a view of a
// candidate -- or seeding a loop with one -- carries the candidate's slot
// into the phi. Such a candidate is also consumed by a view (the next gate);
// the tile gates are checked in a fixed order (space, valid shape, phi,
// view / in-place) and the first failure is reported, so the remark names the
// phi and the alias that reaches it (the last op of the alias chain).

// CHECK-LABEL: func.func @yield_view(
// CHECK:           %x = tile.load %a[%i, %c0] : memref<64x256xf32> -> !tile.tile<2x128xf32, vec>
// CHECK:         } {tile.pipeline_stages = 2 : i64}
// REMARK: decline-yielded-alias.mlir:[[# @LINE + 6]]:8: remark: lower-pipeline-to-slots: this stage=2 pipeline loop stays replicated: %x is carried into a phi (scf.for yields %v, which shares its buffer through tile.reshape){{$}}
func.func @yield_view(%a: memref<64x256xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %init = tile.load %a[%c0, %c0] : memref<64x256xf32> -> !tile.tile<1x256xf32, vec>
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %init) -> (!tile.tile<1x256xf32, vec>) {
    %x = tile.load %a[%i, %c0] : memref<64x256xf32> -> !tile.tile<2x128xf32, vec>
    %v = tile.reshape %x : (!tile.tile<2x128xf32, vec>) -> !tile.tile<1x256xf32, vec>
    scf.yield %v : !tile.tile<1x256xf32, vec>
  } {tile.pipeline_stages = 2 : i64}
  tile.store %r, %a[%c0, %c0] : !tile.tile<1x256xf32, vec>, memref<64x256xf32>
  func.return
}

// A chain of views: the slice of a reshape of %x is merged by an scf.if.
// CHECK-LABEL: func.func @if_merges_view_of_view(
// CHECK:         } {tile.pipeline_stages = 2 : i64}
// REMARK: decline-yielded-alias.mlir:[[# @LINE + 5]]:3: remark: lower-pipeline-to-slots: this stage=2 pipeline loop stays replicated: %x is carried into a phi (scf.if yields %w, which shares its buffer through tile.slice){{$}}
func.func @if_merges_view_of_view(%a: memref<64x256xf32>, %c: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.for %i = %c0 to %c4 step %c1 {
    %x = tile.load %a[%i, %c0] : memref<64x256xf32> -> !tile.tile<2x128xf32, vec>
    %y = tile.load %a[%c0, %c0] : memref<64x256xf32> -> !tile.tile<1x128xf32, vec>
    %v = tile.reshape %x : (!tile.tile<2x128xf32, vec>) -> !tile.tile<1x256xf32, vec>
    %w = tile.slice %v, %c0, %c0 : (!tile.tile<1x256xf32, vec>, index, index) -> !tile.tile<1x128xf32, vec>
    %m = scf.if %c -> (!tile.tile<1x128xf32, vec>) {
      scf.yield %w : !tile.tile<1x128xf32, vec>
    } else {
      scf.yield %y : !tile.tile<1x128xf32, vec>
    }
    tile.store %m, %a[%i, %c0] : !tile.tile<1x128xf32, vec>, memref<64x256xf32>
  } {tile.pipeline_stages = 2 : i64}
  func.return
}

// A view of %x seeds a nested loop's iter_arg.
// CHECK-LABEL: func.func @view_seeds_loop(
// CHECK:         } {tile.pipeline_stages = 2 : i64}
// REMARK: decline-yielded-alias.mlir:[[# @LINE + 5]]:3: remark: lower-pipeline-to-slots: this stage=2 pipeline loop stays replicated: %x is carried into a phi (%v, which shares its buffer through tile.reshape, seeds an iter_arg of scf.for){{$}}
func.func @view_seeds_loop(%a: memref<64x256xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.for %i = %c0 to %c4 step %c1 {
    %x = tile.load %a[%i, %c0] : memref<64x256xf32> -> !tile.tile<2x128xf32, vec>
    %v = tile.reshape %x : (!tile.tile<2x128xf32, vec>) -> !tile.tile<1x256xf32, vec>
    %r = scf.for %j = %c0 to %c4 step %c1 iter_args(%acc = %v) -> (!tile.tile<1x256xf32, vec>) {
      %s = tile.add %acc, %acc : (!tile.tile<1x256xf32, vec>, !tile.tile<1x256xf32, vec>) -> !tile.tile<1x256xf32, vec>
      scf.yield %s : !tile.tile<1x256xf32, vec>
    }
    tile.store %r, %a[%i, %c0] : !tile.tile<1x256xf32, vec>, memref<64x256xf32>
  } {tile.pipeline_stages = 2 : i64}
  func.return
}

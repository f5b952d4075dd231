// RUN: xdsl-opt --split-input-file --verify-diagnostics -p expand-mixed-kernel %s | filecheck %s

// What expand-mixed-kernel refuses, each at the op it cannot place.

func.func @span(%o: memref<32x32xf32>) {
  %c0 = arith.constant 0 : index
  %v = tile.create : !tile.tile<32x32xf32, vec>
  %m = tile.move %v : (!tile.tile<32x32xf32, vec>) -> !tile.tile<32x32xf32, mat>
  %a = tile.create : !tile.tile<32x32xf32, acc>
  %h = tile.aiv_shard %a {split = 0 : i64} : (!tile.tile<32x32xf32, acc>) -> !tile.tile<32x32xf32, vec>
  tile.store %h, %o[%c0, %c0] : !tile.tile<32x32xf32, vec>, memref<32x32xf32>
  func.return
}

// -----

func.func @carried(%o: memref<32x32xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %a = tile.create : !tile.tile<32x32xf32, acc>
  %n = scf.for %i = %c0 to %c2 step %c1 iter_args(%k = %c0) -> (index) {
    %h = tile.aiv_shard %a {split = 0 : i64} : (!tile.tile<32x32xf32, acc>) -> !tile.tile<32x32xf32, vec>
    tile.store %h, %o[%k, %c0] : !tile.tile<32x32xf32, vec>, memref<32x32xf32>
    scf.yield %k : index
  }
  func.return
}

// -----

func.func @branch(%o: memref<32x32xf32>, %p: i1) {
  %c0 = arith.constant 0 : index
  %a = tile.create : !tile.tile<32x32xf32, acc>
  scf.if %p {
    %h = tile.aiv_shard %a {split = 0 : i64} : (!tile.tile<32x32xf32, acc>) -> !tile.tile<32x32xf32, vec>
    tile.store %h, %o[%c0, %c0] : !tile.tile<32x32xf32, vec>, memref<32x32xf32>
  }
  func.return
}

// -----

func.func @declared(%o: memref<32x32xf32>) attributes {tile.function_kind = "aiv"} {
  %c0 = arith.constant 0 : index
  %a = tile.create : !tile.tile<32x32xf32, acc>
  %h = tile.aiv_shard %a {split = 0 : i64} : (!tile.tile<32x32xf32, acc>) -> !tile.tile<32x32xf32, vec>
  tile.store %h, %o[%c0, %c0] : !tile.tile<32x32xf32, vec>, memref<32x32xf32>
  func.return
}

// -----

func.func @splits(%o: memref<32x32xf32>) {
  %c0 = arith.constant 0 : index
  %a = tile.create : !tile.tile<32x32xf32, acc>
  %h = tile.aiv_shard %a {split = 0 : i64} : (!tile.tile<32x32xf32, acc>) -> !tile.tile<32x32xf32, vec>
  %g = tile.aiv_shard %a {split = 1 : i64} : (!tile.tile<32x32xf32, acc>) -> !tile.tile<16x32xf32, vec>
  tile.store %h, %o[%c0, %c0] : !tile.tile<32x32xf32, vec>, memref<32x32xf32>
  tile.store %g, %o[%c0, %c0] : !tile.tile<16x32xf32, vec>, memref<32x32xf32>
  func.return
}

// -----

func.func private @helper() -> ()

func.func @calls(%o: memref<32x32xf32>) {
  %c0 = arith.constant 0 : index
  %a = tile.create : !tile.tile<32x32xf32, acc>
  func.call @helper() : () -> ()
  %h = tile.aiv_shard %a {split = 0 : i64} : (!tile.tile<32x32xf32, acc>) -> !tile.tile<32x32xf32, vec>
  tile.store %h, %o[%c0, %c0] : !tile.tile<32x32xf32, vec>, memref<32x32xf32>
  func.return
}

// -----

func.func @scalar(%o: memref<32x32xf32>, %m: memref<64x32xf16>) {
  %c0 = arith.constant 0 : index
  %v = tile.create : !tile.tile<32x32xf32, vec>
  %e = tile.read %v, %c0, %c0 : (!tile.tile<32x32xf32, vec>, index, index) -> f32
  %i = arith.fptosi %e : f32 to i32
  %row = arith.index_cast %i : i32 to index
  %w = tile.load %m[%row, %c0] : memref<64x32xf16> -> !tile.tile<32x32xf16, mat>
  %g = tile.aic_gather %v {split = 0 : i64} : (!tile.tile<32x32xf32, vec>) -> !tile.tile<32x32xf32, mat>
  func.return
}

// -----

func.func @taken(%o: memref<32x32xf32>) {
  %c0 = arith.constant 0 : index
  %a = tile.create : !tile.tile<32x32xf32, acc>
  %h = tile.aiv_shard %a {split = 0 : i64} : (!tile.tile<32x32xf32, acc>) -> !tile.tile<32x32xf32, vec>
  tile.store %h, %o[%c0, %c0] : !tile.tile<32x32xf32, vec>, memref<32x32xf32>
  func.return
}

func.func @taken_aiv() {
  func.return
}

// -----

func.func @two_splits(%o: memref<32x32xf32>) {
  %c0 = arith.constant 0 : index
  %a = tile.create : !tile.tile<32x32xf32, acc>
  %h = tile.aiv_shard %a {split = 2 : i64} : (!tile.tile<32x32xf32, acc>) -> !tile.tile<32x16xf32, vec>
  %g = tile.aiv_shard %a {split = 1 : i64} : (!tile.tile<32x32xf32, acc>) -> !tile.tile<16x32xf32, vec>
  tile.store %h, %o[%c0, %c0] : !tile.tile<32x16xf32, vec>, memref<32x32xf32>
  tile.store %g, %o[%c0, %c0] : !tile.tile<16x32xf32, vec>, memref<32x32xf32>
  func.return
}

// CHECK:      err.mlir:8:8: error: expand-mixed-kernel: tile.move has tiles in mat, vec, which span the cube and the vector core; hand a tile across with tile.aiv_shard / tile.aic_gather
// CHECK:      err.mlir:22:8: error: expand-mixed-kernel: an scf.for with iter_args is not split (each value would have to go to one core); only loops without loop-carried values are split
// CHECK:      err.mlir:35:3: error: expand-mixed-kernel: scf.if is not split: only scf.for loops are
// CHECK:      err.mlir:47:8: error: expand-mixed-kernel: @declared declares tile.function_kind; a tile.aiv_shard / tile.aic_gather needs a mixed function (no tile.function_kind), which this pass cuts into an aic and an aiv function
// CHECK:      err.mlir:58:8: error: expand-mixed-kernel: tile.aiv_shard uses split = 1 but the tile.aiv_shard at {{.*}}err.mlir:57:8 uses split = 0; ptoas does not mix an unsplit and a split use of one pipe
// CHECK:      err.mlir:71:3: error: expand-mixed-kernel: func.call has effects and no tile, so it belongs to neither core; only ops without effects are copied into both
// CHECK:      err.mlir:83:8: error: expand-mixed-kernel: arith.fptosi runs on the cube core (aic) but reads a value of tile.read, which runs on the vector core (aiv); only tile.aiv_shard / tile.aic_gather cross between the cores
// CHECK:      err.mlir:92:1: error: expand-mixed-kernel: @taken_aiv exists; the cube / vector halves of @taken take that name
// CHECK:      err.mlir:110:8: error: expand-mixed-kernel: tile.aiv_shard uses split = 1 but the tile.aiv_shard at {{.*}}err.mlir:109:8 uses split = 2; the vector function has one split mode

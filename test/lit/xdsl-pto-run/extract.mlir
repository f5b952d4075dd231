// RUN: xdsl-pto run %s | filecheck %s
// RUN: xdsl-pto run %s --seed 3 --backend a5 | filecheck %s --check-prefix=SEED3
// tile.extract in both runs: the logical run copies the window of one array
// into another; the physical run reads the window from the Mat bytes at the
// planned address and writes it at the Left/Right address. @extract_mm
// extracts at constant offsets, @kloop at runtime ones (ko = k * 64, a
// 2-stage pipeline: two Left/Right buffer pairs); the stored products agree
// bit for bit.
// CHECK: {{.*}}extract.mlir: logical and physical runs agree (seed 0)
// SEED3: {{.*}}extract.mlir: logical and physical runs agree (seed 3)
func.func @extract_mm(%a: memref<64x128xf16>, %b: memref<128x64xf16>, %c: memref<64x64xf32>) {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %am = tile.load %a[%c0, %c0] : memref<64x128xf16> -> !tile.tile<64x128xf16, mat>
  %bm = tile.load %b[%c0, %c0] : memref<128x64xf16> -> !tile.tile<128x64xf16, mat>
  %l = tile.extract %am, %c0, %c64 : (!tile.tile<64x128xf16, mat>, index, index) -> !tile.tile<64x64xf16, left>
  %r = tile.extract %bm, %c64, %c0 : (!tile.tile<128x64xf16, mat>, index, index) -> !tile.tile<64x64xf16, right>
  %acc = tile.matmul %l, %r : (!tile.tile<64x64xf16, left>, !tile.tile<64x64xf16, right>) -> !tile.tile<64x64xf32, acc>
  tile.store %acc, %c[%c0, %c0] : !tile.tile<64x64xf32, acc>, memref<64x64xf32>
  func.return
}

func.func @kloop(%a: memref<64x256xf16>, %b: memref<256x64xf16>, %c: memref<64x64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c64 = arith.constant 64 : index
  %am = tile.load %a[%c0, %c0] : memref<64x256xf16> -> !tile.tile<64x256xf16, mat>
  %bm = tile.load %b[%c0, %c0] : memref<256x64xf16> -> !tile.tile<256x64xf16, mat>
  %acc0 = tile.create : !tile.tile<64x64xf32, acc>
  %out = scf.for %k = %c0 to %c4 step %c1 iter_args(%acc = %acc0) -> (!tile.tile<64x64xf32, acc>) {
    %ko = arith.muli %k, %c64 : index
    %l = tile.extract %am, %c0, %ko : (!tile.tile<64x256xf16, mat>, index, index) -> !tile.tile<64x64xf16, left>
    %r = tile.extract %bm, %ko, %c0 : (!tile.tile<256x64xf16, mat>, index, index) -> !tile.tile<64x64xf16, right>
    %first = arith.cmpi eq, %k, %c0 : index
    %next = tile.matmul_acc %acc, %l, %r, %first : (!tile.tile<64x64xf32, acc>, !tile.tile<64x64xf16, left>, !tile.tile<64x64xf16, right>, i1) -> !tile.tile<64x64xf32, acc>
    scf.yield %next : !tile.tile<64x64xf32, acc>
  } {tile.pipeline_stages = 2 : i64}
  tile.store %out, %c[%c0, %c0] : !tile.tile<64x64xf32, acc>, memref<64x64xf32>
  func.return
}

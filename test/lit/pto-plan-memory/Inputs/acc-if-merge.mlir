func.func @colmerge(%a: memref<64x128xf16>, %b: memref<128x128xf16>, %o: memref<64x64xf32>, %c: i1) {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %a_l1 = tile.load %a[%c0, %c0] : memref<64x128xf16> -> !tile.tile<64x128xf16, mat>
  %b_l1 = tile.load %b[%c0, %c0] : memref<128x128xf16> -> !tile.tile<128x128xf16, mat>
  %a_l0 = tile.move %a_l1 : (!tile.tile<64x128xf16, mat>) -> !tile.tile<64x128xf16, left>
  %b_l0 = tile.move %b_l1 : (!tile.tile<128x128xf16, mat>) -> !tile.tile<128x128xf16, right>
  %p = tile.matmul %a_l0, %b_l0 : (!tile.tile<64x128xf16, left>, !tile.tile<128x128xf16, right>) -> !tile.tile<64x128xf32, acc>
  %r = scf.if %c -> (!tile.tile<64x64xf32, acc>) {
    %left = tile.slice %p, %c0, %c0 : (!tile.tile<64x128xf32, acc>, index, index) -> !tile.tile<64x64xf32, acc>
    scf.yield %left : !tile.tile<64x64xf32, acc>
  } else {
    %right = tile.slice %p, %c0, %c64 : (!tile.tile<64x128xf32, acc>, index, index) -> !tile.tile<64x64xf32, acc>
    scf.yield %right : !tile.tile<64x64xf32, acc>
  }
  tile.store %r, %o[%c0, %c0] : !tile.tile<64x64xf32, acc>, memref<64x64xf32>
  func.return
}

// A Bias tile the author loaded that alone exceeds A3's 1 KiB Bias buffer
// ([1, 1024] f32 is 4 KiB): the pass never splits a Bias tile, so this is an
// error at the matmul, not a later capacity failure at the module.
// RUN: not xdsl-opt -p 'auto-tile-matmul-l0{backend=a3}' %s 2>&1 | filecheck %s
// CHECK: {{^}}{{.*}}err-bias-too-wide.mlir:[[# @LINE + 8]]:8: error: auto-tile-matmul-l0: tile.matmul_bias: bias %bias_t is [1, 1024] f32 in bias: 4096 bytes, but bias holds 1024 bytes on a3; split the matmul along N by hand, each part with a bias row that fits{{$}}

func.func @wide_bias(%a: memref<128x64xf16>, %b: memref<64x1024xf16>, %bias: memref<1x1024xf32>, %c: memref<128x1024xf32>) {
  %c0 = arith.constant 0 : index
  %a_l1 = tile.load %a[%c0, %c0] : memref<128x64xf16> -> !tile.tile<128x64xf16, mat>
  %b_l1 = tile.load %b[%c0, %c0] : memref<64x1024xf16> -> !tile.tile<64x1024xf16, mat>
  %bias_m = tile.load %bias[%c0, %c0] : memref<1x1024xf32> -> !tile.tile<1x1024xf32, mat>
  %bias_t = tile.move %bias_m : (!tile.tile<1x1024xf32, mat>) -> !tile.tile<1x1024xf32, bias>
  %r = tile.matmul_bias %a_l1, %b_l1, %bias_t : (!tile.tile<128x64xf16, mat>, !tile.tile<64x1024xf16, mat>, !tile.tile<1x1024xf32, bias>) -> !tile.tile<128x1024xf32, acc>
  tile.store %r, %c[%c0, %c0] : !tile.tile<128x1024xf32, acc>, memref<128x1024xf32>
  func.return
}

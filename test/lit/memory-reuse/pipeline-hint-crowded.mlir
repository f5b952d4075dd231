// RUN: xdsl-opt -p 'lower-pipeline-loops,pto-plan-memory{backend=a3}' %s 2>&1 >/dev/null | filecheck %s
// PH-MR-001 names the right fix: here the 32 KiB stage tile is already below
// 188416 / 2 bytes; it is the 128 KiB declared allocation that leaves no room
// for a second stage (found by a fresh-user breaker: the hint used to advise
// shrinking the tile to a size it already had).
// CHECK: pipeline-hint-crowded.mlir:[[# @LINE + 9]]:10: remark: PH-MR-001: pipeline group 0 gets 1 of the 2 requested stage buffers in vec (one stage needs 32768 bytes, vec holds 188416); the other vec buffers leave too little room for 2 stages: free vec space elsewhere, or lower stage= to 1
func.func @crowded(%a: memref<128x256xf32>, %in: memref<512x64xf32>, %o: memref<512x64xf32>, %ob: memref<128x256xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c128 = arith.constant 128 : index
  %big = tile.load %a[%c0, %c0] : memref<128x256xf32> -> !tile.tile<128x256xf32, vec, alloc = <@big>>
  scf.for %i = %c0 to %c4 step %c1 {
    %r = arith.muli %i, %c128 : index
    %x = tile.load %in[%r, %c0] : memref<512x64xf32> -> !tile.tile<128x64xf32, vec>
    tile.store %x, %o[%r, %c0] : !tile.tile<128x64xf32, vec>, memref<512x64xf32>
  } {tile.pipeline_stages = 2 : i64}
  tile.store %big, %ob[%c0, %c0] : !tile.tile<128x256xf32, vec, alloc = <@big>>, memref<128x256xf32>
  func.return
}

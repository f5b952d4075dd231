// RUN: xdsl-opt -p 'pto-compile{backend=a3}' %s | filecheck %s
// RUN: xdsl-opt -p 'pto-compile{backend=a3 planner=dsa_rp}' %s | filecheck %s
// RUN: xdsl-opt -p 'pto-compile{backend=a3 planner=ptoas}' %s | filecheck %s --check-prefix=PTOAS
// RUN: xdsl-pto run %s | filecheck %s --check-prefix=EXEC

// A function declaration beside a kernel is left as it is by every stage (a
// fresh-user breaker found a traceback: the stage seam verified its missing
// body's arguments).

func.func private @ext(memref<64x64xf32>)

func.func @copy(%in: memref<64x64xf32>, %out: memref<64x64xf32>) {
  %c0 = arith.constant 0 : index
  %x = tile.load %in[%c0, %c0] : memref<64x64xf32> -> !tile.tile<64x64xf32, vec>
  tile.store %x, %out[%c0, %c0] : !tile.tile<64x64xf32, vec>, memref<64x64xf32>
  func.return
}

// CHECK:      func.func private @ext(memref<64x64xf32>) -> ()
// CHECK:      func.func @copy(%in: !pto.ptr<f32>, %out: !pto.ptr<f32>) attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
// CHECK:      pto.alloc_tile addr = %c0_i64 : !pto.tile_buf<loc=vec, dtype=f32, rows=64, cols=64, v_row=64, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>
// PTOAS:      func.func private @ext(memref<64x64xf32>) -> ()
// PTOAS:      pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f32, rows=64, cols=64, v_row=64, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>
// EXEC:       {{^}}{{.*}}declaration.mlir: logical and physical runs agree (seed 0){{$}}

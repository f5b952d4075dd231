// RUN: not xdsl-opt -p 'convert-tile-to-pto{backend=a3}' %s 2>&1 | filecheck %s

// A view of a popped tile has no address of its own, so a slice of it is a
// pto.subview, which keeps its source's layout; a [16, 1] column (col_major,
// as every vec column vector) of a row_major pop cannot be one.
// CHECK: {{^}}{{.*}}err-tpop-view-layout.mlir:14:10: error: convert-tile-to-pto: a slice of a tpop result is a pto.subview, which keeps its source's layout, but this one has blayout=col_major where the source has blayout=row_major; a layout-changing view of a tpop result is not supported yet (copy it with tile.move first) (this slice stays a view: its block layout (col_major) differs from its source's (row_major), and tile.extract keeps the layout){{$}}
func.func @column_of_pop(%out: memref<16x1xf32>) {
  %pipe = arith.constant 0 : i32
  tile.aiv_initialize_pipe %pipe, %pipe {dir_mask = 3 : i64, slot_size = 16384 : i64}
  tile.alloc @mem_vec_0 in vec size 64 addr 0
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %p = tile.tpop_from_aic {split = 0 : i64} : !tile.tile<16x64xf32, vec>
  %col = tile.slice %p, %c0, %c3 : (!tile.tile<16x64xf32, vec>, index, index) -> !tile.tile<16x1xf32, vec>
  %e = tile.exp %col : (!tile.tile<16x1xf32, vec>) -> !tile.tile<16x1xf32, vec, memref = <@mem_vec_0, offset = 0, size = 64>>
  tile.store %e, %out[%c0, %c0] : !tile.tile<16x1xf32, vec, memref = <@mem_vec_0, offset = 0, size = 64>>, memref<16x1xf32>
  func.return
}

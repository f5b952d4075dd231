@pl.function(type=pl.FunctionType.AIV, level=pl.Level.AIV, role=pl.Role.SubWorker)
def loop_kinds(
    x: pl.Tensor[[64, 64], pl.FP32], y: pl.Out[pl.Tensor[[64, 64], pl.FP32]], s: pl.Out[pl.Tensor[[16, 64], pl.FP32]]
) -> tuple[pl.Tensor[[64, 64], pl.FP32], pl.Tensor[[16, 64], pl.FP32]]:
    for i__idx_v0 in pl.parallel(0, 4, 1):
        t__tile: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec] = pl.tile.load(x, [i__idx_v0 * 16, 0], [16, 64], [16, 64], target_memory=pl.Mem.Vec)
        y__tile: pl.Tensor[[64, 64], pl.FP32] = pl.tile.store(t__tile, [i__idx_v0 * 16, 0], y)
    acc__tile: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec] = pl.tile.full([16, 64], dtype=pl.FP32, value=0.0)
    for j__idx_v0, (acc__iter_v1,) in pl.unroll(4, init_values=(acc__tile,)):
        u__tile: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec] = pl.tile.load(x, [j__idx_v0 * 16, 0], [16, 64], [16, 64], target_memory=pl.Mem.Vec)
        acc__tile_1: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec] = pl.tile.add(acc__iter_v1, u__tile)
        acc__rv_v2: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec] = pl.yield_(acc__tile_1)
    s__tile: pl.Tensor[[16, 64], pl.FP32] = pl.tile.store(acc__rv_v2, [0, 0], s)
    return y, s

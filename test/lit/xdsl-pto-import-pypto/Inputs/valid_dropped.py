@pl.function(type=pl.FunctionType.AIV)
def rows(x: pl.Tensor[[64, 256], pl.FP32], n: pl.Scalar[pl.INDEX], y: pl.Out[pl.Tensor[[64, 1], pl.FP32]], z: pl.Out[pl.Tensor[[64, 256], pl.FP32]]) -> pl.Tensor[[64, 1], pl.FP32]:
    t: pl.Tile[[64, 256], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[n, 256])] = pl.tile.load(x, [0, 0], [64, 256], [n, 256], target_memory=pl.Mem.Vec)
    tmp: pl.Tile[[64, 256], pl.FP32, pl.Mem.Vec] = pl.tile.create([64, 256], dtype=pl.FP32, target_memory=pl.Mem.Vec)
    m: pl.Tile[[64, 1], pl.FP32, pl.Mem.Vec] = pl.tile.row_max(t, tmp)
    e: pl.Tile[[64, 256], pl.FP32, pl.Mem.Vec] = pl.tile.exp(t)
    d: pl.Tile[[64, 256], pl.FP32, pl.Mem.Vec] = pl.tile.row_expand_sub(e, m)
    y1: pl.Tensor[[64, 1], pl.FP32] = pl.tile.store(m, [0, 0], y)
    z1: pl.Tensor[[64, 256], pl.FP32] = pl.tile.store(d, [0, 0], z)
    return y1

import pypto.language as pl


@pl.program
class Bad:
    @pl.function(type=pl.FunctionType.AIV, level=pl.Level.AIV, role=pl.Role.SubWorker)
    def kernel(x: pl.Tensor[[64], pl.FP32], n: pl.Scalar[pl.INDEX], out: pl.Out[pl.Tensor[[64], pl.FP32]]) -> pl.Tensor[[64], pl.FP32]:
        t: pl.Tile[[64], pl.FP32, pl.Mem.Vec] = pl.tile.load(x, [0], [64], [64], target_memory=pl.Mem.Vec)
        u: pl.Tile[[32], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[n])] = pl.tile.slice(t, [32], [0], [n])
        return out

import pypto.language as pl


@pl.program
class Bad:
    @pl.function(type=pl.FunctionType.AIV, level=pl.Level.AIV, role=pl.Role.SubWorker)
    def kernel(x: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        t: pl.Tile[[64, 64], pl.FP32, pl.Mem.Vec] = pl.tile.load(x, [0, 0], [64, 64], [64, 64], target_memory=pl.Mem.Vec)
        g: pl.Tile[[64, 64], pl.FP32, pl.Mem.Vec] = pl.tile.selc(t, t)
        r: pl.Tensor[[64, 64], pl.FP32] = pl.tile.store(g, [0, 0], out)
        return out

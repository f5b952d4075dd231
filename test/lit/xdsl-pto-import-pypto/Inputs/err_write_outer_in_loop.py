import pypto.language as pl


@pl.program
class Bad:
    @pl.function(type=pl.FunctionType.AIV)
    def kernel(x: pl.Tensor[[1, 64], pl.FP32], out: pl.Out[pl.Tensor[[1, 64], pl.FP32]]) -> pl.Tensor[[1, 64], pl.FP32]:
        t: pl.Tile[[1, 64], pl.FP32, pl.Mem.Vec] = pl.tile.load(x, [0, 0], [1, 64], target_memory=pl.Mem.Vec)
        for i in pl.range(4):
            pl.tile.write(t, [0, i], 1.0)
        pl.tile.store(t, [0, 0], out)
        return out

import pypto.language as pl


@pl.program
class Bad:
    @pl.function(type=pl.FunctionType.AIV)
    def kernel(x: pl.Tensor[[1, 64], pl.FP32], out: pl.Out[pl.Tensor[[1, 64], pl.FP32]]) -> pl.Tensor[[1, 64], pl.FP32]:
        t: pl.Tile[[1, 64], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[1, 40])] = pl.tile.load(x, [0, 0], [1, 64], [1, 40], target_memory=pl.Mem.Vec)
        f: pl.Tile[[1, 64], pl.FP32, pl.Mem.Vec, pl.TileView(pad=pl.PadValue.max)] = pl.tile.fillpad(t, pad_value=pl.PadValue.min)
        pl.tile.store(f, [0, 0], out)
        return out

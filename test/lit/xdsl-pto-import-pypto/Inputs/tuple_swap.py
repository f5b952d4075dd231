import pypto.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.AIV)
    def kernel(a: pl.Tensor[[64, 64], pl.FP32], b: pl.Tensor[[64, 64], pl.FP32], o: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        x: pl.Tile[[64, 64], pl.FP32, pl.Mem.Vec] = pl.tile.load(a, [0, 0], [64, 64], [64, 64], target_memory=pl.Mem.Vec)
        y: pl.Tile[[64, 64], pl.FP32, pl.Mem.Vec] = pl.tile.load(b, [0, 0], [64, 64], [64, 64], target_memory=pl.Mem.Vec)
        x, y = y, x
        z: pl.Tile[[64, 64], pl.FP32, pl.Mem.Vec] = pl.tile.sub(x, y)
        o2: pl.Tensor[[64, 64], pl.FP32] = pl.tile.store(z, [0, 0], o)
        return o

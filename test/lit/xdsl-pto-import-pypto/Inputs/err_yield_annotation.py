import pypto.language as pl


@pl.program
class M:
    @pl.function(type=pl.FunctionType.AIV)
    def kernel(a: pl.Tensor[[32, 64], pl.FP32], b: pl.Tensor[[32, 64], pl.FP32], o: pl.Out[pl.Tensor[[32, 64], pl.FP32]]) -> pl.Tensor[[32, 64], pl.FP32]:
        ta: pl.Tile[[32, 64], pl.FP32, pl.Mem.Vec] = pl.tile.load(a, [0, 0], [32, 64], [32, 64], target_memory=pl.Mem.Vec)
        tb: pl.Tile[[32, 64], pl.FP32, pl.Mem.Vec] = pl.tile.load(b, [0, 0], [32, 64], [32, 64], target_memory=pl.Mem.Vec)
        for i, (c,) in pl.range(2, init_values=(ta,)):
            q: pl.Tile[[32, 64], pl.FP32, pl.Mem.Vec] = pl.tile.add(c, tb)
            c2: pl.Tile[[32, 64], pl.FP16, pl.Mem.Vec] = pl.yield_(q)
        r: pl.Tile[[32, 64], pl.FP32, pl.Mem.Vec] = pl.tile.add(c2, tb)
        pl.tile.store(r, [0, 0], o)
        return o

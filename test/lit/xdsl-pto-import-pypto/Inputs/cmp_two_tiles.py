import pypto.language as pl


@pl.program
class CmpTile:
    @pl.function(type=pl.FunctionType.AIV)
    def kernel(a: pl.Tensor[[16, 64], pl.FP32], b: pl.Tensor[[16, 64], pl.FP32], s: pl.Scalar[pl.FP32], o: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        x: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec] = pl.tile.load(a, [0, 0], [16, 64], [16, 64], target_memory=pl.Mem.Vec)
        y: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec] = pl.tile.load(b, [0, 0], [16, 64], [16, 64], target_memory=pl.Mem.Vec)
        m: pl.Tile[[16, 32], pl.UINT8, pl.Mem.Vec] = pl.tile.cmp(x, y, cmp_mode="lt")
        t: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec] = pl.tile.create([16, 64], dtype=pl.FP32, target_memory=pl.Mem.Vec)
        r: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec] = pl.tile.sels(m, x, t, s)
        pl.tile.store(r, [0, 0], o)
        return o

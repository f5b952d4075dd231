import pypto.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.AIV)
    def kernel(a: pl.Tensor[[16, 64], pl.FP32]) -> pl.Tensor[[16, 64], pl.FP32]:
        x: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec] = pl.tile.load(a, [0, 0], [16, 64], target_memory=pl.Mem.Vec)
        t: pl.Tile[[32, 256], pl.UINT8, pl.Mem.Vec] = pl.tile.create([32, 256], dtype=pl.UINT8, target_memory=pl.Mem.Vec)
        d = pl.tile.gather_compare(x, 0.5, t, cmp_mode=4)
        return a

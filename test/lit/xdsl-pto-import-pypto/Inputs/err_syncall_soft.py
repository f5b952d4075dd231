import pypto.language as pl


@pl.program
class M:
    @pl.function(type=pl.FunctionType.AIV)
    def kernel(a: pl.Tensor[[32, 64], pl.FP32], o: pl.Out[pl.Tensor[[32, 64], pl.FP32]], ws: pl.Tensor[[16], pl.INT32]) -> pl.Tensor[[32, 64], pl.FP32]:
        ta: pl.Tile[[32, 64], pl.FP32, pl.Mem.Vec] = pl.tile.load(a, [0, 0], [32, 64], [32, 64], target_memory=pl.Mem.Vec)
        pl.system.syncall(core_type="mix", mode="soft", gm_workspace=ws)
        o_1: pl.Tensor[[32, 64], pl.FP32] = pl.tile.store(ta, [0, 0], o)
        return o_1

import pypto.language as pl


@pl.program
class M:
    @pl.function(type=pl.FunctionType.AIV)
    def kernel(a: pl.Tensor[[32, 64], pl.FP32], o: pl.InOut[pl.Tensor[[32, 64], pl.FP32]]) -> pl.Tensor[[32, 64], pl.FP32]:
        ta: pl.Tile[[32, 64], pl.FP32, pl.Mem.Vec] = pl.tile.load(a, [0, 0], [32, 64], [32, 64], target_memory=pl.Mem.Vec)
        o_1: pl.Tensor[[32, 64], pl.FP32] = pl.tile.store(ta, [0, 0], o, atomic=pl.AtomicType.Max)
        return o_1

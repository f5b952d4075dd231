import pypto.language as pl


@pl.program
class M:
    @pl.function(type=pl.FunctionType.AIV)
    def kernel(t: pl.Tensor[[16, 64], pl.FP32]):
        pl.system.cacheinvalid(t, [1, 128], [0, 0])
